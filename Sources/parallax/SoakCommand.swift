import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxSDL

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Play random input headless for a while and check that resident memory stays flat (scripts/soak).",
        discussion: "Exit 1 when resident memory at the end is more than --tolerance-mb above what it was after the first minute.")

    @Option(help: "Minutes of input, on the virtual \(Int(FrameClock.standardRate)) Hz clock.")
    var minutes = 10.0

    @Option(help: "Seed of the random input.")
    var seed: UInt64 = 1

    @Option(help: "Allowed growth after the first minute, in MB.")
    var toleranceMb = 2.0

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else { throw ValidationError("--minutes must be from above 0 to 1440") }
    }

    func run() throws {
        try reportingFailures {
            let size = InputScript.defaultSize
            let (canvas, driver) = try openScene("feed", viewport: size, options: SceneRegistry.Options(), mode: .headless,
                                                 logger: Logger.quiet(), script: nil)
            var input = RandomInput(seed: seed, viewport: size, sceneKeys: SceneRegistry.standard.entries.compactMap(\.key))
            var afterFirst: Int?, last = 0
            Soak.run(target: canvas, driver: driver, input: &input, minutes: minutes) { minute, resident in
                if minute == 1 { afterFirst = resident }
                last = resident
                print(String(format: "minute %d: resident %.1f MB", minute, Double(resident) / 1_048_576))
            }
            guard let afterFirst else {
                print("ran under a minute: nothing to compare")
                return
            }
            let growth = Double(last - afterFirst) / 1_048_576
            print(String(format: "growth after the first minute: %.2f MB (allowed %.1f)", growth, toleranceMb))
            if growth > toleranceMb { throw CommandFailure(message: "resident memory grew by \(String(format: "%.2f", growth)) MB", code: 1) }
        }
    }
}
