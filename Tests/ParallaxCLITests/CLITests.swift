import Foundation
import ParallaxVisualRegression
import ParallaxSDL
import Testing
import ParallaxFrame

/// The built `parallax`, beside the test bundle in SwiftPM's build folder.
let parallaxBinary: String = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent().appendingPathComponent("parallax").path
}()

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct Outcome {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Standard error without the noise of libraries that print on their own.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("libpng warning") } }
}

/// Runs a command with a time limit (a hung command is killed and fails the test), `input` on its
/// standard input.
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil,
         timeout: TimeInterval = 120) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
        process.terminate()
        Issue.record("\(executable) \(arguments) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus,
                   stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                   stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
}

func parallax(_ arguments: [String], environment: [String: String]? = nil) throws -> Outcome {
    try run(parallaxBinary, arguments, environment: environment)
}

func which(_ tool: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func writeTemporary(_ text: String, name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-cli-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// The environment without any display, as on a server.
var environmentWithoutDisplay: [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env["WAYLAND_DISPLAY"] = nil
    env["SDL_VIDEODRIVER"] = nil
    return env
}

@Suite struct WindowTests {
    @Test func runsThirtyFramesUnderXvfbAndExitsCleanly() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let stats = writeTemporary("", name: "stats.json")
        let outcome = try parallax(["run", "--frames", "30", "--stats", stats], environment: server.environment)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let summary = (try? Data(contentsOf: URL(fileURLWithPath: stats))).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        // 30 frames presented; each frame's sample holds its interval since the one before, so the
        // stats sample the 29 frames after the first, whose own time is firstFrameMs.
        #expect(summary?["frames"] as? Double == 29, "\(String(describing: summary))")
        #expect((summary?["firstFrameMs"] as? Double).map { $0 > 0 } == true, "\(String(describing: summary))")
    }

    @Test func withoutADisplayItSaysSoAndPointsAtCapture() throws {
        let outcome = try parallax(["run", "--frames", "1"], environment: environmentWithoutDisplay)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.contains("no display available") == true)
        #expect(outcome.errorLines.first?.contains("parallax capture") == true)
    }
}

@Suite struct ArgumentAndFileErrorTests {
    @Test func anUnknownSceneListsTheScenes() throws {
        let outcome = try parallax(["capture", "--scene", "nope", "--out", "/tmp/x"])
        #expect(outcome.status == 64)
        #expect(outcome.errorLines.first == "Error: The value 'nope' is invalid for '--scene <scene>'. Please provide one of 'feed', 'header' or 'pager'.")
    }

    @Test func resourcesNotFoundNamesThePlacesSearched() throws {
        var env = ProcessInfo.processInfo.environment
        env["PARALLAX_RESOURCES"] = "/nonexistent/resources"
        let outcome = try parallax(["capture", "--out", NSTemporaryDirectory()], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["parallax: resources not found (a folder with Images/ and Fonts/); searched: /nonexistent/resources. Set PARALLAX_RESOURCES to the Resources folder."])
    }

    @Test(arguments: [
        ("{\"version\": 1, \"events\": [", "not valid JSON"),
        (#"{"version": 7, "events": []}"#, "version: unknown version 7, this parallax reads version 1"),
        (#"{"version": 1, "events": [{"t": 0, "type": "swipe"}]}"#, "events[0].type: unknown event type 'swipe'"),
        (#"{"version": 1, "events": [{"t": 0, "type": "key", "key": "Nope"}]}"#, "events[0].key: unknown key 'Nope'"),
        (#"{"version": 1, "events": [{"t": -0.5, "type": "wheel", "dy": 1}]}"#, "events[0].t: must be at least 0, found -0.5"),
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 1e999}]}"#, ""),
        (#"{"version": 1, "events": [{"t": 0, "type": "mouseMove", "x": -1e999, "y": 0}]}"#, ""),
        (#"{"version": 1, "events": [], "captures": [-1]}"#, "captures[0]: must be a finite time of at least 0"),
    ])
    func aBadScriptGivesOneLineNamingFileFieldAndProblemAndExitTwo(script: String, problem: String) throws {
        let path = writeTemporary(script, name: "bad.json")
        for command in [["capture", "--out", NSTemporaryDirectory()], ["run", "--frames", "1"]] {
            let outcome = try parallax(command + ["--script", path])
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
            #expect(outcome.errorLines.first?.hasPrefix("parallax: \(path): \(problem)") == true, "\(outcome.stderr)")
        }
    }

    @Test func aMissingScriptIsNamed() throws {
        let outcome = try parallax(["capture", "--script", "/nonexistent/s.json", "--out", NSTemporaryDirectory()])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["parallax: /nonexistent/s.json: cannot read the file"])
    }
}

@Suite struct CaptureCommandTests {
    @Test func capturesTheScriptsTimesNamedAfterTheScript() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-cap-\(UUID().uuidString)").path
        let script = packageRoot.appendingPathComponent("Resources/Scripts/feed-tour.json").path
        let outcome = try parallax(["capture", "--script", script, "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = ["0000.000", "0000.300", "0001.500", "0004.000"].map { "\(out)/feed-tour-\($0).png" }
        #expect(outcome.stdout.split(separator: "\n").map(String.init) == expected)
        for path in expected { #expect(FileManager.default.fileExists(atPath: path)) }
    }

    @Test func flagsOverrideTheScript() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-cap-\(UUID().uuidString)").path
        let script = packageRoot.appendingPathComponent("Resources/Scripts/feed-tour.json").path
        let outcome = try parallax(["capture", "--script", script, "--at", "0.5", "--size", "320x200", "--name", "small", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "\(out)/small-0000.500.png\n")
        let image = try PixelImage.load(path: "\(out)/small-0000.500.png")
        #expect(image.width == 320 && image.height == 200, "\(image.width)x\(image.height)")
    }
}

@Suite struct VerifyCommandTests {
    let scripts = packageRoot.appendingPathComponent("Tests/VisualRegression/Scripts").path
    let goldens = packageRoot.appendingPathComponent("Tests/VisualRegression/Goldens").path

    func temporaryGoldens(copying names: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-goldens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: goldens + "/" + name, toPath: folder + "/" + name) }
        return folder
    }

    @Test func matchingGoldensExitZeroWithATable() throws {
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", goldens, "--record", "never"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("script") == true)
        #expect(lines.count == 3)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("reduced-motion.json") && $0.hasSuffix("match") })
    }

    @Test func aMismatchExitsOneAndWritesTheDiffs() throws {
        // The pager's golden at 0.9 s put where reduced-motion's should be: same size, other pixels.
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        try FileManager.default.copyItem(atPath: goldens + "/pager-0000.000.png", toPath: folder + "/reduced-motion-0000.900.png")
        let diffs = folder + "/diffs"
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder, "--diffs", diffs, "--record", "never"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("MISMATCH"))
        for suffix in ["diff", "actual", "side-by-side"] {
            #expect(FileManager.default.fileExists(atPath: "\(diffs)/reduced-motion-0000.900.\(suffix).png"))
        }
    }

    @Test func aMissingGoldenUnderNeverExitsOneSayingSo() throws {
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"  // never is the default in CI
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("MISSING golden \(folder)/reduced-motion-0000.900.png (run with --record missing to write it)"))
    }

    @Test func aGoldenOfAnotherSizeSaysBothSizes() throws {
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        let small = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-small-\(UUID().uuidString)").path
        _ = try parallax(["capture", "--scene", "feed", "--size", "320x200", "--at", "0", "--out", small])
        try FileManager.default.copyItem(atPath: small + "/feed-0000.000.png", toPath: folder + "/reduced-motion-0000.900.png")
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder, "--diffs", folder + "/d", "--record", "never"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("SIZE: capture is 800x500, golden 320x200"))
    }

    @Test func aBadScriptOrGoldensFolderExitsTwo() throws {
        let bad = writeTemporary(#"{"version": 1, "events": [{"t": 0, "type": "nope"}]}"#, name: "bad.json")
        let outcome = try parallax(["verify", "--script", bad, "--goldens", goldens])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.first?.hasPrefix("parallax: \(bad): events[0].type: unknown event type 'nope'") == true)
        let noFolder = try parallax(["verify", "--script", scripts + "/feed.json", "--goldens", "/nonexistent/goldens", "--record", "never"])
        #expect(noFolder.status == 2)
        #expect(noFolder.errorLines == ["parallax: /nonexistent/goldens: no such goldens folder"])
    }
}

@Suite struct ConfigAndFontTests {
    @Test func aBadConfigGivesOneLineAndExitTwo() throws {
        let config = writeTemporary(#"{"version": 1, "pager": {"headerSpeed": "fast"}}"#, name: "config.json")
        for command in [["capture", "--out", NSTemporaryDirectory()], ["run", "--frames", "1"]] {
            let outcome = try parallax(command + ["--config", config])
            #expect(outcome.status == 2)
            #expect(outcome.errorLines == ["parallax: \(config): pager.headerSpeed: must be a number, found a string"])
        }
    }

    @Test func aFolderWithoutPhotosGivesOneLineAndExitTwoOnEveryCommand() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: empty + "/notes.txt", contents: Data("no photos".utf8))
        let config = writeTemporary(#"{"version": 1, "photos": "/nonexistent/photos"}"#, name: "photos.json")
        let cases: [([String], String)] = [
            (["capture", "--out", NSTemporaryDirectory(), "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["run", "--frames", "1", "--photos", "/nonexistent/photos"], "parallax: /nonexistent/photos: no such folder"),
            (["bench", "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["verify", "--script", packageRoot.path + "/Tests/VisualRegression/Scripts/feed.json",
              "--goldens", packageRoot.path + "/Tests/VisualRegression/Goldens", "--photos", empty], "parallax: \(empty): no JPEG or PNG files in it"),
            (["capture", "--out", NSTemporaryDirectory(), "--config", config], "parallax: /nonexistent/photos: no such folder"),
        ]
        for (command, line) in cases {
            let outcome = try parallax(command)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.errorLines == [line], "\(command)")
        }
    }

    @Test func aGoodConfigChangesWhatIsDrawn() throws {
        let config = writeTemporary(#"{"version": 1, "feed": {"maxShift": 0}}"#, name: "flat.json")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-cfg-\(UUID().uuidString)").path
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-nofont-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Images", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Fonts", withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["PARALLAX_RESOURCES"] = folder
        let outcome = try parallax(["capture", "--out", NSTemporaryDirectory()], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.hasPrefix("parallax: font \(folder)/Fonts/DejaVuSans.ttf cannot be opened") == true)
    }
}
