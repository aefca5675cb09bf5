import Foundation
import Testing

/// How the real-input tests share the machine (docs/testing.md, "Suite time and load"): each test
/// holds a window slot while it runs, so at most `WindowSlots.count` of their windows (with their
/// X servers or compositors) are up at once, and one whose figures bend with the machine's load
/// takes every slot and runs alone. A test spends most of its time waiting for its window's frames,
/// so it waits on a thread of its own: Swift Testing's pool is as wide as the cores, and a test
/// blocking one of its threads would hold back every other suite.
struct WindowSlot: TestTrait, SuiteTrait, TestScoping {
    /// Whether the test takes every slot.
    let alone: Bool

    var isRecursive: Bool { true }

    /// Each test case takes its slot; where a test runs alone, the slot its suite gives every test
    /// steps aside (taking both would wait for a slot the test itself holds).
    func scopeProvider(for test: Test, testCase: Test.Case?) -> WindowSlot? {
        guard testCase != nil else { return nil }
        if !alone && test.traits.contains(where: { ($0 as? WindowSlot)?.alone == true }) { return nil }
        return self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let weight = alone ? WindowSlots.count : 1
        // The slots are taken and given back on the test's own threads too: the pool's may all be
        // blocked by other suites' tests, which would hold a free slot back.
        try await withTaskExecutorPreference(OwnThreadExecutor()) {
            await WindowSlots.shared.acquire(weight)
            var failure: (any Error)?
            do { try await function() } catch { failure = error }
            await WindowSlots.shared.release(weight)
            if let failure { throw failure }
        }
    }
}

extension Trait where Self == WindowSlot {
    /// The test runs beside at most `WindowSlots.count - 1` other window tests.
    static var windowSlot: WindowSlot { WindowSlot(alone: false) }
    /// The test runs with no other window test beside it: its figures bend with the machine's load.
    static var windowAlone: WindowSlot { WindowSlot(alone: true) }
}

/// The slots, granted first come, first served: a test that waits for every slot keeps later ones
/// from overtaking it.
actor WindowSlots {
    /// Two windows at once on two cores: each spends most of its time waiting for frames at 60 Hz,
    /// and a third starved them (frames of 35 ms and more, beside two busy loops).
    static let count = 2
    static let shared = WindowSlots()

    private var free = count
    private var waiting: [(weight: Int, resume: CheckedContinuation<Void, Never>)] = []

    func acquire(_ weight: Int) async {
        if waiting.isEmpty && free >= weight {
            free -= weight
            return
        }
        await withCheckedContinuation { waiting.append((weight, $0)) }
    }

    func release(_ weight: Int) {
        free += weight
        while let first = waiting.first, free >= first.weight {
            free -= first.weight
            waiting.removeFirst()
            first.resume.resume()
        }
    }
}

/// Runs each job it is given on a new thread, so a test that blocks while it waits for a window
/// blocks only that thread (SE-0417's task executors keep the test's task, and with it Swift
/// Testing's record of which test an issue belongs to).
final class OwnThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
