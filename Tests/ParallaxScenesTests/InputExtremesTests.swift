import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes
import ParallaxTestSupport

extension DisplayList {
    /// Whether every rect and point in the list is finite.
    var isFinite: Bool {
        commands.allSatisfy { command in
            switch command {
            case let .fill(f): return f.rect.origin.isFinite && f.rect.size.isFinite
            case let .gradient(g): return g.rect.origin.isFinite && g.rect.size.isFinite
            case let .image(q): return q.destination.origin.isFinite && q.destination.size.isFinite && q.source.origin.isFinite
            case let .text(t): return t.origin.isFinite
            case let .disc(d): return d.center.isFinite && d.radius.isFinite
            case let .backdrop(b): return b.rect.origin.isFinite && b.rect.size.isFinite && b.downscale.isFinite
            }
        }
    }
}

@Suite(.ownThread) struct InputExtremesTests {
    @Test(arguments: ["feed", "header", "pager"])
    func extremeInputLeavesEverythingFiniteAndTheSceneRecovers(scene: String) {
        let normal = Size(width: 1280, height: 800)
        let playground = Playground(viewport: normal, first: scene, environment: testEnvironment())
        var rng = SplitMix64(state: 7)
        var t = 0.0
        let sizes = [Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: 3, height: 5000), normal]
        for frame in 0..<120 {
            t += 1.0 / 60
            // Thousands of events in one frame now and then.
            let count = frame % 30 == 0 ? 3000 : 5
            for _ in 0..<count {
                let far = Double.random(in: -1e12...1e12, using: &rng)
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: playground.handle(Bool.random(using: &rng) ? .scroll(dx: 1e9, dy: 1e9, liftFollows: Bool.random(using: &rng), shift: false)
                                                               : .wheel(dx: 1e9, dy: 1e9, shift: false), at: t)
                case 1: playground.handle(.mouseDown(Point(x: far, y: -far)), at: t)
                case 2: playground.handle(.mouseMove(Point(x: -far, y: far)), at: t)
                case 3: playground.handle(.mouseUp(Point(x: far, y: far)), at: t)
                case 4: playground.handle(.resize(sizes.randomElement(using: &rng)!), at: t)
                case 5: playground.handle(.key([Key.pageDown, .end, .home, .right, .left, .space].randomElement(using: &rng)!, shift: false), at: t)
                case 6: playground.handle(Bool.random(using: &rng) ? .scroll(dx: -1e-9, dy: -1e-9, liftFollows: false, shift: true) : .fingersLifted, at: t)
                default: playground.handle(.mouseMove(Point(x: .nan, y: .infinity)), at: t)
                }
            }
            playground.update(to: t)
            var list = DisplayList()
            playground.draw(into: &list)
            #expect(list.isFinite, "frame \(frame)")
            #expect(playground.scrollState.offset.isFinite && playground.scrollState.velocity.isFinite)
        }
        // Usable again: the scene lays out as a fresh one does at that size, once at rest.
        playground.handle(.mouseUp(Point(x: 0, y: 0)), at: t)
        playground.handle(.resize(normal), at: t)
        playground.handle(.key(.home, shift: false), at: t)
        playground.update(to: t + 5)
        let fresh = Playground(viewport: normal, first: scene, environment: testEnvironment())
        fresh.update(to: 0)
        var recovered = DisplayList(), expected = DisplayList()
        playground.draw(into: &recovered)
        fresh.draw(into: &expected)
        #expect(recovered.imageQuads == expected.imageQuads, "\(scene) recovers its layout")
    }
}
