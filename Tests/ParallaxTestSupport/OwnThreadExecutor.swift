import Foundation
import Testing

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

/// Each test case on a thread of its own (`OwnThreadExecutor`), for the suites whose tests take
/// seconds of CPU: on Swift Testing's pool, two threads wide here, they held back the start of every
/// test queued behind them, the window tests among them, which then waited for a slot of windows that
/// stood empty (docs/testing.md, "Suite time and load"). The serialized `SDLTests` held one of the
/// two for all of its minute.
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnThread? { testCase == nil ? nil : self }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor()) { try await function() }
    }
}

extension Trait where Self == OwnThread {
    /// Each test case of the suite (or the test) runs on a thread of its own.
    public static var ownThread: OwnThread { OwnThread() }
}
