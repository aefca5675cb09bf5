import Foundation

/// Snapping a drag to pages: UIKit-style projection with Android ViewPager's fling rule.
public enum Paging {
    /// A drag longer than this, released faster than `flingVelocity`, goes one page in its direction.
    public static let flingDistance = 25.0
    public static let flingVelocity = 400.0
    public static let maxSettleDuration = 0.6

    /// The page to settle on after a drag from page `startPage` released at `offset` with `velocity`
    /// (px/s, towards larger offsets when positive) having moved `dragDistance` px (signed), which
    /// the physics model would fling to `projectedLanding`.
    public static func target(offset: Double, velocity: Double, dragDistance: Double, startPage: Int,
                              pageLength: Double, pageCount: Int, projectedLanding landing: Double) -> Int {
        guard pageLength > 0, pageCount > 0 else { return 0 }
        var page: Int
        if abs(dragDistance) > flingDistance, abs(velocity) > flingVelocity {
            page = startPage + (dragDistance > 0 ? 1 : -1)
        } else {
            page = Int((landing / pageLength).rounded())
            page = min(startPage + 1, max(startPage - 1, page))
        }
        return min(pageCount - 1, max(0, page))
    }

    /// The settle from `from` to `to`, starting at `velocity` so it does not jerk: a cubic Hermite
    /// segment, no longer than 0.6 s; when the release is fast, shorter, so it stays monotone
    /// (`duration * velocity <= 3 * distance`) and never passes its target. Only a release faster
    /// than the shortest settle (0.12 s) can take, or one heading away from the target, starts slower.
    public static func settle(from: Double, to: Double, velocity: Double) -> ScrollAnimation {
        let distance = to - from
        var duration = maxSettleDuration * 0.75, start = 0.0
        if velocity * distance > 0 {
            duration = min(maxSettleDuration, max(minSettleDuration, 3 * distance / velocity))
            start = velocity.sign == .minus ? max(velocity, 3 * distance / duration) : min(velocity, 3 * distance / duration)
        }
        return ScrollAnimation(from: from, to: to, duration: duration, curve: .hermite(startVelocity: start))
    }

    public static let minSettleDuration = 0.12
}
