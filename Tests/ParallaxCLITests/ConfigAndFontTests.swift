import Foundation
import ParallaxTestSupport
import Testing
import ParallaxFrame

@Suite(.childProcesses) struct ConfigAndFontTests {
    @Test func aBadConfigGivesOneLineAndExitTwo() throws {
        let config = writeTemporary(#"{"version": 1, "pager": {"headerSpeed": "fast"}}"#, name: "config.json")
        for command in [["capture", "--out", temporaryFolder()], ["run", "--frames", "1"]] {
            let outcome = try parallax(command + ["--config", config])
            #expect(outcome.status == 2)
            #expect(outcome.errorLines == ["parallax: \(config): pager.headerSpeed: must be a number, found a string"])
        }
    }

    @Test func aFolderWithoutPhotosGivesOneLineAndExitTwoOnEveryCommand() throws {
        let empty = try newScratchFolder("photos").path
        _ = FileManager.default.createFile(atPath: empty + "/notes.txt", contents: Data("no photos".utf8))
        let config = writeTemporary(#"{"version": 1, "photos": "/nonexistent/photos"}"#, name: "photos.json")
        let cases: [([String], String)] = [
            (["capture", "--out", temporaryFolder(), "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["run", "--frames", "1", "--photos", "/nonexistent/photos"], "parallax: /nonexistent/photos: no such folder"),
            (["bench", "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["verify", "--script", packageRoot.path + "/Tests/VisualRegression/Scripts/feed.json",
              "--goldens", packageRoot.path + "/Tests/VisualRegression/Goldens", "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["capture", "--out", temporaryFolder(), "--config", config], "parallax: /nonexistent/photos: no such folder"),
        ]
        for (command, line) in cases {
            let outcome = try parallax(command)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.errorLines == [line], "\(command)")
        }
    }

    @Test func aGoodConfigChangesWhatIsDrawn() throws {
        let config = writeTemporary(#"{"version": 1, "feed": {"maxShift": 0}}"#, name: "flat.json")
        let out = scratchURL("cfg").path
        let plain = try parallax(["capture", "--at", "0", "--size", "640x400", "--name", "plain", "--out", out])
        let flat = try parallax(["capture", "--at", "0", "--size", "640x400", "--name", "flat", "--config", config, "--out", out])
        #expect(plain.status == 0 && flat.status == 0)
        let plainImage = try PixelImage.load(path: out + "/plain-0000.000.png")
        let flatImage = try PixelImage.load(path: out + "/flat-0000.000.png")
        #expect(plainImage.width == 640 && plainImage.height == 400 && flatImage.width == 640 && flatImage.height == 400)
        // M = 0 draws the first photo unshifted in its container (at 640 px: 592 px wide from x = 24,
        // 266.4 px tall from y = 116), and changes nothing else.
        let photo = (x: 24..<616, y: 116..<383)
        var changedInPhoto = 0, changedElsewhere = 0
        for y in 0..<400 {
            for x in 0..<640 where plainImage[x, y] != flatImage[x, y] {
                if photo.x.contains(x) && photo.y.contains(y) { changedInPhoto += 1 } else { changedElsewhere += 1 }
            }
        }
        #expect(changedElsewhere == 0)
        #expect(changedInPhoto > photo.x.count * photo.y.count / 2, "\(changedInPhoto) of the photo's pixels changed")
    }

    @Test func aMissingFontIsNamedAtStart() throws {
        let folder = scratchURL("nofont").path
        try FileManager.default.createDirectory(atPath: folder + "/Images", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Fonts", withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["PARALLAX_RESOURCES"] = folder
        let outcome = try parallax(["capture", "--out", temporaryFolder()], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first == "parallax: resources not found (a folder with Images/ and Fonts/); searched: \(folder) (no Fonts/DejaVuSans.ttf). Set PARALLAX_RESOURCES to the Resources folder.")
    }
}
