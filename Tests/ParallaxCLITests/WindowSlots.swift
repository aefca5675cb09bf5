import Foundation
import ParallaxTestSupport
import Testing

/// How the real-input tests share the machine (docs/testing.md, "Suite time and load"): each test
/// holds a window slot while it runs, so at most `SlotPool.windows`' count of their windows (with
/// their X servers or compositors) are up at once, and one whose figures bend with the machine's
/// load takes every slot and runs alone. A test spends most of its time waiting for its window's
/// frames, so it waits on a thread of its own: Swift Testing's pool is as wide as the cores, and a
/// test blocking one of its threads would hold back every other suite.
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
        try await SlotPool.windows.hold(alone ? SlotPool.windows.count : 1, while: function)
    }
}

/// A test that waits for the programs it starts (`parallax capture`, `verify`, `bench`...): it
/// holds one of `SlotPool.childProcesses`' slots and waits on a thread of its own, as a window test
/// does, so the suites that run in the test process itself keep Swift Testing's pool (two such
/// tests waiting there held back every in-process test behind them, for minutes).
struct ChildProcessSlot: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> ChildProcessSlot? { testCase == nil ? nil : self }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await SlotPool.childProcesses.hold(1, while: function)
    }
}

extension Trait where Self == WindowSlot {
    /// The test runs beside at most `SlotPool.windows.count - 1` other window tests.
    static var windowSlot: WindowSlot { WindowSlot(alone: false) }
    /// The test runs with no other window test beside it: its figures bend with the machine's load.
    static var windowAlone: WindowSlot { WindowSlot(alone: true) }
}

extension Trait where Self == ChildProcessSlot {
    /// The test waits for child processes, beside at most `SlotPool.childProcesses.count - 1` others.
    static var childProcesses: ChildProcessSlot { ChildProcessSlot() }
}

/// Slots, granted in the order asked for, except that a test taking every slot waits until no test
/// taking fewer is waiting: each time one waited for every slot it held the slots that came free
/// empty until the longest test beside it ended, and the suite's windows ran one at a time for a
/// minute (docs/testing.md, "Suite time and load").
actor SlotPool {
    /// Three windows at once on two cores: at rest a window keeps its frame rather than draw it
    /// (docs/performance.md, "Frames kept at rest"), and drawing every frame two had taken 0.7 of a
    /// core each and a third starved them (frames of 35 ms and more, beside two busy loops).
    static let windows = SlotPool(count: 3)
    /// Two tests' programs at once, beside the windows and the in-process suites.
    static let childProcesses = SlotPool(count: 2)

    let count: Int
    private var free: Int
    private var waiting: [(weight: Int, resume: CheckedContinuation<Void, Never>)] = []

    init(count: Int) {
        self.count = count
        free = count
    }

    /// Runs `function` holding `weight` slots, on a thread of its own; the slots are taken and
    /// given back there too (the pool's threads may all be blocked by other suites' tests, which
    /// would hold a free slot back).
    nonisolated func hold(_ weight: Int, while function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor()) {
            await acquire(weight)
            var failure: (any Error)?
            do { try await function() } catch { failure = error }
            await release(weight)
            if let failure { throw failure }
        }
    }

    private func acquire(_ weight: Int) async {
        await withCheckedContinuation { continuation in
            waiting.append((weight, continuation))
            grant()
        }
    }

    private func release(_ weight: Int) {
        free += weight
        grant()
    }

    /// Grants what fits: the first waiting for fewer than every slot, else, none of those waiting,
    /// the first waiting for every slot.
    private func grant() {
        while true {
            let next: Int?
            if let partial = waiting.firstIndex(where: { $0.weight < count }) {
                next = waiting[partial].weight <= free ? partial : nil
            } else {
                next = waiting.firstIndex { $0.weight <= free }
            }
            guard let next else { return }
            let granted = waiting.remove(at: next)
            free -= granted.weight
            granted.resume.resume()
        }
    }
}
