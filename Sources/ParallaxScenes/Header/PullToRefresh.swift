import ParallaxEngine

/// The header's pull-to-refresh, as a state machine on its scroll axis: idle; holding the content
/// open at the threshold while a refresh runs (from a release past it); then springing back to the
/// top while the next cover fades in. All of it closed-form in the times it is given.
struct PullToRefresh {
    /// When the running refresh started, and how many have finished.
    private(set) var started: Double?
    private(set) var count = 0
    /// When the last refresh ended: what "Refreshed at" shows.
    private(set) var lastRefreshed: Double?
    /// The article's length after a refresh, set on the scroll axis once the spring back has reached
    /// the top: `ScrollAxis.setExtent` clamps the offset into range, which would end the hold at
    /// -threshold with a jump to 0 in one frame.
    private var pendingContentLength: Double?
    /// The cover a refresh replaced, cross-faded to the new one over the spring back.
    private(set) var coverFade: (previous: Int, start: Double, duration: Double)?

    /// A drag let go at `time`, pulled to `pulled`: released past the threshold (or during a
    /// refresh), the content is held open meanwhile.
    mutating func released(pulled: Double, threshold: Double, axis: inout ScrollAxis, at time: Double) {
        guard started != nil || pulled <= -threshold else { return }
        if started == nil { started = time }
        axis.spring(to: -threshold, at: time)
    }

    /// Pull-to-refresh turned off: a running refresh ends without counting, and the content springs back.
    mutating func cancel(axis: inout ScrollAxis, at time: Double) {
        guard started != nil else { return }
        started = nil
        axis.spring(to: 0, at: time)
    }

    /// A relayout sets the extent itself: nothing waits any more.
    mutating func dropPendingExtent() { pendingContentLength = nil }

    /// Ends a due refresh at exactly its end time, whatever the frame times: the count goes up and
    /// "Refreshed at" takes the end. Returns that time; nil while none is due.
    mutating func end(upTo time: Double, duration: Double) -> Double? {
        guard let begun = started, time >= begun + duration else { return nil }
        started = nil
        count += 1
        lastRefreshed = begun + duration
        return begun + duration
    }

    /// After a refresh ended at `end`: the held content springs back to the top from where it is,
    /// and the next cover fades in over that spring; the article's new length applies once the
    /// content is back (or at once, where the pointer still holds it).
    mutating func springBack(axis: inout ScrollAxis, contentLength: Double, viewport: Double, from end: Double) {
        let physics = axis.settings
        let atEnd = axis.sample(at: end)
        let fade = Spring(displacement: atEnd.offset, velocity: atEnd.velocity, omega: physics.springStiffness)
            .restTime(threshold: physics.restThreshold)
        coverFade = fade > 0 ? (count - 1, end, fade) : nil
        if atEnd.phase == .dragging {
            // The pointer holds the content; its release springs it back.
            axis.setExtent(viewport: viewport, content: contentLength, at: end)
        } else {
            axis.spring(to: 0, at: end)
            pendingContentLength = contentLength
            applyPendingExtent(axis: &axis, viewport: viewport, at: end)
        }
    }

    /// Sets the article's new length once the content is no longer shown past the top.
    mutating func applyPendingExtent(axis: inout ScrollAxis, viewport: Double, at time: Double) {
        guard let contentLength = pendingContentLength, axis.offset(at: time) >= 0 else { return }
        pendingContentLength = nil
        axis.setExtent(viewport: viewport, content: contentLength, at: time)
    }

    /// How far the new cover has faded in at `time`: 0 when a refresh ends, 1 when its spring back rests.
    func coverFadeProgress(at time: Double) -> Double {
        guard let fade = coverFade else { return 1 }
        return min(1, max(0, (time - fade.start) / fade.duration))
    }

    /// Springing back from a refresh that just ended: a full ring that says so, not a new pull.
    func justRefreshed(at time: Double) -> Bool { started == nil && coverFadeProgress(at: time) < 1 }
}
