import Foundation
import ParallaxTestSupport
import Testing
import ParallaxFrame

/// `capture --video FILE` (docs/visual-regression.md, "Videos").
@Suite(.childProcesses) struct CaptureVideoTests {
    /// A drag and a fling in a small feed whose timeline ends at 3 s (its capture).
    let script = writeTemporary("""
        {"version": 1, "scene": "feed", "size": {"width": 320, "height": 200},
         "events": [{"t": 0.2, "type": "mouseDown", "x": 160, "y": 190}, {"t": 0.2167, "type": "mouseMove", "x": 160, "y": 170},
                    {"t": 0.2333, "type": "mouseMove", "x": 160, "y": 150}, {"t": 0.25, "type": "mouseMove", "x": 160, "y": 130},
                    {"t": 0.2667, "type": "mouseMove", "x": 160, "y": 110}, {"t": 0.2833, "type": "mouseMove", "x": 160, "y": 90},
                    {"t": 0.3, "type": "mouseUp", "x": 160, "y": 90}],
         "captures": [3.0]}
        """, name: "three-seconds.json")

    func folder() -> String {
        temporaryFolder("video")
    }

    func ffprobe(_ file: String) throws -> (frames: Int, rate: String, size: String) {
        let probe = try run(try #require(which("ffprobe")), ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                             "-show_entries", "stream=nb_read_frames,r_frame_rate,width,height", "-of", "csv=p=0", file])
        let fields = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        try #require(fields.count == 4, "\(probe.stdout)\(probe.stderr)")
        return (Int(fields[3]) ?? -1, fields[2], "\(fields[0])x\(fields[1])")
    }

    /// The decoded frames' checksums, ffmpeg's framemd5 lines without its header.
    func frameChecksums(_ file: String) throws -> [String] {
        let md5 = try run(try #require(which("ffmpeg")), ["-v", "error", "-i", file, "-f", "framemd5", "-"])
        #expect(md5.status == 0, "\(md5.stderr)")
        return md5.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test(arguments: [("mp4", 180, "60/1"), ("gif", 150, "50/1")])
    func everyFrameOfAThreeSecondScriptTheSameOnEveryRun(format: String, frames: Int, rate: String) throws {
        guard which("ffmpeg") != nil, which("ffprobe") != nil else {
            try Test.cancel("ffmpeg is not installed (scripts/install-deps --tests installs it)")
        }
        let out = folder()
        for run in ["first", "second"] {
            let outcome = try parallax(["capture", "--script", script, "--video", "\(out)/\(run).\(format)"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == "\(out)/\(run).\(format)\n")
        }
        let probe = try ffprobe("\(out)/first.\(format)")
        #expect(probe.frames == frames && probe.rate == rate && probe.size == "320x200", "\(probe)")
        let first = try frameChecksums("\(out)/first.\(format)")
        #expect(first.count == frames)
        #expect(try frameChecksums("\(out)/second.\(format)") == first)
        // And they move: the drag and the fling change the picture from frame to frame (counted where
        // the decoded frames are the encoded ones: a GIF's palette is exact, H.264 is not).
        if format == "gif" { #expect(Set(first.map { $0.split(separator: ",").last! }).count > frames / 3) }
    }

    @Test func theVideosFramesAreTheCapturesPixels() throws {
        guard which("ffmpeg") != nil else { try Test.cancel("ffmpeg is not installed (scripts/install-deps --tests installs it)") }
        let out = folder()
        // APNG is lossless: its frame at 0.5 s (frame 30) is the PNG capture at 0.5 s, pixel for pixel.
        // The video to 0.6 s, as APNG is slow to encode.
        #expect(try parallax(["capture", "--script", script, "--at", "0.6", "--video", out + "/clip.apng"]).status == 0)
        #expect(try parallax(["capture", "--script", script, "--at", "0.5", "--out", out]).status == 0)
        let extract = try run(try #require(which("ffmpeg")), ["-v", "error", "-i", out + "/clip.apng", "-vf", "select=eq(n\\,30)", "-frames:v", "1",
                                                              out + "/frame30.png"])
        #expect(extract.status == 0, "\(extract.stderr)")
        let frame = try PixelImage.load(path: out + "/frame30.png")
        #expect(frame == (try PixelImage.load(path: out + "/three-seconds-0000.500.png")))
    }

    @Test func withoutFfmpegItIsOneLine() throws {
        var environment = withoutUserConfig(ProcessInfo.processInfo.environment)
        environment["PATH"] = "/nonexistent"
        let out = folder()
        let outcome = try parallax(["capture", "--script", script, "--video", out + "/clip.mp4"], environment: environment)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["parallax: capture --video needs ffmpeg, which is not on the PATH (Debian: apt-get install ffmpeg, or scripts/install-deps --tests)"])
        #expect(!FileManager.default.fileExists(atPath: out + "/clip.mp4"))
    }

    @Test(arguments: [
        (["--video", "clip.avi"], "Error: --video clip.avi: the extension chooses the format: .webm, .mp4, .apng, .gif"),
        ([], "Error: give --out DIR for PNGs or --video FILE for a video"),
        (["--video", "clip.gif", "--out", "frames"], "Error: --out writes PNGs and --video a video: give one of them"),
    ])
    func badVideoArgumentsAreUsageErrors(arguments: [String], line: String) throws {
        let outcome = try parallax(["capture", "--script", script] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errorLines.first == line, "\(outcome.stderr)")
    }
}
