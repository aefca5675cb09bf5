/// What a scroll axis does when a drag lets go, what a trackpad stream carries on with when it
/// ends, and how its animated scrolls (keys, a page dot) move: a value, so an axis can be given
/// another (`ScrollAxis(release:)`).
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
        /// Where the model would fling the release to (`ScrollPhysicsModel.projectedLanding`).
        public var projectedLanding: Double
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
    /// The velocity a precise-delta (trackpad) stream moves on with, from its tracked velocity
    /// (docs/input-and-trackpads.md, "Flings and event times"); 0 holds each delta until the stream ends.
    public var momentum: @Sendable (_ velocity: Double, ScrollPhysicsSettings) -> Double

    public init(animation: Animation, release: @escaping @Sendable (Release) -> Motion,
                momentum: @escaping @Sendable (_ velocity: Double, ScrollPhysicsSettings) -> Double = ReleasePolicy.trackpadMomentum) {
        self.animation = animation
        self.release = release
        self.momentum = momentum
    }

    /// The stream's velocity when `trackpadMomentum` is on, else none.
    public static let trackpadMomentum: @Sendable (Double, ScrollPhysicsSettings) -> Double = { v, settings in
        settings.trackpadMomentum ? v : 0
    }

    /// Flings with the release velocity; animated scrolls use the wheel's curve.
    public static let fling = ReleasePolicy(animation: .wheel, release: { .fling(velocity: $0.velocity) })

    /// Settles on a page (`Paging.target`); animated scrolls use the page settle.
    public static let paging = ReleasePolicy(animation: .pageSettle, release: { r in
        let page = Paging.target(offset: r.offset, velocity: r.velocity, dragDistance: r.dragDistance, startPage: r.startPage,
                                 pageLength: r.pageLength, pageCount: r.pageCount, projectedLanding: r.projectedLanding)
        return .settle(on: Double(page) * r.pageLength)
    })
}
