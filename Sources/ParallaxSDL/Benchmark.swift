import CSDL2
import Foundation
import ParallaxEngine

/// `parallax bench`: a scene run headless as fast as it goes, timed per phase, against a baseline
/// that draws the same frames' rects and image quads with direct SDL calls and no engine, on the
/// same renderer.
public enum Benchmark {
    public struct Report {
        public var frames: Int
        /// Seconds per frame, one entry per frame.
        public var update: [Double] = []
        public var layout: [Double] = []
        public var render: [Double] = []
        public var baseline: [Double] = []
        /// Building the frame-time panel's commands, when it was drawn.
        public var overlay: [Double] = []
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

    /// Runs `frames` frames at 1/60 s steps, then the baseline over the same frames.
    public static func run(canvas: Canvas, driver: SceneDriver, frames: Int, processStart: Double, overlay: FrameOverlay? = nil) -> Report {
        var report = Report(frames: frames)
        var recorded: [[BaselineRenderer.Command]] = []
        recorded.reserveCapacity(frames)
        var watch = Stopwatch()
        var clock = FrameClock(rate: 60)
        var timings = FrameTimings()
        for frame in 0..<frames {
            if frame > 0 { clock.step() }
            _ = watch.lap()
            driver.advance(to: clock.time)
            report.update.append(watch.lap())
            var list = driver.draw()
            report.layout.append(watch.lap())
            if let overlay {
                overlay.draw(into: &list, viewport: canvas.logicalSize, timings: timings, time: clock.time, scene: driver.scene)
                report.overlay.append(watch.lap())
            }
            canvas.draw(list)
            canvas.present()
            report.render.append(watch.lap())
            timings.record(FrameSample(interval: 1 / 60, update: report.update.last!, layout: report.layout.last!, render: report.render.last!))
            if frame == 0 { report.firstFrame = processUptime() - processStart }
            recorded.append(BaselineRenderer.resolve(list, canvas: canvas))
        }
        let baseline = BaselineRenderer(renderer: canvas.renderer)
        for frame in recorded {
            _ = watch.lap()
            baseline.draw(frame)
            report.baseline.append(watch.lap())
        }
        report.peakResidentBytes = peakResidentBytes()
        return report
    }

    /// Seconds since this process started, from the kernel's accounting (10 ms resolution).
    public static func processUptime() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name; starttime is field 22 of the whole line.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let startTicks = Double(fields[19]),
              let uptime = Double(uptimeText.split(separator: " ").first ?? "") else { return 0 }
        return uptime - startTicks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}

/// Draws a frame's rects and textured quads (photos and text lines) with direct SDL calls, every
/// texture looked up beforehand: what the engine's frames cost to draw without the engine.
final class BaselineRenderer {
    enum Command {
        case fill(SDL_FRect, Color, clip: SDL_Rect?)
        case copy(OpaquePointer, source: SDL_Rect?, destination: SDL_FRect, clip: SDL_Rect?, tint: Color)
    }

    private let renderer: OpaquePointer

    init(renderer: OpaquePointer) { self.renderer = renderer }

    static func resolve(_ list: DisplayList, canvas: Canvas) -> [Command] {
        func frect(_ r: Rect) -> SDL_FRect { SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height)) }
        func clip(_ r: Rect?) -> SDL_Rect? {
            r.map { SDL_Rect(x: Int32($0.minX.rounded()), y: Int32($0.minY.rounded()), w: Int32(max(1, $0.width.rounded())), h: Int32(max(1, $0.height.rounded()))) }
        }
        return list.commands.compactMap { command in
            switch command {
            case let .fill(f):
                return .fill(frect(f.rect), f.color, clip: clip(f.clip))
            case let .image(q):
                guard let texture = canvas.textures.texture(for: q.image) else { return nil }
                let source = SDL_Rect(x: Int32(q.source.minX), y: Int32(q.source.minY), w: Int32(q.source.width), h: Int32(q.source.height))
                return .copy(texture, source: source, destination: frect(q.destination), clip: clip(q.clip), tint: .white)
            case let .text(run):
                guard let line = canvas.text.line(run.text, font: run.font) else { return nil }
                return .copy(line.texture, source: nil, destination: frect(Rect(origin: run.origin, size: line.size)),
                             clip: clip(run.clip), tint: run.color)
            }
        }
    }

    func draw(_ commands: [Command]) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        for command in commands {
            switch command {
            case var .fill(rect, color, clip):
                setClip(&clip)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                SDL_RenderFillRectF(renderer, &rect)
            case .copy(let texture, var source, var destination, var clip, let tint):
                setClip(&clip)
                SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b)
                if source != nil {
                    SDL_RenderCopyF(renderer, texture, &source!, &destination)
                } else {
                    SDL_RenderCopyF(renderer, texture, nil, &destination)
                }
            }
        }
        SDL_RenderFlush(renderer)
        SDL_RenderPresent(renderer)
    }

    private func setClip(_ clip: inout SDL_Rect?) {
        if clip != nil { SDL_RenderSetClipRect(renderer, &clip!) } else { SDL_RenderSetClipRect(renderer, nil) }
    }
}
