import Glibc

/// The priority of the threads that decode, index and write thumbnails behind the frames
/// (docs/photo-folders.md, "Threads").
public enum BackgroundPriority {
    /// Linux's SCHED_IDLE (<linux/sched.h>; Glibc's module map leaves it out).
    static let idlePolicy: Int32 = 5

    /// Puts the calling thread under SCHED_IDLE, below every nice level (nice 19 too, where the
    /// policy is refused). At nice 19 a busy worker still kept the frame's thread waiting: a core
    /// running it counts as busy, so the frame's thread queued behind other programs on the other
    /// core; a core running only SCHED_IDLE work counts as idle, and the frame's thread takes it at
    /// once (docs/photo-folders.md, "Frame intervals while writing thumbnails").
    public static func lowest() {
        // On Linux both apply to the calling thread alone (setpriority(2), sched_setscheduler(2)).
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        var parameters = sched_param()
        _ = sched_setscheduler(0, idlePolicy, &parameters)
    }

    /// The calling thread runs under SCHED_IDLE (tests).
    static var isLowest: Bool { sched_getscheduler(0) == idlePolicy }
}
