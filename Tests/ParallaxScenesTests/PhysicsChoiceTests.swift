import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Choosing the physics model: the config file, the tuning panel's row, the trace, and a switch
/// in the middle of a fling.
@Suite struct PhysicsChoiceTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func theConfigFileNamesTheModelAndReadsBackTheSame() throws {
        var s = PlaygroundSettings()
        #expect(s.physics == "uikit")
        s.physics = "android"
        let read = try PlaygroundSettings.parse(Data(s.jsonText.utf8), file: "c.json")
        #expect(read.physics == "android" && read.physicsModel.name == "android")
        #expect(s.jsonText.contains(#""physics":"android""#) || s.jsonText.contains(#""physics": "android""#))
    }

    @Test func anUnknownModelInTheConfigIsNamedWithTheModels() {
        do {
            _ = try PlaygroundSettings.parse(Data(#"{"version": 1, "scrolling": {"physics": "aqua"}}"#.utf8), file: "c.json")
            Issue.record("an unknown model was accepted")
        } catch {
            #expect(error.description == "c.json: scrolling.physics: unknown physics 'aqua' (models: uikit, android, chromium, gtk, flutter, firefox)")
        }
    }

    @Test func aScriptNamesItsModelAndWritesItBack() throws {
        let script = try InputScript.parse(Data(#"{"version": 1, "physics": "gtk", "events": []}"#.utf8), file: "s.json", knownScenes: ["feed"])
        #expect(script.physics == "gtk")
        #expect(try InputScript.parse(Data(script.jsonText.utf8), file: "s.json", knownScenes: ["feed"]) == script)
        #expect(throws: InputFileError.self) {
            try InputScript.parse(Data(#"{"version": 1, "physics": "aqua", "events": []}"#.utf8), file: "s.json", knownScenes: ["feed"])
        }
    }

    @Test func theTuningRowStepsThroughTheModelsBothWays() {
        let row = TuningRow.rows(for: SceneRegistry.standard.entries[0]).first { $0.label == "Physics" }!
        var s = PlaygroundSettings()
        var seen: [String] = []
        for _ in 0..<6 { seen.append(row.value(s)); row.step(&s, 1) }
        #expect(seen == ScrollPhysicsModels.names)
        #expect(s.physics == "uikit")
        row.step(&s, -1)
        #expect(s.physics == "firefox")
    }

    @Test func everyTraceLineNamesTheModel() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        var s = playground.settings
        s.physics = "chromium"
        playground.apply(s)
        playground.update(to: 0)
        let line = traceLine(frame: 0, time: 0, scene: playground)
        #expect(line.contains(#""physics":"chromium""#), "\(line)")
    }

    /// A fling in the feed, switched to each model 0.4 s in: the offset the frame after the switch
    /// is where the old model had it, and the fling goes on under the new model.
    @Test(arguments: ["android", "chromium", "gtk", "flutter", "firefox"])
    func switchingMidFlingTakesOverWithoutAJump(model: String) {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.mouseDown(Point(x: 600, y: 700)), at: 0)
        for i in 1...6 { playground.handle(.mouseMove(Point(x: 600, y: 700 - 300 * Double(i) / 6)), at: 0.1 * Double(i) / 6) }
        playground.handle(.mouseUp(Point(x: 600, y: 400)), at: 0.1)
        playground.update(to: 0.4)
        let before = playground.feed.scroller.sample(at: 0.4)
        #expect(before.phase == .decelerating)
        var s = playground.settings
        s.physics = model
        playground.apply(s, at: 0.4)
        let after = playground.feed.scroller.sample(at: 0.4)
        #expect(after.offset == before.offset)
        #expect(abs(after.velocity - before.velocity) <= (model == "android" ? 0.03 : 1e-9) * abs(before.velocity))
        #expect(playground.feed.scroller.model.name == model)
        // Each one of them is still moving 16 ms on, and from where it was.
        let next = playground.feed.scroller.sample(at: 0.4 + 1.0 / 60)
        #expect(next.phase == .decelerating && abs(next.offset - before.offset - before.velocity / 60) < 0.05 * before.velocity / 60)
    }
}
