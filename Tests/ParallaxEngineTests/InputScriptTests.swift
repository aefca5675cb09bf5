import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct InputScriptTests {
    let scenes = ["feed", "header", "pager"]

    func parse(_ json: String) throws(InputFileError) -> InputScript {
        try InputScript.parse(Data(json.utf8), file: "s.json", knownScenes: scenes)
    }

    func problem(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsTheDocumentedExample() throws {
        let script = try parse("""
        {"version": 1, "scene": "feed", "size": {"width": 1280, "height": 800},
         "events": [{"t": 0.10, "type": "wheel", "dy": -1},
                    {"t": 0.50, "type": "scroll", "dy": -7.3},
                    {"t": 0.52, "type": "scroll", "dy": -7.3, "liftFollows": true},
                    {"t": 0.60, "type": "fingersLifted"},
                    {"t": 1.00, "type": "mouseDown", "x": 640, "y": 600},
                    {"t": 1.05, "type": "mouseMove", "x": 640, "y": 500},
                    {"t": 1.20, "type": "mouseUp", "x": 640, "y": 300},
                    {"t": 2.00, "type": "key", "key": "PageDown"},
                    {"t": 2.50, "type": "key", "key": "Space", "shift": true},
                    {"t": 3.00, "type": "resize", "width": 900, "height": 700}],
         "captures": [0.0, 0.3, 1.5, 4.0]}
        """)
        #expect(script.scene == "feed")
        #expect(script.size == Size(width: 1280, height: 800))
        #expect(script.captures == [0, 0.3, 1.5, 4])
        #expect(script.events == [
            TimedInput(time: 0.1, event: .wheel(dx: 0, dy: 1, shift: false)),
            TimedInput(time: 0.5, event: .scroll(dx: 0, dy: 7.3, liftFollows: false, shift: false)),
            TimedInput(time: 0.52, event: .scroll(dx: 0, dy: 7.3, liftFollows: true, shift: false)),
            TimedInput(time: 0.6, event: .fingersLifted),
            TimedInput(time: 1.0, event: .mouseDown(Point(x: 640, y: 600))),
            TimedInput(time: 1.05, event: .mouseMove(Point(x: 640, y: 500))),
            TimedInput(time: 1.2, event: .mouseUp(Point(x: 640, y: 300))),
            TimedInput(time: 2.0, event: .key(.pageDown, shift: false)),
            TimedInput(time: 2.5, event: .key(.space, shift: true)),
            TimedInput(time: 3.0, event: .resize(Size(width: 900, height: 700))),
        ])
    }

    @Test func sceneSizeAndCapturesAreOptional() throws {
        let script = try parse(#"{"version": 1, "events": []}"#)
        #expect(script == InputScript())
    }

    @Test(arguments: [
        ("{\"version\": 1, \"events\": [", "s.json: not valid JSON"),
        (#"{"version": 2, "events": []}"#, "s.json: version: unknown version 2, this parallax reads version 1"),
        (#"{"events": []}"#, "s.json: version: missing"),
        (#"{"version": 1}"#, "s.json: events: missing"),
        (#"{"version": 1, "events": [], "extra": 1}"#, "s.json: extra: unknown field"),
        (#"{"version": 1, "scene": "nope", "events": []}"#, "s.json: scene: unknown scene 'nope' (scenes: feed, header, pager)"),
        (#"{"version": 1, "events": [{"t": 0, "type": "tap"}]}"#, "s.json: events[0].type: unknown event type 'tap'"),
        (#"{"version": 1, "events": [{"t": 0, "type": "key", "key": "Banana"}]}"#, "s.json: events[0].key: unknown key 'Banana'"),
        (#"{"version": 1, "events": [{"t": -1, "type": "wheel", "dy": 1}]}"#, "s.json: events[0].t: must be at least 0, found -1"),
        (#"{"version": 1, "events": [{"t": 1e999, "type": "wheel", "dy": 1}]}"#, "s.json: "),
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": "1"}]}"#, "s.json: events[0].dy: must be a number, found a string"),
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 1e400}]}"#, "s.json: "),
        (#"{"version": 1, "events": [{"t": 0, "type": "mouseDown", "x": 1}]}"#, "s.json: events[0].y: missing"),
        (#"{"version": 1, "events": [{"t": 1, "type": "wheel"}, {"t": 0.5, "type": "wheel"}]}"#, "s.json: events[1].t: earlier than the event before it"),
        (#"{"version": 1, "events": [{"t": 0, "type": "resize", "width": 0, "height": 10}]}"#, "s.json: events[0].width: must be between 1 and 16384, found 0"),
        (#"{"version": 1, "events": [], "captures": [-0.5]}"#, "s.json: captures[0]: must be a finite time of at least 0"),
        (#"{"version": 1, "events": [], "size": {"width": 100}}"#, "s.json: size.height: missing"),
        (#"[1, 2]"#, "s.json: must be an object, found an array"),
        (#"{"version": 1, "events": [], "clock": "25:00"}"#, "s.json: clock: '25:00' is not a time of day as HH:MM (00:00 to 23:59)"),
        (#"{"version": 1, "events": [], "clock": "9.41"}"#, "s.json: clock: '9.41' is not a time of day as HH:MM"),
        (#"{"version": 1, "events": [], "clock": 941}"#, "s.json: clock: must be a string, found a number"),
        // Before scroll events in px, a trackpad's deltas were wheel notches marked precise.
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 0.35, "precise": true}]}"#,
         "s.json: events[0].precise: precise wheel deltas are now `scroll` events in pixels"),
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 1, "liftFollows": true}]}"#, "s.json: events[0].liftFollows: unknown field"),
        (#"{"version": 1, "events": [{"t": 0, "type": "fingersLifted", "dy": 1}]}"#, "s.json: events[0].dy: unknown field"),
    ])
    func badScriptsSayFileFieldAndProblem(json: String, expected: String) {
        let message = problem(json)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    @Test func nonFiniteNumbersNeverGetThrough() {
        // JSON has no NaN or infinity; an overflowing literal must be refused, whichever layer catches it.
        for literal in ["1e999", "-1e999"] {
            let message = problem(#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": \#(literal)}]}"#)
            #expect(message != nil)
        }
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: InputFileError(file: "/nonexistent/x.json", problem: "cannot read the file")) {
            try InputScript.load(path: "/nonexistent/x.json", knownScenes: scenes)
        }
    }
}

@Suite struct InputScriptWritingTests {
    @Test func aWrittenScriptReadsBackUnchanged() throws {
        let script = InputScript(scene: "pager", size: Size(width: 900, height: 700), events: [
            TimedInput(time: 0.016, event: .scroll(dx: 1, dy: 7.3, liftFollows: true, shift: true)),
            TimedInput(time: 0.05, event: .fingersLifted),
            TimedInput(time: 0.06, event: .wheel(dx: 0, dy: 0.25, shift: false)),
            TimedInput(time: 0.1, event: .mouseDown(Point(x: 10.5, y: 20))),
            TimedInput(time: 0.2, event: .mouseMove(Point(x: 11, y: 21))),
            TimedInput(time: 0.3, event: .mouseUp(Point(x: 12, y: 22))),
            TimedInput(time: 0.4, event: .key(.space, shift: true)),
            TimedInput(time: 0.5, event: .key(.f1, shift: false)),
            TimedInput(time: 0.6, event: .resize(Size(width: 640, height: 480))),
        ], captures: [0.25, 1.5])
        let text = script.jsonText
        let lineCount: Int = text.split(separator: "\n").count
        #expect(lineCount == script.events.count + 4, "one event a line")
        #expect(try InputScript.parse(Data(text.utf8), file: "w.json", knownScenes: ["feed", "pager"]) == script)
        #expect(try InputScript.parse(Data(InputScript().jsonText.utf8), file: "e.json", knownScenes: []) == InputScript())
    }
}

@Suite struct ScriptClockTests {
    @Test func aScriptsClockIsReadAndWrittenBackAsHHMM() throws {
        let script = try InputScript.parse(Data(#"{"version": 1, "events": [], "clock": "9:41"}"#.utf8), file: "s.json", knownScenes: [])
        #expect(script.clock == TimeOfDay(hour: 9, minute: 41))
        #expect(script.jsonText.contains(#""clock": "09:41""#), "\(script.jsonText)")
        #expect(try InputScript.parse(Data(script.jsonText.utf8), file: "s.json", knownScenes: []) == script)
    }

    @Test func theClockShowsTheMinuteItIsInAndWrapsAtMidnight() {
        let clock = TimeOfDay(hour: 9, minute: 41)
        #expect(clock.text(after: 0) == "09:41")
        #expect(clock.text(after: 59.9) == "09:41", "the minute it is in, not rounded")
        #expect(clock.text(after: 60) == "09:42")
        #expect(clock.text(after: 14 * 3600 + 19 * 60) == "00:00")
        #expect(TimeOfDay(hour: 23, minute: 59, second: 30).text(after: 45) == "00:00")
        #expect(TimeOfDay(parsing: "23:59") == TimeOfDay(hour: 23, minute: 59))
        #expect(TimeOfDay(parsing: "24:00") == nil && TimeOfDay(parsing: "12:5") == nil && TimeOfDay(parsing: "١٢:٣٠") == nil)
    }
}

@Suite struct ScriptWheelDirectionTests {
    /// Scripts keep SDL's sense (positive `dy` away from the user, docs/file-formats.md, "Script format"); the
    /// engine's is content direction.
    @Test func aScriptsWheelReadsAndWritesInItsOwnSense() throws {
        let text = #"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 2, "dx": 0.5}]}"#
        let script = try InputScript.parse(Data(text.utf8), file: "s.json", knownScenes: ["feed"])
        #expect(script.events.map(\.event) == [.wheel(dx: 0.5, dy: -2, shift: false)])
        #expect(script.jsonText.contains(#"{"dx":0.5,"dy":2,"t":0,"type":"wheel"}"#), "\(script.jsonText)")
        let down = InputScript(events: [TimedInput(time: 1, event: .scroll(dx: 0, dy: 7.3, liftFollows: false, shift: false))])
        #expect(down.jsonText.contains(#"{"dy":-7.3,"t":1,"type":"scroll"}"#), "\(down.jsonText)")
    }
}

extension InputScriptTests {
    /// `"overlay": true` asks for the frame-time panel on the captures; it is written back only when on.
    @Test func theOverlayFieldIsABoolReadAndWrittenBack() throws {
        #expect(try parse(#"{"version": 1, "events": []}"#).overlay == false)
        let on = try parse(#"{"version": 1, "events": [], "overlay": true}"#)
        #expect(on.overlay)
        #expect(try parse(on.jsonText).overlay)
        #expect(!InputScript().jsonText.contains("overlay"))
        #expect(problem(#"{"version": 1, "events": [], "overlay": "yes"}"#)?.hasPrefix("s.json: overlay: must be") == true,
                "\(problem(#"{"version": 1, "events": [], "overlay": "yes"}"#) ?? "")")
    }
}
