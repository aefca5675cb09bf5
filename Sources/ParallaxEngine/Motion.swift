import Foundation

/// One frame's motion as a motion golden keeps it (docs/visual-regression.md, "Motion goldens"): a
/// fixed list of quantities per scene, not every trace field, so a field added to traces later
/// rewrites no golden.
public struct MotionSample: Equatable, Sendable {
    /// Rows of one kind of thing on screen, each known by an integer key that stays with it from
    /// frame to frame: the feed's cells by index, the pager's layers by `3 * page + layer`.
    public struct Group: Equatable, Sendable {
        public var name: String
        /// The key's name: `index`, `layer`.
        public var key: String
        public var columns: [String]
        public var rows: [Row]
        public init(name: String, key: String, columns: [String], rows: [Row]) {
            self.name = name; self.key = key; self.columns = columns; self.rows = rows
        }
    }

    public struct Row: Equatable, Sendable {
        public var key: Int
        /// In the group's column order.
        public var values: [Double]
        public init(key: Int, values: [Double]) { self.key = key; self.values = values }
    }

    public struct Value: Equatable, Sendable {
        public var name: String
        public var value: Double
        public init(_ name: String, _ value: Double) { self.name = name; self.value = value }
    }

    public var scene: String
    /// The physics model, where the scene has a choice of them (the playground's).
    public var physics: String?
    public var phase: ScrollPhase
    /// Single numbers, in the scene's order: `offset.y`, `velocity.y`, ...
    public var values: [Value]
    public var groups: [Group]

    public init(scene: String, physics: String? = nil, phase: ScrollPhase, values: [Value], groups: [Group] = []) {
        self.scene = scene; self.physics = physics; self.phase = phase; self.values = values; self.groups = groups
    }

    /// The scroll offset and velocity along the axis a scene scrolls on, and its phase.
    public init(scene: String, state: ScrollState, horizontal: Bool, values: [Value] = [], groups: [Group] = []) {
        let axis = horizontal ? "x" : "y"
        let offset = horizontal ? state.offset.x : state.offset.y, velocity = horizontal ? state.velocity.x : state.velocity.y
        self.init(scene: scene, phase: state.phase, values: [Value("offset." + axis, offset), Value("velocity." + axis, velocity)] + values,
                  groups: groups)
    }

    /// A rect as four values, `name.x`, `name.y`, `name.width`, `name.height`.
    public static func rect(_ name: String, _ r: Rect) -> [Value] {
        [Value(name + ".x", r.minX), Value(name + ".y", r.minY), Value(name + ".width", r.width), Value(name + ".height", r.height)]
    }
}

/// What a quantity measures, which sets how finely a golden keeps it and how far a run may stray
/// from it (`MotionTolerance`). Told by the quantity's name (`MotionKind(quantity:)`), so a golden
/// needs to carry no more than the names.
public enum MotionKind: String, Sendable, CaseIterable, Comparable {
    /// The scroll offset, px.
    case offset
    /// The scroll velocity, px/s, compared relative to its size.
    case velocity
    /// Every other place or size on screen, px: cells' tops and shifts, the header's rects, layers' centres.
    case position
    /// 0 to 1.
    case opacity
    /// The pager's page fraction, in pages.
    case fraction

    public init(quantity name: String) {
        let leaf = name.split(separator: ".").last.map(String.init) ?? name
        if name.hasPrefix("offset.") { self = .offset }
        else if name.hasPrefix("velocity.") { self = .velocity }
        else if leaf.lowercased().hasSuffix("opacity") { self = .opacity }
        else if leaf == "fraction" { self = .fraction }
        else { self = .position }
    }

    /// Decimal places a golden keeps: a hundredth of a pixel, a tenth of a pixel a second.
    public var decimals: Int {
        switch self {
        case .offset, .position: 2
        case .velocity: 1
        case .opacity: 4
        case .fraction: 5
        }
    }

    public static func < (a: MotionKind, b: MotionKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How far a run's motion may be from its golden, per kind of quantity: positions in px, the
/// velocity relative to its size (but never tighter than `velocityFloor` px/s, where it nears 0).
/// Tight enough by default that a fling's deceleration rate of 0.997 instead of 0.998 fails, while
/// runs of one build, of debug and release builds and of several processes are equal to the bit.
public struct MotionTolerance: Equatable, Sendable {
    public static let velocityFloor = 1.0
    public var limits: [MotionKind: Double]

    public static let standard = MotionTolerance(limits: [.offset: 0.05, .velocity: 0.005, .position: 0.05, .opacity: 0.002, .fraction: 0.0001])

    public init(limits: [MotionKind: Double]) { self.limits = limits }

    public subscript(kind: MotionKind) -> Double { limits[kind] ?? Self.standard.limits[kind]! }

    /// These limits with `overrides` in place of theirs.
    public func overriding(_ overrides: [MotionKind: Double]) -> MotionTolerance {
        MotionTolerance(limits: limits.merging(overrides) { $1 })
    }

    /// Whether `actual` is close enough to `expected` for a quantity of `kind`.
    public func accepts(_ expected: Double, _ actual: Double, kind: MotionKind) -> Bool {
        let difference = abs(expected - actual)
        guard kind == .velocity else { return difference <= self[kind] + 1e-9 }
        return difference <= max(self[kind] * max(abs(expected), abs(actual)), Self.velocityFloor)
    }

    /// `offset=0.5,velocity=0.01`, as `verify --motion-tolerance` takes it; nil names the problem.
    public static func parseOverrides(_ text: String) -> Result<[MotionKind: Double], MotionToleranceError> {
        var overrides: [MotionKind: Double] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { return .failure(.init(problem: "'\(part)' is not kind=limit")) }
            guard let kind = MotionKind(rawValue: pair[0]) else { return .failure(.init(problem: unknownKind(pair[0]))) }
            guard let limit = Double(pair[1]), limit.isFinite, limit >= 0 else {
                return .failure(.init(problem: "'\(pair[1])' is not a limit of at least 0 for \(kind.rawValue)"))
            }
            overrides[kind] = limit
        }
        return .success(overrides)
    }

    static func unknownKind(_ name: String) -> String {
        "unknown kind '\(name)' (kinds: \(MotionKind.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}

public struct MotionToleranceError: Error, Equatable {
    public var problem: String
}

extension Traceable {
    /// The scroll offset, velocity and phase alone, for a scene that says no more.
    public var motionSample: MotionSample {
        MotionSample(scene: name, phase: scrollState.phase,
                     values: [.init("offset.x", scrollState.offset.x), .init("offset.y", scrollState.offset.y),
                              .init("velocity.x", scrollState.velocity.x), .init("velocity.y", scrollState.velocity.y)])
    }
}
