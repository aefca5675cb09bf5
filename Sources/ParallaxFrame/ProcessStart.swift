import Foundation

/// When this process started, on CLOCK_BOOTTIME, for "time to first frame".
///
/// The kernel tells an unprivileged process its start time only in clock ticks (10 ms,
/// `/proc/self/stat`). It does give the main thread's CPU time and its time waiting to run, both in
/// nanoseconds and both counted from the fork. While the thread has never slept (no voluntary
/// context switch: no blocking read, no page fault waiting on disk), those two add up to everything
/// since the fork, so `now - cpu - waiting` is the start to the microsecond. `record()` takes that
/// reading first thing in `main`, before anything can block; if the thread had already slept, the
/// tick is all there is, and `resolution` says so.
public enum ProcessStart {
    public enum Resolution: String, Sendable {
        /// From the main thread's CPU and run-queue time, read before it ever slept.
        case microsecond
        /// The kernel's start tick: up to one tick (1/CLK_TCK s) earlier than the real start.
        case kernelTick = "kernel tick"
    }

    public struct Reading: Sendable {
        /// Seconds on CLOCK_BOOTTIME.
        public var bootTime: Double
        public var resolution: Resolution
    }

    /// Taken once, at the first call; `record()` makes that call early.
    public static let reading: Reading = measure()

    /// Call first thing in `main`, while the main thread has not slept yet.
    public static func record() { _ = reading }

    /// Seconds from process start to now.
    public static func elapsed() -> Double { bootClock() - reading.bootTime }

    static func measure() -> Reading {
        let now = bootClock()
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        let running = Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9
        let tick = kernelStartTick()
        // /proc/thread-self/schedstat: time on the CPU, time waiting on a run queue (ns), timeslices.
        if voluntarySwitches() == 0,
           let schedstat = procFile("/proc/thread-self/schedstat")?.split(separator: " "),
           schedstat.count >= 2, let waiting = Double(schedstat[1]) {
            let start = now - running - waiting / 1e9
            // The tick truncates the real start; a reading outside its tick means the counters are
            // not what this assumes (say, in an unusual kernel), so the tick is safer.
            if let tick, start >= tick.start - 0.001, start < tick.start + tick.length + 0.001 {
                return Reading(bootTime: start, resolution: .microsecond)
            }
        }
        return Reading(bootTime: tick?.start ?? now, resolution: .kernelTick)
    }

    /// CLOCK_BOOTTIME in seconds: the clock the reading is on, which another process can read too.
    public static func bootClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Field 22 of `/proc/self/stat`: the start, in clock ticks since boot.
    static func kernelStartTick() -> (start: Double, length: Double)? {
        guard let stat = procFile("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (ticks / perSecond, 1 / perSecond)
    }

    /// `voluntary_ctxt_switches` of the calling thread: how often it has slept.
    static func voluntarySwitches() -> Int? {
        guard let status = procFile("/proc/thread-self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") {
            return Int(line.dropFirst("voluntary_ctxt_switches:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A small /proc file, read with plain system calls (procfs reads never block).
    static func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
