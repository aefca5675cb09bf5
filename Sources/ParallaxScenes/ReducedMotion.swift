/// Where reduced motion's state comes from, the first that says: the user in the running app (M,
/// the tuning panel's switch), the config file's `reducedMotion`, `PARALLAX_REDUCED_MOTION`, the
/// desktop's setting; else it is off (docs/physics-and-effects.md, "Reduced motion").
public enum ReducedMotionSource: String, Sendable {
    case app, configFile, environment, desktop, none

    /// As the help panel says it: "reduced motion (from the desktop)"; nothing for the default.
    public var shown: String? {
        switch self {
        case .app: "set in the app"
        case .configFile: "from the config file"
        case .environment: "from PARALLAX_REDUCED_MOTION"
        case .desktop: "from the desktop"
        case .none: nil
        }
    }
}

/// Reduced motion and what set it.
public struct ReducedMotion: Sendable, Equatable {
    public var on: Bool
    public var source: ReducedMotionSource

    public init(on: Bool, source: ReducedMotionSource) {
        self.on = on
        self.source = source
    }

    public static let off = ReducedMotion(on: false, source: .none)

    /// Reduced motion by precedence: the app's own choice (M), then the config file's, then
    /// `PARALLAX_REDUCED_MOTION` (1 on, 0 off; anything else says nothing), then the desktop's
    /// (`desktop` is asked only where nothing above says), else off.
    public static func resolve(app: Bool? = nil, configFile: Bool?, environment: String?, desktop: () -> Bool?) -> ReducedMotion {
        if let app { return ReducedMotion(on: app, source: .app) }
        if let configFile { return ReducedMotion(on: configFile, source: .configFile) }
        switch environment {
        case "1": return ReducedMotion(on: true, source: .environment)
        case "0": return ReducedMotion(on: false, source: .environment)
        default: break
        }
        return desktop().map { ReducedMotion(on: $0, source: .desktop) } ?? .off
    }
}
