import Foundation
import ParallaxTestSupport
import Testing
import ParallaxFrame

@Suite(.childProcesses) struct CaptureCommandTests {
    @Test func capturesTheScriptsTimesNamedAfterTheScript() throws {
        let out = scratchURL("cap").path
        let script = packageRoot.appendingPathComponent("Resources/Scripts/feed-tour.json").path
        let outcome = try parallax(["capture", "--script", script, "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = ["0000.000", "0000.300", "0001.500", "0004.000"].map { "\(out)/feed-tour-\($0).png" }
        let printed: [String] = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(printed == expected)
        for path in expected { #expect(FileManager.default.fileExists(atPath: path)) }
    }

    @Test func flagsOverrideTheScript() throws {
        let out = scratchURL("cap").path
        let script = packageRoot.appendingPathComponent("Resources/Scripts/feed-tour.json").path
        let outcome = try parallax(["capture", "--script", script, "--at", "0.5", "--size", "320x200", "--name", "small", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "\(out)/small-0000.500.png\n")
        let image = try PixelImage.load(path: "\(out)/small-0000.500.png")
        #expect(image.width == 320 && image.height == 200, "\(image.width)x\(image.height)")
    }
}
