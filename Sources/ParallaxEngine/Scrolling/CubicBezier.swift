/// A CSS-style cubic-bezier timing function from (0,0) to (1,1) with control points (x1, y1), (x2, y2).
public struct CubicBezier: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    private static func coordinate(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    private static func derivative(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
    }

    /// The curve parameter whose x is `x` (Newton, falling back to bisection).
    private func parameter(forX x: Double) -> Double {
        var u = x
        for _ in 0..<8 {
            let error = Self.coordinate(u, x1, x2) - x
            if abs(error) < 1e-12 { return u }
            let slope = Self.derivative(u, x1, x2)
            if abs(slope) < 1e-9 { break }
            u -= error / slope
        }
        var low = 0.0, high = 1.0
        u = x
        for _ in 0..<60 {
            if Self.coordinate(u, x1, x2) < x { low = u } else { high = u }
            u = (low + high) / 2
        }
        return u
    }

    /// Progress at time fraction `x` in [0, 1].
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return Self.coordinate(parameter(forX: x), y1, y2)
    }

    /// d(progress)/d(time fraction) at `x`.
    public func slope(at x: Double) -> Double {
        let u = parameter(forX: min(1, max(0, x)))
        let dx = Self.derivative(u, x1, x2)
        guard abs(dx) > 1e-12 else { return u < 0.5 ? (x1 > 0 ? y1 / x1 : 0) : (x2 < 1 ? (1 - y2) / (1 - x2) : 0) }
        return Self.derivative(u, y1, y2) / dx
    }
}
