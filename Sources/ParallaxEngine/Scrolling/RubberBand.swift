/// UIKit's rubber band: `distance` past an edge shows as `(1 - 1/(x c / D + 1)) D`, with `c` = 0.55
/// and `D` the viewport's length on that axis. It resists more the further it goes, below `D`.
public enum RubberBand {
    public static func resisted(_ distance: Double, dimension d: Double, constant c: Double) -> Double {
        guard d > 0, c > 0, distance > 0 else { return 0 }
        return (1 - 1 / (distance * c / d + 1)) * d
    }

    /// The distance that shows as `resisted` (the inverse), so a drag can resume mid-bounce.
    public static func distance(showing resisted: Double, dimension d: Double, constant c: Double) -> Double {
        guard d > 0, c > 0, resisted > 0 else { return 0 }
        let r = min(resisted, d * 0.999_999)
        return (1 / (1 - r / d) - 1) * d / c
    }
}
