import ParallaxEngine

/// Slow motion (T, `--time-scale`): the playground hands its scenes a time that runs at
/// `timeScale` of the frames' time, so a fling, a spring, a wheel notch and every ease play slower
/// while the frame rate stays; a change of speed keeps the scenes' time continuous.
extension Playground {
    public static let timeScales = [1.0, 1.0 / 2, 1.0 / 4, 1.0 / 10]

    /// The scenes' time at frame time `t` (exactly `t` until the speed first changes).
    func sceneTime(at t: Double) -> Double {
        timeAnchor.scene + (t - timeAnchor.frame) * timeScale
    }

    /// Runs the scenes' time at `scale` of the frames' from frame time `t` on.
    public func setTimeScale(_ scale: Double, at t: Double) {
        guard t.isFinite, scale > 0, scale.isFinite else { return }
        timeAnchor = (t, sceneTime(at: t))
        timeScale = scale
    }

    /// T: the next speed of `timeScales`, after 1/10 back to 1.
    func cycleTimeScale(at t: Double) {
        let i = Self.timeScales.firstIndex { abs($0 - timeScale) < 1e-9 } ?? 0
        setTimeScale(Self.timeScales[(i + 1) % Self.timeScales.count], at: t)
    }

    /// "1/4" for a quarter speed.
    public static func timeScaleText(_ scale: Double) -> String {
        scale >= 1 ? "1" : "1/\(Int((1 / scale).rounded()))"
    }
}
