/// Plain geometry values in logical pixels; y grows downwards.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var isFinite: Bool { width.isFinite && height.isFinite }
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}

public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { size.isEmpty }

    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two share an area (touching edges do not).
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}

/// Straight (non-premultiplied) 8-bit RGBA.
public struct Color: Hashable, Sendable, Codable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(gray: UInt8, a: UInt8 = 255) { self.init(r: gray, g: gray, b: gray, a: a) }
    public func withAlpha(_ a: UInt8) -> Color { Color(r: r, g: g, b: b, a: a) }
    public static let white = Color(gray: 255)

    /// This colour at its alpha over an opaque `background`: what blending it there shows.
    public func composited(over background: Color) -> Color {
        func channel(_ c: UInt8, _ under: UInt8) -> UInt8 {
            let below: Double = Double(under)
            let change: Double = (Double(c) - below) * Double(a) / 255
            let blended: Double = below + change
            return UInt8(blended.rounded())
        }
        return Color(r: channel(r, background.r), g: channel(g, background.g), b: channel(b, background.b))
    }
}
