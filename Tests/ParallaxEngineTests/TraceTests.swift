import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct TraceTests {
    final class Fixed: Traceable {
        let name = "fixed"
        let viewport = Size(width: 10, height: 10)
        func handle(_ event: InputEvent, at time: Double) {}
        func update(to time: Double) {}
        func draw(into list: inout DisplayList) {}
        var scrollState: ScrollState { ScrollState(offset: Point(x: 0, y: 812.5), velocity: Point(x: 0, y: -1520.25), phase: .decelerating) }
        var traceGeometry: [String: JSONValue] { ["fraction": 0.5, "note": "a \"quoted\"\nline"] }
        var contentSummary: String { "nothing" }
    }

    @Test func oneLineOfJSONWithTheDocumentedFields() throws {
        let line = traceLine(frame: 12, time: 0.2, scene: Fixed())
        #expect(!line.contains("\n"))
        #expect(line == #"{"fraction":0.5,"frame":12,"note":"a \"quoted\"\nline","offset":{"x":0,"y":812.5},"phase":"decelerating","scene":"fixed","t":0.2,"velocity":{"x":0,"y":-1520.25}}"#)
        let parsed = try JSONValue.parse(Data(line.utf8), file: "trace")
        guard case let .object(fields) = parsed else { Issue.record("not an object"); return }
        #expect(fields["t"] == .number(0.2))
        #expect(fields["note"] == .string("a \"quoted\"\nline"))
    }

    /// Every kind of value keeps its kind: a boolean is no number, a number no boolean, whatever
    /// order the kinds are tried in.
    @Test func eachKindOfJSONValueParsesAsItself() throws {
        let text = #"[null, true, false, 0, 1, -2.5, 1e3, "1", "true", [], [1, [true]], {}, {"a": {"b": [null, "x"]}}]"#
        let expected: JSONValue = .array([
            .null, .bool(true), .bool(false), .number(0), .number(1), .number(-2.5), .number(1000), .string("1"), .string("true"),
            .array([]), .array([.number(1), .array([.bool(true)])]), .object([:]),
            .object(["a": .object(["b": .array([.null, .string("x")])])]),
        ])
        #expect(try JSONValue.parse(Data(text.utf8), file: "values.json") == expected)
    }

    @Test func thePresentTimeOnlyWhereThereWasAPresent() {
        let line = traceLine(frame: 3, time: 0.05, presentTime: 12345.678901234, scene: Fixed())
        #expect(line.contains(#""presentTime":12345.678901234,"scene""#), "full precision, sorted among the keys")
        #expect(!traceLine(frame: 3, time: 0.05, scene: Fixed()).contains("presentTime"))
    }
}
