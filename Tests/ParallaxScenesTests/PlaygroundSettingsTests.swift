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

    /// A value a slider's drag sets (on its resolution: 0.9998, 1.37, 64 px) reads back from the
    /// saved file as the same number.
    @Test func whatASliderSetsReadsBackTheSame() throws {
        let rows = TuningRow.rows(for: SceneRegistry.standard.entries[0])
        var s = PlaygroundSettings()
        for row in rows {
            guard case let .slider(slider) = row.control else { continue }
            slider.set(&s, slider.value(at: 0.77))
        }
        #expect(s != PlaygroundSettings())
        // The deceleration at 0.77 of its track, by the log of its time constant, to 4 decimals, and
        // written as those 4 decimals.
        let (low, high) = (log(-1 / log(0.9)), log(-1 / log(0.9999)))
        let rate = (exp(-1 / exp(low + 0.77 * (high - low))) * 10000).rounded() / 10000
        #expect(s.decelerationRate == rate)
        #expect(s.jsonText.contains("\"decelerationRate\":\(rate),") && String(rate).count <= 6, "\(s.jsonText)")
        #expect(try PlaygroundSettings.parse(Data(s.jsonText.utf8), file: "c.json") == s)
    }

    @Test func theUsersConfigFileIsUnderXDGConfigHomeWhenAbsoluteElseHome() {
        let file = "parallax/config.json"
        #expect(PlaygroundSettings.userConfigPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"]) == "/x/cfg/" + file)
        #expect(PlaygroundSettings.userConfigPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"]) == "/home/a/.config/" + file,
                "a relative XDG_CONFIG_HOME is ignored")
        #expect(PlaygroundSettings.userConfigPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a/"]) == "/home/a/.config/" + file)
        #expect(PlaygroundSettings.userConfigPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/" + file)
        #expect(PlaygroundSettings.userConfigPath(environment: [:]) == nil)
        #expect(PlaygroundSettings.userConfigPath(environment: ["HOME": "relative"]) == nil)
        #expect(PlaygroundSettings.displayPath("/home/a/.config/" + file, home: "/home/a") == "~/.config/" + file)
        #expect(PlaygroundSettings.displayPath("/home/ab/.config/" + file, home: "/home/a") == "/home/ab/.config/" + file)
        #expect(PlaygroundSettings.displayPath("/x/cfg/" + file, home: "/home/a") == "/x/cfg/" + file)
        #expect(PlaygroundSettings.displayPath("/x/cfg/" + file, home: nil) == "/x/cfg/" + file)
        #expect(PlaygroundSettings.displayPath("/home/a", home: "/home/a/") == "~", "F12 run from the home folder itself")
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
