import Benchmark
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes

/// One scene of the playground flung every 1.5 s, advanced one 1/60 s frame per call.
final class FlungScene {
    let driver: SceneDriver
    private let clock = FrameClock()
    private var frame = 0

    init(scene name: String, items: Int, frames: Int) {
        let viewport = Size(width: 1280, height: 800)
        var options = SceneRegistry.Options()
        options.feed.itemCount = items
        // Half-em text and every photo 640x427: the engine's own cost, without a font or a decoder.
        let environment = SceneEnvironment.fixed(otherwise: Size(width: 640, height: 427))
        let playground = SceneRegistry.standard.make(name, viewport: viewport, options: options, environment: environment)!
        let horizontal = SceneRegistry.standard.entry(named: name)!.scrollsHorizontally
        driver = SceneDriver(scene: playground,
                             script: TimedInput.flings(duration: clock.time(ofFrame: frames), viewport: viewport, horizontal: horizontal))
    }

    func advance() {
        frame += 1
        driver.advance(to: clock.time(ofFrame: frame))
    }
}

let benchmarks: @Sendable () -> Void = {
    // One measured iteration is one frame. Warm-up frames let caches and the display list reach
    // their steady size; the flings go on past the last measured frame.
    let warmup = 120, measured = 1_200
    // The input is scripted, so a frame's malloc count is the same on every run: any change from the
    // stored baseline (.benchmarkBaselines/) at any percentile fails `baseline check`. Wall-clock time
    // is shown but not checked: on a shared machine it is noise (parallax bench measures speed).
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: BenchmarkThresholds(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0]),
        .wallClock: BenchmarkThresholds(relative: BenchmarkThresholds.Relative.none, absolute: BenchmarkThresholds.Absolute.none),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: warmup,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: measured,
        thresholds: thresholds
    )
    for scene in SceneRegistry.standard.names {
        for items in [100, 1_000_000] {
            let frames = warmup + measured + 60
            Benchmark("update \(scene) \(items) items") { benchmark, flung in
                benchmark.startMeasurement()
                flung.advance()
                benchmark.stopMeasurement()
            } setup: {
                FlungScene(scene: scene, items: items, frames: frames)
            }
            Benchmark("layout \(scene) \(items) items") { benchmark, flung in
                flung.advance()
                benchmark.startMeasurement()
                blackHole(flung.driver.draw())
                benchmark.stopMeasurement()
            } setup: {
                FlungScene(scene: scene, items: items, frames: frames)
            }
        }
    }
}
