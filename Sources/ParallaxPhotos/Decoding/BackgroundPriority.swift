import Glibc

/// The nice levels of the threads that work behind the frames: decodes, quick images, the colour
/// index, folder rescans (docs/photo-folders.md, "Threads"), and the window's screenshot encoder.
/// On Linux a nice value is the calling thread's own (setpriority(2)), so each such thread sets its
/// own as it starts.
public enum BackgroundPriority {
    /// Nice 19: behind every other thread of ours and every other program's.
    public static func lowest() { set(nice: 19) }

    /// The calling thread's nice value.
    static func set(nice: Int32) { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
}
