/// What a scroll axis does when a drag lets go, and how its animated scrolls (keys, a page dot)
/// move: a value, so an axis can be given another (`ScrollAxis(release:)`).
public struct ReleasePolicy: Sendable {
    /// A drag let go: where the content is, how fast the moves were going, and where it started.
    public struct Release: Sendable, Equatable {
        public var offset: Double
        /// px/s towards larger offsets, from the moves only (`VelocityTracker`).
        public var velocity: Double
        /// How far the drag moved the content, signed.
        public var dragDistance: Double
        public var startPage: Int
        public var pageLength: Double
        public var pageCount: Int
        public var settings: ScrollPhysicsSettings
    }

    public enum Motion: Sendable, Equatable {
        /// Move on freely at this velocity: a fling, handed to the edge spring where it crosses an
        /// edge (a release past an edge springs back).
        case fling(velocity: Double)
        /// Settle on `offset` with a page settle (`Paging.settle`), phase `paging`.
        case settle(on: Double)
    }

    /// How animated scrolls move.
    public enum Animation: Sendable, Equatable {
        /// The wheel's curve (`WheelAnimation`), phase `wheel`.
        case wheel
        /// A page settle (`Paging.settle`), phase `paging`.
        case pageSettle

        public var phase: ScrollPhase { self == .pageSettle ? .paging : .wheel }
    }

    public var animation: Animation
    public var release: @Sendable (Release) -> Motion

    public init(animation: Animation, release: @escaping @Sendable (Release) -> Motion) {
        self.animation = animation
        self.release = release
    }

    /// Flings with the release velocity; animated scrolls use the wheel's curve.
    public static let fling = ReleasePolicy(animation: .wheel) { .fling(velocity: $0.velocity) }

    /// Settles on a page (`Paging.target`); animated scrolls use the page settle.
    public static let paging = ReleasePolicy(animation: .pageSettle) { r in
        let page = Paging.target(offset: r.offset, velocity: r.velocity, dragDistance: r.dragDistance, startPage: r.startPage,
                                 pageLength: r.pageLength, pageCount: r.pageCount, projectionRate: r.settings.pagingDecelerationRate)
        return .settle(on: Double(page) * r.pageLength)
    }
}
