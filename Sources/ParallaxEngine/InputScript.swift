import Foundation

/// A scripted input timeline: what `parallax capture`, `run --script` and `record` read and write.
/// The format is documented in docs/file-formats.md, "Script format".
public struct InputScript: Equatable, Sendable {
    public static let currentVersion = 1
    public static let defaultSize = Size(width: 1280, height: 800)
    /// Largest window side a script may ask for; beyond it a capture would need gigabytes.
    public static let maxSide = 16384.0

    public var scene: String?
    public var size: Size?
    public var events: [TimedInput]
    public var captures: [Double]
    /// The wall clock at the script's time 0, for what a scene shows of it (`TimeOfDay`).
    public var clock: TimeOfDay?
    /// The scroll physics model to replay under (`ScrollPhysicsModels`); nil: the config's, else `uikit`.
    public var physics: String?
    /// Draw the compact frame-time panel on the captures: its numbers come from the virtual clock
    /// (60 fps, every interval 16.7 ms), so its pixels are the same on every run.
    public var overlay = false
    /// How far `verify` lets this script's motion stray from its motion golden, per kind, in place
    /// of the defaults (`MotionTolerance.standard`); `--motion-tolerance` overrides these in turn.
    public var motionTolerance: [MotionKind: Double] = [:]

    public init(scene: String? = nil, size: Size? = nil, events: [TimedInput] = [], captures: [Double] = [], clock: TimeOfDay? = nil,
                physics: String? = nil) {
        self.scene = scene; self.size = size; self.events = events; self.captures = captures; self.clock = clock; self.physics = physics
    }

    /// Reads a script file; every problem is one `InputFileError` naming the file and field.
    public static func load(path: String, knownScenes: [String]) throws(InputFileError) -> InputScript {
        try parse(try JSONObjectReader.contents(of: path), file: path, knownScenes: knownScenes)
    }

    public static func parse(_ data: Data, file: String, knownScenes: [String]) throws(InputFileError) -> InputScript {
        let root = try JSONObjectReader.versionedDocument(data, file: file, version: currentVersion,
                                                          fields: ["scene", "size", "events", "captures", "clock", "physics", "overlay",
                                                                   "motionTolerance"])
        var script = InputScript()
        if root.has("scene") {
            let scene = try root.string("scene")
            guard knownScenes.contains(scene) else {
                throw InputFileError(file: file, path: "scene", problem: "unknown scene '\(scene)' (scenes: \(knownScenes.joined(separator: ", ")))")
            }
            script.scene = scene
        }
        if root.has("size") { script.size = try readSize(try root.object("size")) }
        script.overlay = try root.bool("overlay", default: false)
        if root.has("motionTolerance") {
            let limits = try root.object("motionTolerance")
            try limits.rejectUnknownFields(Set(MotionKind.allCases.map(\.rawValue)))
            for kind in MotionKind.allCases where limits.has(kind.rawValue) {
                script.motionTolerance[kind] = try limits.number(kind.rawValue, in: 0...Double.greatestFiniteMagnitude)
            }
        }
        if root.has("physics") { script.physics = try ScrollPhysicsModels.checked(try root.string("physics"), file: file, path: "physics") }
        if root.has("clock") {
            let text = try root.string("clock")
            guard let clock = TimeOfDay(parsing: text) else {
                throw InputFileError(file: file, path: "clock", problem: "'\(text)' is not a time of day as HH:MM (00:00 to 23:59)")
            }
            script.clock = clock
        }
        for (i, value) in try root.array("events").enumerated() {
            let event = try readEvent(try JSONObjectReader(value, file: file, path: "events[\(i)]"))
            if let previous = script.events.last, event.time < previous.time {
                throw InputFileError(file: file, path: "events[\(i)].t", problem: "earlier than the event before it (events must be in time order)")
            }
            script.events.append(event)
        }
        if root.has("captures") {
            for (i, value) in try root.array("captures").enumerated() {
                guard case let .number(t) = value else {
                    throw InputFileError(file: file, path: "captures[\(i)]", problem: "must be a number, found \(value.kindName)")
                }
                guard t.isFinite, t >= 0 else {
                    throw InputFileError(file: file, path: "captures[\(i)]", problem: "must be a finite time of at least 0")
                }
                script.captures.append(t)
            }
        }
        return script
    }

    /// `extraFields` are the other fields of an object that carries a size among them (a resize event).
    static func readSize(_ r: JSONObjectReader, extraFields: Set<String> = []) throws(InputFileError) -> Size {
        try r.rejectUnknownFields(extraFields.union(["width", "height"]))
        return Size(width: try r.number("width", in: 1...maxSide), height: try r.number("height", in: 1...maxSide))
    }

    static func readEvent(_ r: JSONObjectReader) throws(InputFileError) -> TimedInput {
        let t = try r.number("t", in: 0...Double.greatestFiniteMagnitude)
        let type = try r.string("type")
        let event: InputEvent
        switch type {
        case "wheel", "scroll":
            if type == "wheel", r.has("precise") {
                throw InputFileError(file: r.file, path: r.fieldPath("precise"),
                                     problem: "precise wheel deltas are now `scroll` events in pixels (a notch is min(P^(2/3), P/2) px of a P px viewport)")
            }
            try r.rejectUnknownFields(type == "wheel" ? ["t", "type", "dx", "dy", "shift"] : ["t", "type", "dx", "dy", "liftFollows", "shift"])
            // A script's `dy` is positive away from the user, as a wheel's (docs/file-formats.md,
            // "Script format"), which scrolls back up the content.
            let dx = try r.number("dx", default: 0), dy = -(try r.number("dy", default: 0)), shift = try r.bool("shift", default: false)
            event = type == "wheel" ? .wheel(dx: dx, dy: dy, shift: shift)
                : .scroll(dx: dx, dy: dy, liftFollows: try r.bool("liftFollows", default: false), shift: shift)
        case "fingersLifted":
            try r.rejectUnknownFields(["t", "type"])
            event = .fingersLifted
        case "mouseDown", "mouseMove", "mouseUp":
            try r.rejectUnknownFields(["t", "type", "x", "y"])
            let p = Point(x: try r.number("x"), y: try r.number("y"))
            event = type == "mouseDown" ? .mouseDown(p) : type == "mouseMove" ? .mouseMove(p) : .mouseUp(p)
        case "key":
            try r.rejectUnknownFields(["t", "type", "key", "shift"])
            let name = try r.string("key")
            guard let key = Key(name: name) else {
                throw InputFileError(file: r.file, path: r.fieldPath("key"),
                                     problem: "unknown key '\(name)' (keys: \(Key.allCases.map(\.name).joined(separator: ", ")))")
            }
            event = .key(key, shift: try r.bool("shift", default: false))
        case "resize":
            event = .resize(try readSize(r, extraFields: ["t", "type"]))
        default:
            throw InputFileError(file: r.file, path: r.fieldPath("type"),
                                 problem: "unknown event type '\(type)' (types: wheel, scroll, fingersLifted, mouseDown, mouseMove, mouseUp, key, resize)")
        }
        return TimedInput(time: t, event: event)
    }
}

extension InputScript {
    /// The script in its documented format, one event per line; `parse` reads it back unchanged.
    public var jsonText: String {
        var header: [String: JSONValue] = ["version": .number(Double(Self.currentVersion))]
        if let scene { header["scene"] = .string(scene) }
        if let size { header["size"] = .object(["width": .number(size.width), "height": .number(size.height)]) }
        if let clock { header["clock"] = .string(clock.text(after: 0)) }
        if let physics { header["physics"] = .string(physics) }
        if overlay { header["overlay"] = .bool(true) }
        if !motionTolerance.isEmpty {
            header["motionTolerance"] = .object(Dictionary(uniqueKeysWithValues: motionTolerance.map { ($0.key.rawValue, .number($0.value)) }))
        }
        let head = header.keys.sorted().map { "\"\($0)\": \(header[$0]!.jsonText)" }.joined(separator: ", ")
        let events = events.map { "  " + Self.encode($0).jsonText }.joined(separator: ",\n")
        let captures = JSONValue.array(captures.map { .number($0) }).jsonText
        return "{\(head),\n \"events\": [\n\(events)\(events.isEmpty ? "" : "\n") ],\n \"captures\": \(captures)}\n"
    }

    /// One event as the script format writes it: `{"t":0.7,"type":"mouseUp","x":400,"y":2}`.
    public static func encode(_ input: TimedInput) -> JSONValue {
        var fields: [String: JSONValue] = ["t": .number(input.time)]
        switch input.event {
        case let .wheel(dx, dy, shift), let .scroll(dx, dy, _, shift):
            fields["type"] = if case .wheel = input.event { "wheel" } else { "scroll" }
            if dx != 0 { fields["dx"] = .number(dx) }
            if dy != 0 { fields["dy"] = .number(-dy) }  // the script's sense: positive away from the user
            if case .scroll(_, _, true, _) = input.event { fields["liftFollows"] = .bool(true) }
            if shift { fields["shift"] = .bool(true) }
        case .fingersLifted:
            fields["type"] = "fingersLifted"
        case let .mouseDown(p), let .mouseMove(p), let .mouseUp(p):
            switch input.event {
            case .mouseDown: fields["type"] = "mouseDown"
            case .mouseMove: fields["type"] = "mouseMove"
            default: fields["type"] = "mouseUp"
            }
            fields["x"] = .number(p.x)
            fields["y"] = .number(p.y)
        case let .key(key, shift):
            fields["type"] = "key"
            fields["key"] = .string(key.name)
            if shift { fields["shift"] = .bool(true) }
        case let .resize(size):
            fields["type"] = "resize"
            fields["width"] = .number(size.width)
            fields["height"] = .number(size.height)
        }
        return .object(fields)
    }
}
