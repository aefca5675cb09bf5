import Foundation

/// A notched wheel as GTK sizes it and Chromium animates it.
public enum WheelAnimation {
    /// One notch: `min(P^(2/3), P/2)` px for a viewport of length `P` (GTK4).
    public static func notchLength(viewport p: Double) -> Double {
        guard p > 0 else { return 0 }
        return min(pow(p, 2.0 / 3.0), p / 2)
    }

    /// Chromium's duration for a move of `delta` px: `clamp(14 - |delta|/60, 6, 12) / 60` s.
    public static func duration(delta: Double) -> Double {
        min(12, max(6, 14 - abs(delta) / 60)) / 60
    }

    /// An ease-in-out move (cubic-bezier(0.42, 0, 0.58, 1)) from `from` to `to`, starting at
    /// `velocity` px/s: as Chromium's retargeting does, the first control point is raised so the
    /// curve's initial slope matches the current velocity, and a retarget keeps moving smoothly.
    /// The raise is capped where the curve would overshoot its target; a notch against the current
    /// motion starts from rest.
    public static func animation(from: Double, to: Double, velocity: Double) -> ScrollAnimation {
        let delta = to - from
        let duration = self.duration(delta: delta)
        var y1 = 0.0
        if delta != 0, velocity * delta > 0 {
            let slope = velocity * duration / delta
            y1 = min(1, CubicBezier.easeInOut.x1 * slope)
        }
        let b = CubicBezier.easeInOut
        return ScrollAnimation(from: from, to: to, duration: duration, curve: .bezier(CubicBezier(b.x1, y1, b.x2, b.y2)))
    }
}
