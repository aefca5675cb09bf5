import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Reduced motion's precedence (docs/physics-and-effects.md, "Reduced motion"): the key M in the
/// running app, then the config file, then `PARALLAX_REDUCED_MOTION`, then the desktop, else off;
/// and the help panel saying which.
@Suite struct ReducedMotionTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func eachSourceWinsOverTheOnesBelowIt() {
        var asked = 0
        let desktopReduces = { () -> Bool? in asked += 1; return true }
        #expect(ReducedMotion.resolve(app: false, configFile: true, environment: "1", desktop: desktopReduces) == ReducedMotion(on: false, source: .app))
        #expect(ReducedMotion.resolve(configFile: false, environment: "1", desktop: desktopReduces) == ReducedMotion(on: false, source: .configFile))
        #expect(ReducedMotion.resolve(configFile: nil, environment: "0", desktop: desktopReduces) == ReducedMotion(on: false, source: .environment))
        #expect(ReducedMotion.resolve(configFile: nil, environment: "1", desktop: { false }) == ReducedMotion(on: true, source: .environment))
        #expect(asked == 0, "the desktop is not asked where a source above it says")
        #expect(ReducedMotion.resolve(configFile: nil, environment: nil, desktop: desktopReduces) == ReducedMotion(on: true, source: .desktop))
        #expect(ReducedMotion.resolve(configFile: nil, environment: "yes", desktop: { false }) == ReducedMotion(on: false, source: .desktop),
                "a value other than 1 or 0 says nothing")
        #expect(ReducedMotion.resolve(configFile: nil, environment: nil, desktop: { nil }) == .off)
        #expect(ReducedMotion.off == ReducedMotion(on: false, source: .none))
    }

    /// A playground whose settings come from `file` (nil: no config file) over the desktop's reduced motion.
    func playground(file: String?, desktop: Bool) throws -> Playground {
        var options = SceneRegistry.Options()
        if let file { options.settings = try PlaygroundSettings.parse(Data(file.utf8), file: "c.json") }
        let playground = Playground(viewport: viewport, options: options, environment: testEnvironment())
        playground.setReducedMotionFallback(ReducedMotion(on: desktop, source: .desktop))
        return playground
    }

    @Test func theDesktopsAnswerAppliesWhereTheUserSaidNothingAndHelpSaysSo() throws {
        let playground = try playground(file: #"{"version": 1}"#, desktop: true)
        #expect(playground.reducedMotionState == ReducedMotion(on: true, source: .desktop))
        #expect(playground.feed.reducedMotion && playground.header.reducedMotion && playground.pager.reducedMotion)
        #expect(playground.help.rows(in: playground).keys.contains { $0.action == "reduced motion (from the desktop)" && $0.state == "on" })
        #expect(!playground.settings.jsonText.contains("reducedMotion"), "a saved file leaves it to the desktop")
    }

    @Test func theConfigFileWinsOverTheDesktopAndMOverTheConfigFile() throws {
        let playground = try playground(file: #"{"version": 1, "reducedMotion": false}"#, desktop: true)
        #expect(playground.reducedMotionState == ReducedMotion(on: false, source: .configFile))
        #expect(!playground.feed.reducedMotion)
        playground.handle(.key(.m, shift: false), at: 1)
        #expect(playground.reducedMotionState == ReducedMotion(on: true, source: .app))
        playground.handle(.key(.m, shift: false), at: 2)
        #expect(playground.reducedMotionState == ReducedMotion(on: false, source: .app))
        #expect(playground.settings.jsonText.contains(#""reducedMotion":false"#), "what the user set is saved")
        #expect(playground.help.rows(in: playground).keys.contains { $0.action == "reduced motion (set in the app)" })
    }

    /// M over the desktop, then the tuning row's reset: back to following the desktop.
    @Test func resettingTheTuningRowFollowsTheDesktopAgain() throws {
        let playground = try playground(file: nil, desktop: true)
        playground.handle(.key(.m, shift: false), at: 1)
        #expect(playground.reducedMotionState == ReducedMotion(on: false, source: .app))
        playground.handle(.key(.p, shift: false), at: 2)
        let row = try #require(playground.tuning.rows(in: playground).firstIndex { $0.label == "Reduced motion" })
        playground.tuning.selectRow(row, in: playground)
        playground.handle(.key(.zero, shift: false), at: 3)
        #expect(playground.reducedMotionState == ReducedMotion(on: true, source: .desktop))
    }

    /// L reloads a file that does not say: the desktop's answer stays; one that does: the file's.
    @Test func reloadingKeepsTheDesktopsAnswerUnlessTheFileSays() throws {
        let playground = try playground(file: nil, desktop: true)
        playground.handle(.key(.m, shift: false), at: 1)
        playground.handle(.key(.p, shift: false), at: 2)
        playground.onReload = { .success(try! PlaygroundSettings.parse(Data(#"{"version": 1}"#.utf8), file: "c.json")) }
        playground.handle(.key(.l, shift: false), at: 3)
        #expect(playground.reducedMotionState == ReducedMotion(on: true, source: .desktop))
        playground.onReload = { .success(try! PlaygroundSettings.parse(Data(#"{"version": 1, "reducedMotion": false}"#.utf8), file: "c.json")) }
        playground.handle(.key(.l, shift: false), at: 4)
        #expect(playground.reducedMotionState == ReducedMotion(on: false, source: .configFile))
    }
}
