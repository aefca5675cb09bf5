import Foundation
import ParallaxTestSupport
import Testing

/// The shared thumbnail cache end to end (docs/photo-folders.md, "The shared thumbnail cache"): a
/// capture of a folder's photos leaves their thumbnails in `$XDG_CACHE_HOME/thumbnails` by the time
/// it exits; `--no-thumbnail-cache` and `"thumbnailCache": false` leave none.
@Suite(.childProcesses) struct ThumbnailCacheCommandTests {
    /// A folder of four bundled photos and an empty cache home; both removed by `cleanUp`.
    private func photoFolder() throws -> (folder: String, cache: String, environment: [String: String]) {
        let folder = try newScratchFolder("thumbnail-photos").path
        let images = packageRoot.path + "/Resources/Images/"
        let photos = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".jpg") }.sorted().prefix(4)
        for name in photos { try FileManager.default.copyItem(atPath: images + name, toPath: folder + "/" + name) }
        var environment = withoutUserConfig(ProcessInfo.processInfo.environment)
        environment["XDG_CACHE_HOME"] = folder + "-cache"
        return (folder, folder + "-cache", environment)
    }

    private func cleanUp(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "-cache")
        try? FileManager.default.removeItem(atPath: folder + "-out")
        try? FileManager.default.removeItem(atPath: folder + "-out.json")
    }

    /// The PNGs under the cache's size folders.
    private func thumbnails(_ cache: String) -> [String] {
        ["normal", "large", "x-large", "xx-large"].flatMap { (size: String) -> [String] in
            let files: [String] = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails/" + size)) ?? []
            return files.map { (file: String) -> String in size + "/" + file }
        }
    }

    @Test func aCaptureLeavesTheThumbnailsOfWhatItDecodedBeforeItExits() throws {
        let (folder, cache, environment) = try photoFolder()
        defer { cleanUp(folder) }
        let outcome = try parallax(["capture", "--scene", "feed", "--photos", folder, "--size", "640x400", "--out", folder + "-out"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let written = thumbnails(cache)
        #expect(!written.isEmpty, "no thumbnails in \(cache)/thumbnails")
        #expect(written.allSatisfy { $0.hasSuffix(".png") && !($0 as NSString).lastPathComponent.hasPrefix(".") }, "\(written)")
        // A second capture reads them: none is written again, and the frame is drawn all the same.
        // (It may add the thumbnail of a photo the first had not decoded by its exit: which ones
        // the prefetch reaches before then depends on the machine's load.)
        func modified(_ name: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: cache + "/thumbnails/" + name))?[.modificationDate] as? Date
        }
        let firstWritten = written.map(modified)
        let again = try parallax(["capture", "--scene", "feed", "--photos", folder, "--size", "640x400", "--out", folder + "-out"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Set(written).isSubset(of: thumbnails(cache)))
        #expect(written.map(modified) == firstWritten, "a thumbnail the first capture wrote was written again")
    }

    @Test(arguments: [true, false])
    func theFlagOrTheConfigTurnsTheSharedCacheOff(byFlag: Bool) throws {
        let (folder, cache, environment) = try photoFolder()
        defer { cleanUp(folder) }
        var arguments = ["capture", "--scene", "feed", "--photos", folder, "--size", "640x400", "--out", folder + "-out"]
        if byFlag {
            arguments.append("--no-thumbnail-cache")
        } else {
            let config = folder + "-out.json"
            _ = FileManager.default.createFile(atPath: config, contents: Data(#"{"version": 1, "thumbnailCache": false}"#.utf8))
            arguments += ["--config", config]
        }
        let outcome = try parallax(arguments, environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cache + "/thumbnails"))
    }
}
