import CSDL2
import Foundation
import ParallaxEngine

/// `parallax bench`: a scene run as fast as it goes (headless, or in a real window), timed per phase,
/// against an anchor frame (`AnchorFrame`: the feed's content drawn with the fewest direct SDL calls)
/// on the same renderer. Scene and anchor frames alternate, so a change of load hits both alike.
public enum Benchmark {
    public struct Report {
        public var frames: Int
        /// Seconds per frame, one entry per frame.
        public var update: [Double] = []
        public var layout: [Double] = []
        /// Drawing the display list and presenting it.
        public var render: [Double] = []
        /// The anchor frame's drawing and presenting, interleaved with the scene's frames.
        public var anchor: [Double] = []
        /// Building the frame-time panel's commands, when it was drawn.
        public var overlay: [Double] = []
        /// The bar's material (its backdrop), part of `render`.
        public var material: [Double] = []
        public var total: [Double] { zip(zip(update, layout), render).map { $0.0 + $0.1 + $1 } }
        /// From process start to the first frame drawn, in seconds.
        public var firstFrame: Double = 0
        public var peakResidentBytes: Int = 0
    }
    /// A fling every `period` seconds, alternately forwards and back, along `axis` ("x" or "y").
    public static func flingScript(duration: Double, viewport: Size, horizontal: Bool, period: Double = 1.5) -> [TimedInput] {
        var events: [TimedInput] = []
        var t = 0.05, forwards = true
        let length = horizontal ? viewport.width : viewport.height
        while t < duration {
            let start = length * (forwards ? 0.75 : 0.25), travel = length * 0.4 * (forwards ? -1 : 1)
            func point(_ f: Double) -> Point {
                let along = start + travel * f
                return horizontal ? Point(x: along, y: viewport.height / 2) : Point(x: viewport.width / 2, y: along)
            }
            events.append(TimedInput(time: t, event: .mouseDown(point(0))))
            for step in 1...6 { events.append(TimedInput(time: t + Double(step) * 0.016, event: .mouseMove(point(Double(step) / 6)))) }
            events.append(TimedInput(time: t + 0.1, event: .mouseUp(point(1))))
            t += period
            forwards.toggle()
        }
        return events
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
        let step = FrameStep(driver: driver, target: canvas, overlay: overlay)
        canvas.output.measuresBackdrops = true
        defer { canvas.output.measuresBackdrops = false }
        for frame in 0..<frames {
            canvas.discardEvents()
            let phases = step.run(at: clock.time(ofFrame: frame))
            _ = watch.lap()
            canvas.present()
            let render = phases.render + watch.lap()
            report.update.append(phases.update)
            report.layout.append(phases.layout)
            if overlay != nil { report.overlay.append(phases.overlay) }
            report.render.append(render)
            report.material.append(canvas.output.backdropSeconds)
            if frame == 0 {
                report.firstFrame = processUptime()
                anchor = try makeAnchor()
            }
            step.timings.record(FrameSample(interval: 1 / clock.rate, update: phases.update, layout: phases.layout, render: render))
            canvas.discardEvents()
            _ = watch.lap()
            anchor?.draw(frame: frame)
            report.anchor.append(watch.lap())
        }
        report.peakResidentBytes = peakResidentBytes()
        return report
    }

    /// Seconds since this process started: now read from the boot-time clock to the nanosecond, the
    /// start from the kernel's accounting (`/proc/self/stat`, counted from boot on the same clock in
    /// clock ticks, 10 ms: the finest the kernel tells an unprivileged process).
    public static func processUptime() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name; starttime is field 22 of the whole line.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let startTicks = Double(fields[19]) else { return 0 }
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - startTicks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}
