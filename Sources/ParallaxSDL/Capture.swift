import Foundation
import ParallaxEngine
import ParallaxFrame

/// Replays a scene on a virtual clock stepping exactly one frame interval at a time and writes a PNG
/// for each capture time: the first frame at or after it. No wall clock is read, so the same script
/// gives the same pixels on every run, at any machine speed.
public enum Capture {
    /// The frame that shows capture time `t`.
    public static func frameIndex(for t: Double) -> Int {
        Int((t * FrameClock.standardRate - 1e-6).rounded(.up))
    }

    /// `NAME-0001.500.png`: fixed-width times sort by name in time order.
    public static func fileName(base: String, time: Double) -> String {
        base + "-" + String(format: "%08.3f", time) + ".png"
    }

    /// Runs until the last capture time (and the last scripted event); returns the paths written.
    public static func run(canvas: any RenderTarget, driver: SceneDriver, captures: [Double], outputFolder: String, baseName: String,
                           overlay: FrameOverlay? = nil, onFrame: Run.FrameObserver? = nil) throws -> [String] {
        var written: [String] = []
        try frames(canvas: canvas, driver: driver, captures: captures, overlay: overlay, onFrame: onFrame) { time, pixels in
            let path = outputFolder + "/" + fileName(base: baseName, time: time)
            try pixels.savePNG(path: path)
            written.append(path)
        }
        return written
    }

    /// Runs until the last capture time (and the last scripted event), handing over the pixels of
    /// each capture time in order. `overlay`, if given, is drawn on the captures with the frames'
    /// measured work; intervals are the virtual clock's, so it shows 60 fps.
    public static func frames(canvas: any RenderTarget, driver: SceneDriver, captures: [Double], overlay: FrameOverlay? = nil,
                              onFrame: Run.FrameObserver? = nil,
                              onCapture: (_ time: Double, _ pixels: PixelImage) throws -> Void) throws {
        let times = Array(Set(captures)).sorted()
        let byFrame = Dictionary(grouping: times, by: frameIndex)
        let lastFrame = max(frameIndex(for: times.last ?? 0), frameIndex(for: driver.scriptDuration))
        let step = FrameStep(driver: driver, target: canvas, clock: Stopwatch(), overlay: overlay)
        let clock = FrameClock()
        for frame in 0...lastFrame {
            let t = clock.time(ofFrame: frame)
            let due = byFrame[frame]
            // Only the captured frames are drawn; the others still build their lists, as a seen frame would.
            var phases = step.run(at: t, draws: due != nil)
            // No present: the capture's frames have no wall-clock time (docs/file-formats.md, "Trace").
            onFrame?(frame, t, nil, nil, driver.scene)
            if let due {
                var pixels = PixelImage(width: 0, height: 0)
                phases.handOff = try step.timeHandOff { pixels = try canvas.readPixels() }
                for captureTime in due { try onCapture(captureTime, pixels) }
            }
            step.record(phases, interval: 1 / clock.rate)
        }
    }
}
