import Foundation
import ParallaxEngine

/// A value of one quantity at one frame: a number, or the scroll phase's name.
public enum MotionValue: Equatable, Sendable {
    case number(Double)
    case text(String)

    public var number: Double? { if case let .number(n) = self { n } else { nil } }

    /// As the verdict shows it: numbers to the decimals the golden keeps.
    func shown(kind: MotionKind) -> String {
        switch self {
        case let .number(n): MotionTimeline.decimal(n, kind: kind)
        case let .text(t): t
        }
    }
}

/// Every frame's motion of one script's timeline: what `<goldens>/<script>.motion.jsonl` holds
/// (docs/visual-regression.md, "Motion goldens"). The file is a header line, then one compact JSON
/// line per frame, values rounded to what `MotionKind.decimals` keeps, so it diffs line by line in
/// git. A run's motion is built the same way and compared in the same form.
public struct MotionTimeline: Equatable, Sendable {
    public static let format = "parallax-motion"
    public static let version = 1

    /// One frame: its scene and physics model, and its quantities by name (`offset.y`, `phase`,
    /// `items[3].shift`), numbers rounded as the file keeps them.
    public struct Frame: Equatable, Sendable {
        public var scene: String
        public var physics: String?
        public var values: [String: MotionValue]
    }

    /// The script's name (its file's, without `.json`).
    public var script: String
    /// The scene and physics model at frame 0; a frame line names its own only where they differ.
    public var scene: String
    public var physics: String?
    public var rate: Double
    /// Each scene's quantities in order, a group's columns as `items[index].y`.
    public var quantities: [String: [String]]
    /// The settings the run was made with (for the playground, its config file's fields), so a
    /// verdict can say which differ and the golden's frames can be drawn again; nil where unknown.
    public var settings: JSONValue?
    public var frames: [Frame]

    public var frameCount: Int { frames.count }

    /// The timeline of a run: one sample a frame, from frame 0.
    public init(script: String, rate: Double = FrameClock.standardRate, samples: [MotionSample]) {
        self.script = script
        self.rate = rate
        scene = samples.first?.scene ?? ""
        physics = samples.first?.physics
        quantities = [:]
        frames = []
        for sample in samples {
            if quantities[sample.scene] == nil { quantities[sample.scene] = Self.quantityList(sample) }
            var values: [String: MotionValue] = ["phase": .text(sample.phase.rawValue)]
            for v in sample.values { values[v.name] = .number(Self.rounded(v.value, kind: MotionKind(quantity: v.name))) }
            for group in sample.groups {
                for row in group.rows {
                    for (column, value) in zip(group.columns, row.values) {
                        let name = "\(group.name)[\(row.key)].\(column)"
                        values[name] = .number(Self.rounded(value, kind: MotionKind(quantity: name)))
                    }
                }
            }
            frames.append(Frame(scene: sample.scene, physics: sample.physics, values: values))
        }
    }

    static func quantityList(_ sample: MotionSample) -> [String] {
        sample.values.map(\.name) + ["phase"] + sample.groups.flatMap { g in g.columns.map { "\(g.name)[\(g.key)].\($0)" } }
    }

    /// Rounded to the decimals a golden keeps; -0 is 0, so a file never shows both.
    static func rounded(_ x: Double, kind: MotionKind) -> Double {
        guard x.isFinite else { return x }
        let scale = pow(10, Double(kind.decimals))
        let r = (x * scale).rounded() / scale
        return r == 0 ? 0 : r
    }

    /// `x` as the golden keeps a quantity of `kind`: rounded, without trailing zeros.
    public static func decimal(_ x: Double, kind: MotionKind) -> String {
        x.isFinite ? rounded(x, kind: kind).formatted : String(x)
    }

    // MARK: The file

    /// The golden's text: the header line, then a line a frame.
    public var text: String {
        var header: [String: JSONValue] = [
            "format": .string(Self.format), "version": .number(Double(Self.version)), "script": .string(script),
            "scene": .string(scene), "rate": .number(rate), "frames": .number(Double(frames.count)),
            "quantities": .object(quantities.mapValues { .array($0.map { .string($0) }) }),
        ]
        if let physics { header["physics"] = .string(physics) }
        if let settings { header["settings"] = settings }
        var out = JSONValue.object(header).jsonText + "\n"
        for (i, frame) in frames.enumerated() { out += line(i, frame) + "\n" }
        return out
    }

    private func line(_ index: Int, _ frame: Frame) -> String {
        var fields: [String: JSONValue] = ["f": .number(Double(index))]
        if frame.scene != scene { fields["scene"] = .string(frame.scene) }
        if frame.physics != physics, let p = frame.physics { fields["physics"] = .string(p) }
        var groups: [(name: String, columns: [String])] = []
        for name in quantities[frame.scene] ?? [] {
            if let (group, _, column) = Self.groupColumn(name) {
                if let i = groups.firstIndex(where: { $0.name == group }) { groups[i].columns.append(column) } else { groups.append((group, [column])) }
                continue
            }
            switch frame.values[name] {
            case let .number(n)?: fields[name] = .number(n)
            case let .text(t)?: fields[name] = .string(t)
            case nil: break
            }
        }
        // A group's rows by key, each the key and then the columns in the header's order.
        for group in groups {
            var rows: [Int: [JSONValue]] = [:]
            for (name, value) in frame.values {
                guard let (g, key, column) = Self.rowName(name), g == group.name, let c = group.columns.firstIndex(of: column) else { continue }
                rows[key, default: Array(repeating: .null, count: group.columns.count)][c] = value.number.map { .number($0) } ?? .null
            }
            fields[group.name] = .array(rows.keys.sorted().map { .array([.number(Double($0))] + rows[$0]!) })
        }
        return JSONValue.object(fields).jsonText
    }

    /// `items[index].y` in a quantity list: the group and the column.
    public static func groupColumn(_ name: String) -> (group: String, key: String, column: String)? {
        guard let open = name.firstIndex(of: "["), let close = name.firstIndex(of: "]"), open < close,
              name.index(after: close) < name.endIndex, name[name.index(after: close)] == "." else { return nil }
        return (String(name[..<open]), String(name[name.index(after: open)..<close]), String(name[name.index(close, offsetBy: 2)...]))
    }

    /// `items[3].y` in a frame: the group, the row's key and the column.
    static func rowName(_ name: String) -> (group: String, key: Int, column: String)? {
        guard let parts = groupColumn(name), let key = Int(parts.key) else { return nil }
        return (parts.group, key, parts.column)
    }

    /// Reads a golden; every problem is one `InputFileError` naming the file and the line.
    public static func load(path: String) throws(InputFileError) -> MotionTimeline {
        try parse(try JSONObjectReader.contents(of: path), file: path)
    }

    public static func parse(_ data: Data, file: String) throws(InputFileError) -> MotionTimeline {
        guard let text = String(data: data, encoding: .utf8) else { throw InputFileError(file: file, problem: "not UTF-8 text") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { throw InputFileError(file: file, path: "line 1", problem: "empty: a motion golden starts with its header line") }
        var (timeline, declaredFrames) = try onLine(1, file: file) { () throws(InputFileError) in try parseHeader(first, file: file) }
        for (i, line) in lines.dropFirst().enumerated() {
            let frame = try onLine(i + 2, file: file) { () throws(InputFileError) in try timeline.parseFrame(line, index: i, file: file) }
            timeline.frames.append(frame)
        }
        guard timeline.frames.count == declaredFrames else {
            throw InputFileError(file: file, path: "line \(lines.count)",
                                 problem: "the header says \(declaredFrames) frames, the file has \(timeline.frames.count) (cut short or edited?)")
        }
        return timeline
    }

    /// Runs `body`, naming line `number` in its error.
    private static func onLine<T>(_ number: Int, file: String, _ body: () throws(InputFileError) -> T) throws(InputFileError) -> T {
        do {
            return try body()
        } catch {
            var located = error
            located.path = "line \(number)" + (error.path.isEmpty ? "" : ": " + error.path)
            throw located
        }
    }

    /// The timeline the header line describes, without frames, and how many frames it says follow.
    private static func parseHeader(_ line: Substring, file: String) throws(InputFileError) -> (MotionTimeline, Int) {
        let header = try JSONObjectReader(try parseLine(line, file: file), file: file)
        try header.rejectUnknownFields(["format", "version", "script", "scene", "physics", "rate", "frames", "quantities", "settings"])
        guard try header.string("format") == format else {
            throw InputFileError(file: file, problem: "not a motion golden (its format is not \"\(format)\")")
        }
        let version = try header.number("version")
        guard version == Double(Self.version) else {
            throw InputFileError(file: file, problem: "unknown version \(version.formatted), this parallax reads version \(Self.version)")
        }
        var timeline = MotionTimeline(script: try header.string("script"), rate: try header.number("rate", in: 1...1000), samples: [])
        timeline.scene = try header.string("scene")
        timeline.physics = header.has("physics") ? try header.string("physics") : nil
        if header.has("settings") { timeline.settings = try header.object("settings").value }
        let declaredFrames = Int(try header.number("frames", in: 0...1e7))
        let quantities = try header.object("quantities")
        for scene in quantities.keys {
            timeline.quantities[scene] = try quantities.array(scene).enumerated().map { (i, value) throws(InputFileError) -> String in
                guard case let .string(name) = value else {
                    throw InputFileError(file: file, path: "quantities.\(scene)[\(i)]", problem: "must be a quantity's name")
                }
                return name
            }
        }
        guard timeline.quantities[timeline.scene] != nil else {
            throw InputFileError(file: file, problem: "no quantities listed for its scene '\(timeline.scene)'")
        }
        return (timeline, declaredFrames)
    }

    private static func parseLine(_ line: Substring, file: String) throws(InputFileError) -> JSONValue {
        do {
            return try JSONValue.parse(Data(line.utf8), file: file)
        } catch {
            var explained = error
            explained.problem += " (a line cut short or edited by hand?)"
            throw explained
        }
    }

    private func parseFrame(_ line: Substring, index: Int, file: String) throws(InputFileError) -> Frame {
        let fields = try JSONObjectReader(try Self.parseLine(line, file: file), file: file)
        func fail(_ problem: String) -> InputFileError { InputFileError(file: file, problem: problem) }
        let f = try fields.number("f")
        guard f == Double(index) else {
            throw fail("frame \(f.formatted) where frame \(index) belongs (one line a frame, in order from 0)")
        }
        let scene = fields.has("scene") ? try fields.string("scene") : self.scene
        guard let names = quantities[scene] else { throw fail("scene '\(scene)' has no quantities in the header") }
        var frame = Frame(scene: scene, physics: fields.has("physics") ? try fields.string("physics") : physics, values: [:])
        var known: Set<String> = ["f", "scene", "physics"]
        var groups: [String: [String]] = [:]
        for name in names {
            if let column = Self.groupColumn(name) {
                groups[column.group, default: []].append(column.column)
                continue
            }
            known.insert(name)
            if name == "phase" {
                let phase = try fields.string(name)
                guard ScrollPhase(rawValue: phase) != nil else {
                    throw fail("phase: '\(phase)' is not a phase (\(ScrollPhase.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                frame.values[name] = .text(phase)
            } else {
                frame.values[name] = .number(try fields.number(name))
            }
        }
        for (group, columns) in groups {
            known.insert(group)
            for (r, row) in try fields.array(group).enumerated() {
                guard case let .array(cells) = row, cells.count == columns.count + 1,
                      case let .number(key)? = cells.first, key == key.rounded(), abs(key) < 1e9 else {
                    throw fail("\(group)[\(r)]: must be [key, \(columns.joined(separator: ", "))]")
                }
                for (column, cell) in zip(columns, cells.dropFirst()) {
                    guard case let .number(n) = cell, n.isFinite else { throw fail("\(group)[\(r)]: \(column) must be a finite number") }
                    frame.values["\(group)[\(Int(key))].\(column)"] = .number(n)
                }
            }
        }
        try fields.rejectUnknownFields(known)
        return frame
    }
}

/// Collects every frame's motion as `Capture.frames` runs the frames (its `onFrame`), for a timeline.
public final class MotionRecorder {
    public private(set) var samples: [MotionSample] = []
    public init() {}

    /// Keeps the frame's motion, where the scene says it (`Traceable`).
    public func observe(_ scene: Scene) {
        if let scene = scene as? Traceable { samples.append(scene.motionSample) }
    }

    /// The frames so far as a timeline; nil for a scene that says no motion.
    public func timeline(script: String) -> MotionTimeline? {
        samples.isEmpty ? nil : MotionTimeline(script: script, samples: samples)
    }
}
