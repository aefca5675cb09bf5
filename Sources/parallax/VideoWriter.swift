import Foundation
import ParallaxFrame

/// `capture --video FILE`: ffmpeg, started as a child process, fed the frames as raw RGB over its
/// standard input and encoding them by the file's extension. The frames come from the virtual clock,
/// so two runs give the same frames (`ffmpeg -f framemd5`); the encoders run bit-exact.
final class VideoWriter {
    enum Format: String, CaseIterable {
        case webm, mp4, apng, gif

        init?(path: String) {
            self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
        }

        /// GIF counts delays in hundredths of a second: 50 fps is exact there, 60 is not.
        var rate: Double { self == .gif ? 50 : 60 }

        var encoding: [String] {
            switch self {
            case .webm: ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-f", "webm"]
            // yuv420p needs even sides.
            case .mp4: ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium",
                        "-movflags", "+faststart", "-f", "mp4"]
            case .apng: ["-c:v", "apng", "-pred", "mixed", "-plays", "0", "-f", "apng"]
            // One palette for the whole clip, from every frame's colours; an ordered dither and only
            // the rectangle that changed a frame keep a clip of photos a fraction of the size.
            case .gif: ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle",
                        "-loop", "0", "-f", "gif"]
            }
        }
    }

    struct Failure: Error {
        let message: String
    }

    let path: String
    let format: Format
    private var process: Process?
    private var input: FileHandle?
    private var size: (width: Int, height: Int)?
    private let log = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-ffmpeg-\(UUID().uuidString).log")

    init(path: String, format: Format) {
        self.path = path
        self.format = format
    }

    deinit { try? FileManager.default.removeItem(at: log) }

    /// ffmpeg on the PATH, or the one clear error saying how to get it.
    static func ffmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(message: "capture --video needs ffmpeg, which is not on the PATH (Debian: apt-get install ffmpeg, or scripts/install-deps --tests)")
    }

    /// Sends one frame; the first starts ffmpeg at its size. Every frame must have that size.
    func write(_ frame: PixelImage) throws {
        if process == nil { try start(width: frame.width, height: frame.height) }
        guard let size, size == (frame.width, frame.height), let input else {
            throw Failure(message: "\(path): a frame of \(frame.width)x\(frame.height) in a video of \(size.map { "\($0.width)x\($0.height)" } ?? "?")")
        }
        do {
            try input.write(contentsOf: frame.bytes.withUnsafeBufferPointer { Data(buffer: $0) })
        } catch {
            throw Failure(message: "\(path): ffmpeg stopped taking frames: \(finish() ?? "it ended")")
        }
    }

    /// Ends the stream and waits for ffmpeg to write the file.
    func close() throws {
        if let problem = finish() { throw Failure(message: "\(path): ffmpeg could not write the video: \(problem)") }
    }

    private func start(width: Int, height: Int) throws {
        let executable = try Self.ffmpeg()
        // A write to a pipe ffmpeg has closed fails, rather than ending this process.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)", "-framerate", String(Int(format.rate)), "-i", "pipe:0",
                             "-fflags", "+bitexact", "-flags:v", "+bitexact"] + format.encoding + [path]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        do {
            try process.run()
        } catch {
            throw Failure(message: "\(executable): cannot start ffmpeg: \(error.localizedDescription)")
        }
        self.process = process
        input = pipe.fileHandleForWriting
        size = (width, height)
    }

    /// Closes ffmpeg's input, waits for it and returns what went wrong: its last line of errors; nil
    /// when it wrote the file.
    private func finish() -> String? {
        guard let process else { return "no frames" }
        try? input?.close()
        input = nil
        process.waitUntilExit()
        self.process = nil
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let last = errors.split(separator: "\n").last.map(String.init)
        if process.terminationStatus == 0 && process.terminationReason == .exit { return nil }
        return last ?? "exit status \(process.terminationStatus)"
    }
}
