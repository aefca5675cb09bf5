import Foundation

/// Runs each job it is given on a new thread, so a test that blocks (waiting for a window, or
/// drawing for a minute) blocks only that thread, not one of Swift Testing's pool, which is as
/// wide as the cores and which every test needs to start (docs/testing.md, "Suite time and load").
/// SE-0417's task executors keep the test's task, and with it Swift Testing's record of which test
/// an issue belongs to.
public final class OwnThreadExecutor: TaskExecutor {
    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
