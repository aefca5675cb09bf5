import Foundation
import ParallaxTestSupport
import Testing

/// `parallax bench --photos` end to end, headless, on a small folder (docs/photo-folders.md,
/// "Benchmark"): what it reports, not how fast (speed goals live in the benchmark itself).
@Suite(.childProcesses) struct PhotoBenchCommandTests {
    @Test func itFlingsDownAndBackAndReportsDecodesBesideDjpeg() throws {
        let folder = scratchURL("bench-photos").path
        let cache = folder + "-cache"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let images = packageRoot.path + "/Resources/Images/"
        let photos = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".jpg") }.sorted().prefix(8)
        for name in photos { try FileManager.default.copyItem(atPath: images + name, toPath: folder + "/" + name) }
        var environment = withoutUserConfig(ProcessInfo.processInfo.environment)
        environment["XDG_CACHE_HOME"] = cache
        // A benchmark's length follows the machine's load: 94 s beside two busy loops, where its
        // decodes run at nice 19.
        let outcome = try parallax(["bench", "--photos", folder, "--fling", "8000", "--size", "640x400", "--json"], environment: environment,
                                   timeout: 600)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let photoCount: Double = Double(photos.count)
        #expect(report["photos"] as? Double == photoCount)
        #expect(report["completed"] as? Bool == true, "down to the end and back to the top")
        #expect(report["frameLimit"] as? Double == 36_000, "without --frames: ten minutes at 60 Hz")
        #expect((report["flings"] as? Double ?? 0) >= 2)
        #expect((report["cardsEntered"] as? Double ?? 0) >= Double(photos.count - 2), "every card but those on screen at the start came into view")
        let decode = try #require(report["decodeMs"] as? [String: Double])
        #expect(decode["p50"]! > 0 && decode["p50"]! <= decode["max"]!)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/djpeg") {
            // Less djpeg's start on an 8x8 JPEG: what is left is its decode, more than nothing.
            let anchor = try #require(report["djpegQuarterMs"] as? [String: Double])
            #expect(anchor["p50"]! > 0)
            let ratio = try #require(report["decodeToAnchor"] as? Double)
            #expect(abs(ratio - decode["p50"]! / anchor["p50"]!) < 1e-9)
        } else {
            #expect(report["djpegQuarterMs"] is NSNull)
        }
        #expect((report["peakResidentMB"] as? Double ?? 0) > 0)
        // The first run on an empty cache is cold and leaves thumbnails; the second finds them.
        #expect(report["cache"] as? String == "cold")
        #expect((report["thumbnailsWritten"] as? Double ?? 0) >= 1)
        let shares = ["quickAtEntry", "fullAtEntry", "placeholderAtEntry"].compactMap { report[$0] as? Double }
        #expect(shares.count == 3 && shares.allSatisfy { (0...1).contains($0) } && abs(shares.reduce(0, +) - 1) < 1e-9, "\(shares)")
        #expect((report["firstPhotoFrameMs"] as? Double ?? 0) > 0)
        // An explicit --frames is the cap, 600 too (once the default's sentinel, which ran 36,000).
        let warm = try parallax(["bench", "--photos", folder, "--fling", "8000", "--size", "640x400", "--frames", "600", "--json"],
                                environment: environment, timeout: 600)
        #expect(warm.status == 0, "\(warm.stderr)")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(warm.stdout.utf8)) as? [String: Any])
        #expect(second["frameLimit"] as? Double == 600)
        #expect((second["frames"] as? Double ?? .infinity) <= 600)
        #expect(second["cache"] as? String == "warm")
        #expect((0...1).contains(second["fromThumbnailCache"] as? Double ?? -1))
    }
}
