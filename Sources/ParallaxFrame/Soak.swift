import Foundation
import ParallaxEngine

/// A long headless run of random input, rendering every frame, watching resident memory.
public enum Soak {
    /// Resident memory now, in bytes (not the peak: a leak shows as growth).
    public static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Plays `minutes` of random input on the virtual clock (`FrameClock.standardRate`); calls
    /// `onMinute` after each virtual minute with its number and the resident memory then.
    public static func run(target: any RenderTarget, driver: SceneDriver, input: inout RandomInput, minutes: Double,
                           onMinute: (_ minute: Int, _ residentBytes: Int) -> Void) {
        let clock = FrameClock()
        let framesPerMinute = Int(60 * clock.rate)
        let frames = Int(minutes * Double(framesPerMinute))
        let step = FrameStep(driver: driver, target: target, clock: Stopwatch())
        for frame in 1...max(1, frames) {
            let time = clock.time(ofFrame: frame)
            for event in input.events(at: time) {
                step.deliver(event, at: time)
            }
            step.run(at: time)
            target.present()
            if frame % framesPerMinute == 0 { onMinute(frame / framesPerMinute, residentBytes()) }
        }
    }
}
