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
    public static func run(canvas: Canvas, driver: SceneDriver, frames: Int, processStart: Double) -> Report {
        var report = Report(frames: frames)
        var recorded: [[DrawCommand]] = []
        recorded.reserveCapacity(frames)
        var watch = Stopwatch()
        for frame in 0..<frames {
            _ = watch.lap()
            driver.advance(to: Double(frame) / 60)
            report.update.append(watch.lap())
            let list = driver.draw()
            report.layout.append(watch.lap())
            canvas.draw(list)
            canvas.present()
            report.render.append(watch.lap())
            if frame == 0 { report.firstFrame = processUptime() - processStart }
            recorded.append(list.commands.filter { if case .text = $0 { false } else { true } })
        }
        let baseline = BaselineRenderer(canvas: canvas)
        for commands in recorded {
            _ = watch.lap()
            baseline.draw(commands)
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

/// Draws rects and image quads with direct SDL calls: what the engine's frames cost without it.
final class BaselineRenderer {
    private let canvas: Canvas

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ commands: [DrawCommand]) {
        let renderer = canvas.renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        for command in commands {
            switch command {
            case let .fill(f):
                clip(f.clip)
                SDL_SetRenderDrawColor(renderer, f.color.r, f.color.g, f.color.b, f.color.a)
                var r = SDL_FRect(x: Float(f.rect.minX), y: Float(f.rect.minY), w: Float(f.rect.width), h: Float(f.rect.height))
                SDL_RenderFillRectF(renderer, &r)
            case let .image(q):
                clip(q.clip)
                guard let texture = canvas.textures.texture(for: q.image) else { continue }
                var s = SDL_Rect(x: Int32(q.source.minX), y: Int32(q.source.minY), w: Int32(q.source.width), h: Int32(q.source.height))
                var d = SDL_FRect(x: Float(q.destination.minX), y: Float(q.destination.minY),
                                  w: Float(q.destination.width), h: Float(q.destination.height))
                SDL_RenderCopyF(renderer, texture, &s, &d)
            case .text:
                break
            }
        }
        SDL_RenderFlush(renderer)
        SDL_RenderPresent(renderer)
    }

    private func clip(_ rect: Rect?) {
        guard let rect else { SDL_RenderSetClipRect(canvas.renderer, nil); return }
        var r = SDL_Rect(x: Int32(rect.minX.rounded()), y: Int32(rect.minY.rounded()),
                         w: Int32(max(1, rect.width.rounded())), h: Int32(max(1, rect.height.rounded())))
        SDL_RenderSetClipRect(canvas.renderer, &r)
    }
}
