import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct PlaygroundSettingsTests {
    func problem(_ json: String) -> String? {
        do {
            _ = try PlaygroundSettings.parse(Data(json.utf8), file: "c.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aSavedFileReadsBackTheSame() throws {
        var s = PlaygroundSettings()
        s[.feedMaxShift] = 42
        s[.pagerHeaderSpeed] = 1.2
        s.wheelStep = 60
        s.trackpadMomentum = false
        s.oneFrameLate = true
        s.reducedMotion = true
        #expect(try PlaygroundSettings.parse(Data(s.jsonText.utf8), file: "c.json") == s)
        #expect(try PlaygroundSettings.parse(Data(#"{"version": 1}"#.utf8), file: "c.json") == PlaygroundSettings())
    }

    @Test(arguments: [
        (#"{"version": 1, "feed": {"maxShift": 300}}"#, "c.json: feed.maxShift: must be between 0 and 100, found 300"),
        (#"{"version": 1, "feed": {"margin": 3}}"#, "c.json: feed.margin: unknown field"),
        (#"{"version": 1, "scrolling": {"decelerationRate": 1e999}}"#, "c.json: not valid JSON"),
        (#"{"version": 1, "scrolling": {"decelerationRate": 1.5}}"#, "c.json: scrolling.decelerationRate: must be between 0.9 and 0.9999"),
        (#"{"version": 1, "rendering": {"wholePixels": "yes"}}"#, "c.json: rendering.wholePixels: must be true or false, found a string"),
        (#"{"version": 2}"#, "c.json: version: unknown version 2"),
        (#"{"version": 1, "scrolling": {"trackpadMomentum": 1}}"#, "c.json: scrolling.trackpadMomentum: must be true or false, found a number"),
        (#"{"version": 1, "colour": "red"}"#, "c.json: colour: unknown field"),
        (#"{"version": 1, "pager": []}"#, "c.json: pager: must be an object, found an array"),
    ])
    func aBadConfigSaysFileFieldAndProblem(json: String, expected: String) {
        let message = problem(json)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
    }
}
