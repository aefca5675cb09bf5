import ArgumentParser
import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxSDL

struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Render frames headless on a virtual \(Int(FrameClock.standardRate)) Hz clock and write them as PNG, or every frame as a video.")

    @OptionGroup var options: SceneOptions

    @Option(help: "Capture times in seconds, comma-separated (default: the script's, else 0).", transform: parseTimes)
    var at: [Double]?

    @Option(help: "Folder for the PNGs (created if missing).")
    var out: String?

    @Option(help: ArgumentHelp("Write every frame of the timeline (to the last capture time or scripted event) as a video instead, chosen by the extension: .webm, .mp4 or .apng at 60 fps, .gif at 50 fps. Needs ffmpeg.",
                               valueName: "file"))
    var video: String?

    func validate() throws {
        switch (out, video) {
        case (nil, nil): throw ValidationError("give --out DIR for PNGs or --video FILE for a video")
        case (_?, _?): throw ValidationError("--out writes PNGs and --video a video: give one of them")
        case let (nil, video?) where VideoWriter.Format(path: video) == nil:
            throw ValidationError("--video \(video): the extension chooses the format: .\(VideoWriter.Format.allCases.map(\.rawValue).joined(separator: ", ."))")
        default: break
        }
    }

    @Flag(help: "Draw the frame-time panel on the captures (its numbers are measured, so pixels vary between runs).")
    var overlay = false

    @Option(help: "File name prefix (default: the script's file name, else the scene's name).")
    var name: String?

    @Flag(help: "Capture through a real window and its renderer (OpenGL where there is one), read back from it; needs a display.")
    var window = false

    func run() throws {
        try reportingFailures {
            let script = try options.loadScript()
            let scene = options.sceneName(script: script)
            let times = at ?? script.map(\.captures).flatMap { $0.isEmpty ? nil : $0 } ?? [0]
            let base = name ?? options.script.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? scene
            var sceneOptions = try options.sceneOptions(script: script, config: options.configFile(readsUserConfig: false)).options
            sceneOptions.clockAtStart = script?.clock ?? .scriptDefault
            let (canvas, driver) = try openScene(scene, viewport: options.viewport(script: script), options: sceneOptions,
                                                 mode: window ? .window : .headless, completeFrames: true,
                                                 logger: options.makeLogger(), script: script)
            let panel = overlay || script?.overlay == true ? FrameTimeOverlay(text: canvas.environment.text) : nil
            let trace = try options.traceWriter(live: false)
            if let video, let format = VideoWriter.Format(path: video) {
                let writer = VideoWriter(path: video, format: format)
                do {
                    _ = try VideoWriter.ffmpeg()
                    let end = max(times.max() ?? 0, driver.scriptDuration)
                    try Capture.everyFrame(target: canvas, driver: driver, until: end, rate: format.rate, overlay: panel, onFrame: trace?.write) { _, pixels in
                        try writer.write(pixels)
                    }
                    try writer.close()
                } catch let failure as VideoWriter.Failure {
                    throw CommandFailure(message: failure.message, code: 1)
                }
                print(video)
                return
            }
            let written = try Capture.run(target: canvas, driver: driver, captures: times, outputFolder: out ?? ".", baseName: base,
                                          overlay: panel, onFrame: trace?.write)
            for path in written { print(path) }
        }
    }
}

/// `0,0.5,1.25`: finite times of at least 0.
func parseTimes(_ text: String) throws -> [Double] {
    try text.split(separator: ",").map { part in
        guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
            throw ValidationError("'\(part)' is not a time in seconds (a finite number of at least 0)")
        }
        return t
    }
}
