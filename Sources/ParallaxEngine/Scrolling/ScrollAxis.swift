import Foundation

/// Phase of a scroll axis, as the trace reports it.
public enum ScrollPhase: String, Sendable, CaseIterable { case idle, dragging, decelerating, bouncing, wheel, paging }

public struct ScrollPhysicsSettings: Sendable, Equatable, Codable {
    public var decelerationRate: Double = 0.998
    public var pagingDecelerationRate: Double = 0.99
    public var rubberBandConstant: Double = 0.55
    public var springStiffness: Double = 10
    public var maxOvershoot: Double = 120
    public var restThreshold: Double = 0.5
    public var preciseSettleDelay: Double = 0.120
    public var syntheticMomentum: Bool = false
    public var wheelStepOverride: Double? = nil
    public init() {}
}

/// One scroll axis: direct, clamped scrolling (drag 1:1, wheel and keys jump).
public struct ScrollAxis: Sendable {
    public var settings: ScrollPhysicsSettings
    public let paging: Bool
    public private(set) var viewportLength: Double = 0
    public private(set) var contentLength: Double = 0
    private var current: Double = 0
    private var dragAnchor: (pointer: Double, offset: Double)?

    public init(settings: ScrollPhysicsSettings = .init(), paging: Bool = false) {
        self.settings = settings; self.paging = paging
    }

    public var maxOffset: Double { max(0, contentLength - viewportLength) }
    public var pageLength: Double { viewportLength }

    public mutating func setExtent(viewport: Double, content: Double, at t: Double) {
        guard viewport.isFinite, content.isFinite else { return }
        viewportLength = max(0, viewport); contentLength = max(0, content)
        current = clamped(current)
    }

    public mutating func pointerDown(_ position: Double, at t: Double) {
        guard position.isFinite else { return }
        dragAnchor = (position, current)
    }
    public mutating func pointerMoved(_ position: Double, at t: Double) {
        guard position.isFinite, let anchor = dragAnchor else { return }
        current = clamped(anchor.offset + anchor.pointer - position)
    }
    public mutating func pointerUp(_ position: Double, at t: Double) {
        pointerMoved(position, at: t)
        dragAnchor = nil
    }
    public mutating func wheel(notches: Double, at t: Double) { scroll(by: notches * notchLength(), animated: false, at: t) }
    public mutating func precise(notches: Double, at t: Double) { wheel(notches: notches, at: t) }
    public mutating func scroll(by delta: Double, animated: Bool, at t: Double) { scroll(to: current + delta, animated: animated, at: t) }
    public mutating func scroll(to offset: Double, animated: Bool, at t: Double) {
        guard offset.isFinite else { return }
        current = clamped(offset)
    }
    public mutating func page(by pages: Int, at t: Double) { scroll(by: Double(pages) * pageLength, animated: true, at: t) }

    public func offset(at t: Double) -> Double { current }
    public func velocity(at t: Double) -> Double { 0 }
    public func phase(at t: Double) -> ScrollPhase { dragAnchor == nil ? .idle : .dragging }
    public func notchLength() -> Double {
        settings.wheelStepOverride ?? min(pow(viewportLength, 2.0 / 3.0), viewportLength / 2)
    }

    private func clamped(_ x: Double) -> Double { min(maxOffset, max(0, x)) }
}
