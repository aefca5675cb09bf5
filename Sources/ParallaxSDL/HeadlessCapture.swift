import Foundation
import ParallaxEngine

/// Replays a scene on a virtual clock stepping exactly one frame interval at a time and writes a PNG
/// for each capture time: the first frame at or after it. No wall clock is read, so the same script
/// gives the same pixels on every run, at any machine speed.
public enum HeadlessCapture {
    public static let frameRate = 60.0

    /// The frame that shows capture time `t`.
    public static func frameIndex(for t: Double) -> Int {
        Int((t * frameRate - 1e-6).rounded(.up))
    }

    /// `NAME-0001.500.png`: fixed-width times sort by name in time order.
    public static func fileName(base: String, time: Double) -> String {
        base + "-" + String(format: "%08.3f", time) + ".png"
    }

    /// Runs until the last capture time (and the last scripted event); returns the paths written.
    public static func run(canvas: Canvas, driver: SceneDriver, captures: [Double], outputFolder: String, baseName: String,
                           overlay: FrameOverlay? = nil, onFrame: LiveRunner.FrameObserver? = nil) throws -> [String] {
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
    public static func frames(canvas: Canvas, driver: SceneDriver, captures: [Double], overlay: FrameOverlay? = nil,
                              onFrame: LiveRunner.FrameObserver? = nil,
                              onCapture: (_ time: Double, _ pixels: PixelImage) throws -> Void) throws {
        let times = Array(Set(captures)).sorted()
        let byFrame = Dictionary(grouping: times, by: frameIndex)
        let lastFrame = max(frameIndex(for: times.last ?? 0), frameIndex(for: driver.scriptDuration))
        var timings = FrameTimings()
        var watch = Stopwatch()
        var clock = FrameClock(rate: frameRate)
        for frame in 0...lastFrame {
            if frame > 0 { clock.step() }
            let t = clock.time
            _ = watch.lap()
            driver.advance(to: t)
            let update = watch.lap()
            var list = driver.draw()
            let layout = watch.lap()
            if driver.scene.viewport != canvas.logicalSize { canvas.resize(to: driver.scene.viewport) }
            // No present: the capture's frames have no wall-clock time (README.md, "Trace").
            onFrame?(frame, t, nil, driver.scene)
            guard let due = byFrame[frame] else {
                timings.record(FrameSample(interval: 1 / frameRate, update: update, layout: layout, render: 0))
                continue
            }
            overlay?.draw(into: &list, viewport: canvas.logicalSize, timings: timings, time: t, scene: driver.scene)
            canvas.draw(list)
            let pixels = try canvas.readPixels()
            timings.record(FrameSample(interval: 1 / frameRate, update: update, layout: layout, render: watch.lap()))
            for captureTime in due { try onCapture(captureTime, pixels) }
        }
    }
}
