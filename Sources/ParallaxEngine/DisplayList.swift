/// Names an image resource (a file name under `Resources/Images`).
public struct ImageID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

public struct Font: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, bold }
    public var size: Double
    public var weight: Weight
    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }
}

public struct FillRect: Hashable, Sendable {
    public var rect: Rect
    public var color: Color
    public var clip: Rect?
    public var opacity: Double
}

/// `source` is in the image's pixels; `destination` and `clip` in logical window pixels.
public struct ImageQuad: Hashable, Sendable {
    public var image: ImageID
    public var source: Rect
    public var destination: Rect
    public var clip: Rect?
    public var opacity: Double
}

/// One line of text; `origin` is the top-left of its line box.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var font: Font
    public var origin: Point
    public var color: Color
    public var clip: Rect?
    public var opacity: Double
}

public enum DrawCommand: Hashable, Sendable {
    case fill(FillRect)
    case image(ImageQuad)
    case text(TextRun)
}

/// What a scene hands the renderer each frame, drawn in order (painter's algorithm).
public struct DisplayList: Sendable {
    public private(set) var commands: [DrawCommand] = []
    public init() {}

    public mutating func removeAll() { commands.removeAll(keepingCapacity: true) }

    public mutating func fill(_ rect: Rect, _ color: Color, clip: Rect? = nil, opacity: Double = 1) {
        commands.append(.fill(FillRect(rect: rect, color: color, clip: clip, opacity: opacity)))
    }

    public mutating func image(_ image: ImageID, source: Rect, destination: Rect, clip: Rect? = nil, opacity: Double = 1) {
        commands.append(.image(ImageQuad(image: image, source: source, destination: destination, clip: clip, opacity: opacity)))
    }

    public mutating func text(_ text: String, font: Font, at origin: Point, color: Color, clip: Rect? = nil, opacity: Double = 1) {
        commands.append(.text(TextRun(text: text, font: font, origin: origin, color: color, clip: clip, opacity: opacity)))
    }
}


extension DisplayList {
    /// The image quads, in drawing order (for tests and tools that inspect a frame).
    public var imageQuads: [ImageQuad] {
        commands.compactMap { if case let .image(quad) = $0 { quad } else { nil } }
    }

    /// The text runs, in drawing order.
    public var textRuns: [TextRun] {
        commands.compactMap { if case let .text(run) = $0 { run } else { nil } }
    }
}
