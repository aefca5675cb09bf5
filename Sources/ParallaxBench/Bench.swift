import CSDL2
import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL

/// `parallax bench`: a scene run as fast as it goes (headless, or in a real window), timed per phase,
/// against an anchor frame (`AnchorFrame`: the feed's content drawn with the fewest direct SDL calls)
/// on the same renderer. Scene and anchor frames alternate, so a change of load hits both alike.
public enum Bench {
    public struct Report {
        public var frames: Int
        /// Seconds per frame, one entry per frame.
        public var update: [Double] = []
        public var layout: [Double] = []
        /// Adding the overlay (when drawn), drawing the display list and presenting it: the sample's render.
        public var render: [Double] = []
        /// The anchor frame's drawing and presenting, interleaved with the scene's frames.
        public var anchor: [Double] = []
        /// Building the frame-time panel's commands, when it was drawn (part of `render`).
        public var overlay: [Double] = []
        /// The bar's material (its backdrop), part of `render`.
        public var material: [Double] = []
        public var total: [Double] { zip(zip(update, layout), render).map { $0.0 + $0.1 + $1 } }
        /// From process start (`ProcessStart`) to the first frame drawn, in seconds.
        public var firstFrame: Double = 0
        public var peakResidentBytes: Int = 0
    }
    /// Runs `frames` frames on the virtual clock (`FrameClock.standardRate`), each followed by an
    /// anchor frame (ABAB...). The anchor is made after the first frame, so its loading does not
    /// count in the time to the first frame.
    public static func run(canvas: Canvas, driver: SceneDriver, makeAnchor: () throws -> AnchorFrame, frames: Int,
                           overlay: FrameOverlay? = nil) throws -> Report {
        var anchor: AnchorFrame?
        var report = Report(frames: frames)
        var watch = Stopwatch()
        let clock = FrameClock()
        let step = FrameStep(driver: driver, target: canvas, clock: Stopwatch(), overlay: overlay)
        for frame in 0..<frames {
            canvas.discardEvents()
            var phases = step.run(at: clock.time(ofFrame: frame))
            phases.handOff = step.timeHandOff { canvas.present() }
            let sample = phases.sample(interval: 1 / clock.rate)
            report.update.append(sample.update)
            report.layout.append(sample.layout)
            if overlay != nil { report.overlay.append(phases.overlay) }
            report.render.append(sample.render)
            report.material.append(canvas.lastRender.backdropSeconds)
            if frame == 0 {
                report.firstFrame = ProcessStart.elapsed()
                anchor = try makeAnchor()
            }
            step.timings.record(sample)
            canvas.discardEvents()
            _ = watch.lap()
            anchor?.draw(frame: frame)
            report.anchor.append(watch.lap())
        }
        report.peakResidentBytes = peakResidentBytes()
        return report
    }

    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}
