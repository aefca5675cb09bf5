import Testing
@testable import ParallaxEngine

/// `MotionEase` against its formula, with hand-worked numbers: e(u) = u^2 (3 - 2u).
@Suite struct MotionEaseTests {
    @Test func startsAtRestAtItsEnd() {
        #expect(MotionEase().amount(at: 0) == 1)
        #expect(MotionEase(reduced: true).amount(at: 0) == 0)
    }

    @Test func easesToNoneOver200MillisecondsAndBack() {
        var ease = MotionEase()
        ease.setReduced(true, at: 1)
        // u = 0, 0.25, 0.5, 0.75, 1: e = 0, 0.15625, 0.5, 0.84375, 1.
        let expected: [(Double, Double)] = [(1.0, 1), (1.05, 0.84375), (1.1, 0.5), (1.15, 0.15625), (1.2, 0), (5, 0)]
        for (t, amount) in expected { #expect(abs(ease.amount(at: t) - amount) < 1e-12, "at \(t)") }
        ease.setReduced(false, at: 2)
        for (t, amount) in expected { #expect(abs(ease.amount(at: t + 1) - (1 - amount)) < 1e-12, "back, at \(t + 1)") }
    }

    @Test func aToggleMidEaseTurnsBackFromWhereItIsWithoutAJump() {
        var ease = MotionEase()
        ease.setReduced(true, at: 0)
        // At 0.05 s, u = 0.25: 0.84375, 0.15625 of the way down.
        ease.setReduced(false, at: 0.05)
        #expect(abs(ease.amount(at: 0.05) - 0.84375) < 1e-12, "no jump")
        // Back over 0.15625 of the range: 0.2 * 0.15625 = 31.25 ms. Half way (u = 0.5, e = 0.5): 0.84375 + 0.078125.
        #expect(abs(ease.amount(at: 0.05 + 0.015625) - 0.921875) < 1e-12)
        #expect(ease.amount(at: 0.05 + 0.03125) == 1)
        #expect(!ease.reduced)
    }

    @Test func aFactorGoesToOneWithTheAmount() {
        #expect(MotionEase.factor(1.5, amount: 1) == 1.5)
        #expect(MotionEase.factor(1.5, amount: 0.5) == 1.25)
        #expect(MotionEase.factor(0.6, amount: 0) == 1)
    }

    @Test func atMinusInfinityItIsThereAtOnce() {
        var ease = MotionEase()
        ease.setReduced(true, at: 3)
        ease.setReduced(true, at: -.infinity)
        #expect(ease.amount(at: 3.05) == 0, "a running ease ends")
        ease.setReduced(false, at: -.infinity)
        #expect(ease.amount(at: 0) == 1)
    }
}
