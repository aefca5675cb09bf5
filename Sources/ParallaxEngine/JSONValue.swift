import Foundation

/// A parsed JSON document kept as plain values, so readers can name the exact field path of a problem.
public indirect enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        // Each kind tried and not found is an error thrown, and a test process records a backtrace
        // for every error thrown: the commonest kinds go first (a motion golden's lines are mostly
        // numbers in arrays). JSONDecoder converts none of them into another.
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else if let o = try? c.decode([String: JSONValue].self) { self = .object(o) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else { self = .bool(try c.decode(Bool.self)) }
    }

    /// Parses `data`, turning Foundation's error into one line about `file`.
    public static func parse(_ data: Data, file: String) throws(InputFileError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw InputFileError(file: file, problem: "not valid JSON" + (detail.map { " (\($0))" } ?? ""))
        } catch {
            throw InputFileError(file: file, problem: "not valid JSON")
        }
    }

    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Reads the fields of one JSON object, naming `file` and the field's path in every error.
public struct JSONObjectReader {
    public let file: String
    public let path: String
    let fields: [String: JSONValue]

    public init(_ value: JSONValue, file: String, path: String = "") throws(InputFileError) {
        guard case let .object(fields) = value else {
            throw InputFileError(file: file, path: path, problem: "must be an object, found \(value.kindName)")
        }
        self.file = file; self.path = path; self.fields = fields
    }

    /// The root object of a versioned document (`{"version": N, ...}`) with exactly these fields.
    public static func versionedDocument(_ data: Data, file: String, version: Int, fields: Set<String>) throws(InputFileError) -> JSONObjectReader {
        let root = try JSONObjectReader(try JSONValue.parse(data, file: file), file: file)
        try root.rejectUnknownFields(fields.union(["version"]))
        let found = try root.number("version")
        guard found == Double(version) else {
            throw InputFileError(file: file, path: "version", problem: "unknown version \(found.formatted), this parallax reads version \(version)")
        }
        return root
    }

    /// A file's bytes, or the one-line error for a file that cannot be read.
    public static func contents(of path: String) throws(InputFileError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputFileError(file: path, problem: "cannot read the file")
        }
        return data
    }

    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func fail(_ key: String, _ problem: String) -> InputFileError {
        InputFileError(file: file, path: fieldPath(key), problem: problem)
    }

    public func has(_ key: String) -> Bool { fields[key] != nil }

    /// The object's field names, sorted.
    public var keys: [String] { fields.keys.sorted() }

    /// The object itself.
    public var value: JSONValue { .object(fields) }

    /// Fails on any field not in `known`, naming it (typos should not be silently ignored).
    public func rejectUnknownFields(_ known: Set<String>) throws(InputFileError) {
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "unknown field (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
    }

    public func value(_ key: String) throws(InputFileError) -> JSONValue {
        guard let v = fields[key] else { throw fail(key, "missing") }
        return v
    }

    /// A finite number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
                       default fallback: Double? = nil) throws(InputFileError) -> Double {
        guard let v = fields[key] else {
            if let fallback { return fallback }
            throw fail(key, "missing")
        }
        guard case let .number(n) = v else { throw fail(key, "must be a number, found \(v.kindName)") }
        guard n.isFinite else { throw fail(key, "must be finite") }
        guard range.contains(n) else {
            if range.upperBound == .greatestFiniteMagnitude { throw fail(key, "must be at least \(range.lowerBound.formatted), found \(n.formatted)") }
            throw fail(key, "must be between \(range.lowerBound.formatted) and \(range.upperBound.formatted), found \(n.formatted)")
        }
        return n
    }

    public func bool(_ key: String, default fallback: Bool? = nil) throws(InputFileError) -> Bool {
        guard let v = fields[key] else {
            if let fallback { return fallback }
            throw fail(key, "missing")
        }
        guard case let .bool(b) = v else { throw fail(key, "must be true or false, found \(v.kindName)") }
        return b
    }

    public func string(_ key: String) throws(InputFileError) -> String {
        let v = try value(key)
        guard case let .string(s) = v else { throw fail(key, "must be a string, found \(v.kindName)") }
        return s
    }

    public func array(_ key: String) throws(InputFileError) -> [JSONValue] {
        let v = try value(key)
        guard case let .array(a) = v else { throw fail(key, "must be an array, found \(v.kindName)") }
        return a
    }

    public func object(_ key: String) throws(InputFileError) -> JSONObjectReader {
        try JSONObjectReader(try value(key), file: file, path: fieldPath(key))
    }
}

extension Double {
    /// Whole numbers without a trailing ".0", as a user wrote them.
    public var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension JSONValue {
    /// Compact JSON text with sorted keys (deterministic). Whole numbers print without a fraction;
    /// a non-finite number, which JSON cannot hold, prints as null.
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n.isFinite ? n.formatted : "null"
        case let .string(s): JSONValue.writeString(s, to: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(fields):
            out += "{"
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
}
