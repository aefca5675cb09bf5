import Foundation
import ParallaxEngine

/// Replays a scene on a virtual clock stepping exactly one frame interval at a time and hands over
/// the pixels of each capture time: the first frame at or after it (`parallax capture` writes them
/// as PNGs, `Capture.run`). No wall clock is read, so the same script gives the same pixels on every
/// run, at any machine speed.
public enum Capture {
    /// The frame that shows capture time `t`.
    public static func frameIndex(for t: Double) -> Int {
        Int((t * FrameClock.standardRate - 1e-6).rounded(.up))
    }

    /// `NAME-0001.500.png`: fixed-width times sort by name in time order.
    public static func fileName(base: String, time: Double) -> String {
        base + "-" + String(format: "%08.3f", time) + ".png"
    }

    /// Runs until the last capture time (and the last scripted event), handing over the pixels of
    /// each capture time in order. `overlay`, if given, is drawn on the captures with the frames'
    /// measured work; intervals are the virtual clock's, so it shows 60 fps.
    public static func frames(target: any RenderTarget, driver: SceneDriver, captures: [Double], overlay: FrameOverlay? = nil,
                              onFrame: FrameObserver? = nil,
                              onCapture: (_ time: Double, _ pixels: PixelImage) throws -> Void) throws {
        let times = Array(Set(captures)).sorted()
        let byFrame = Dictionary(grouping: times, by: frameIndex)
        let lastFrame = max(frameIndex(for: times.last ?? 0), frameIndex(for: driver.scriptDuration))
        try run(target: target, driver: driver, frames: lastFrame + 1, clock: FrameClock(), overlay: overlay, onFrame: onFrame,
                draws: { byFrame[$0] != nil }) { frame, pixels in
            for captureTime in byFrame[frame] ?? [] { try onCapture(captureTime, pixels) }
        }
    }

    /// How many frames at `rate` show the timeline from 0 up to `end` s (not the one at `end`
    /// itself): 180 for 3 s at 60 fps; at least one.
    public static func frameCount(until end: Double, rate: Double) -> Int {
        max(1, Int((end * rate - 1e-6).rounded(.up)))
    }

    /// Every frame of the timeline from 0 up to `end` s at `rate` frames a second (`frameCount`),
    /// drawn and read back in order: a video's frames. The scene's time is the frame's, whatever the
    /// rate (closed form), so a 50 fps video shows the same motion as the 60 fps frames.
    public static func everyFrame(target: any RenderTarget, driver: SceneDriver, until end: Double, rate: Double, overlay: FrameOverlay? = nil,
                                  onFrame: FrameObserver? = nil, onPixels: (_ frame: Int, _ pixels: PixelImage) throws -> Void) throws {
        try run(target: target, driver: driver, frames: frameCount(until: end, rate: rate), clock: FrameClock(rate: rate), overlay: overlay,
                onFrame: onFrame, draws: { _ in true }, onPixels: onPixels)
    }

    /// The frames 0..<`frames` on `clock`, drawing and reading back those `draws` picks; the others
    /// still build their lists, as a seen frame would.
    private static func run(target: any RenderTarget, driver: SceneDriver, frames: Int, clock: FrameClock, overlay: FrameOverlay?,
                            onFrame: FrameObserver?, draws: (Int) -> Bool, onPixels: (_ frame: Int, _ pixels: PixelImage) throws -> Void) throws {
        let step = FrameStep(driver: driver, target: target, clock: Stopwatch(), overlay: overlay)
        for frame in 0..<frames {
            let t = clock.time(ofFrame: frame)
            let drawn = draws(frame)
            var phases = step.run(at: t, draws: drawn)
            // No present: the capture's frames have no wall-clock time (docs/file-formats.md, "Trace").
            onFrame?(frame, t, nil, nil, driver.scene)
            if drawn {
                var pixels = PixelImage(width: 0, height: 0)
                phases.handOff = try step.timeHandOff { pixels = try target.readPixels() }
                try onPixels(frame, pixels)
            }
            step.record(phases, interval: 1 / clock.rate)
        }
    }
}
