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

    /// Plays `minutes` of random input on the virtual 60 Hz clock; calls `onMinute` after each
    /// virtual minute with its number and the resident memory then.
    public static func run(canvas: Canvas, driver: SceneDriver, input: inout RandomInput, minutes: Double,
                           onMinute: (_ minute: Int, _ residentBytes: Int) -> Void) {
        let frames = Int(minutes * 60 * 60)
        var clock = FrameClock(rate: 60)
        for frame in 1...max(1, frames) {
            let time = clock.step()
            for event in input.events(at: time) {
                driver.deliver(event, at: time)
            }
            let list = driver.frame(at: time)
            if driver.scene.viewport != canvas.logicalSize { canvas.resize(to: driver.scene.viewport) }
            canvas.draw(list)
            canvas.present()
            if frame % 3600 == 0 { onMinute(frame / 3600, residentBytes()) }
        }
    }
}
