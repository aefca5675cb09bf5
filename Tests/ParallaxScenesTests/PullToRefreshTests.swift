import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct PullToRefreshTests {
    let viewport = Size(width: 1280, height: 800)

    func refreshingScene() -> HeaderScene {
        var settings = HeaderSettings()
        settings.pullToRefresh = true
        return HeaderScene(viewport: viewport, settings: settings, topInset: 56, environment: testEnvironment())
    }

    /// Pulls the content down by `finger` px of pointer travel, holds, and releases at `time`.
    func pull(_ scene: HeaderScene, finger: Double, releaseAt time: Double) {
        scene.handle(.mouseDown(Point(x: 640, y: 200)), at: time - 0.3)
        scene.handle(.mouseMove(Point(x: 640, y: 200 + finger)), at: time - 0.25)
        scene.handle(.mouseUp(Point(x: 640, y: 200 + finger)), at: time)
    }

    @Test func releasedPastTheThresholdItHoldsRefreshesAndSettlesBack() {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)   // shows about -115 px, past 80
        scene.update(to: 1.1)
        #expect(scene.refreshStarted == 1)
        #expect(scene.scrollState.phase == .bouncing)
        scene.update(to: 2.4)
        #expect(abs(scene.offset - -80) < 0.5, "held at the threshold")
        #expect(scene.refreshCount == 0)
        scene.update(to: 2.6)
        #expect(scene.refreshCount == 1, "1.5 s after the release")
        #expect(scene.cover.title == HeaderArticle.covers[1].title, "the next cover shows")
        // Ended 2.5 s after the scene's start, which the clock puts at 09:41:00 (the scenes' default).
        #expect(scene.refreshLine.hasPrefix("Refreshed at 09:41  ·"))
        scene.update(to: 5)
        #expect(scene.offset == 0)
    }

    @Test func aShortPullDoesNotRefresh() {
        let scene = refreshingScene()
        pull(scene, finger: 120, releaseAt: 1)  // about -62 px
        scene.update(to: 4)
        #expect(scene.refreshStarted == nil && scene.refreshCount == 0)
        #expect(scene.offset == 0)
    }

    /// The scene held `finger` px of pointer travel past the top: how far it shows, the word under the
    /// spinner, which of the ring's 12 dot positions are filled, and dot rows drawn anywhere else.
    func spinner(pulledBy finger: Double) -> (gap: Double, labels: [String], dots: [Int], strays: Int, frames: StretchyHeader.Frames) {
        let scene = refreshingScene()
        scene.handle(.mouseDown(Point(x: 640, y: 200)), at: 0)
        scene.handle(.mouseMove(Point(x: 640, y: 200 + finger)), at: 0.1)
        scene.update(to: 0.1)
        var list = DisplayList()
        scene.draw(into: &list)
        let gap = -scene.offset
        // The ring: 12 dots of radius 2.4 on an 11 px circle, the first at the top, going clockwise;
        // centred halfway down the gap below the 56 px bar, and, with its label 12 px to the right of
        // the ring's edge, centred across the window (labels measured at 0.5 em a character).
        let label = gap >= 80 ? "Release to refresh" : "Pull to refresh"
        let groupWidth = 2 * 13.4 + 12 + Double(label.count) * 14 * 0.5
        let centre = Point(x: ((1280 - groupWidth) / 2 + 13.4).rounded(), y: 56 + gap / 2)
        let positions = (0..<12).map { i in
            let angle = 2 * Double.pi * Double(i) / 12 - Double.pi / 2
            return Point(x: centre.x + 11 * cos(angle), y: centre.y + 11 * sin(angle))
        }
        let drawn = list.commands.compactMap { command -> Disc? in
            guard case let .disc(disc) = command, disc.color == Theme.text else { return nil }
            // Every spinner dot is clipped to the gap between the bar and the photo.
            #expect(disc.clip == Rect(x: 0, y: 56, width: 1280, height: gap))
            return disc
        }
        let dots = positions.indices.filter { i in drawn.contains { abs($0.center.x - positions[i].x) < 1e-9 && abs($0.center.y - positions[i].y) < 1e-9 } }
        let strays = drawn.count - dots.count
        let words = ["Release to refresh", "Pull to refresh", "Refreshing…", "Updated just now"]
        return (gap, list.textRuns.map(\.text).filter(words.contains), dots, strays, scene.headerFrames)
    }

    @Test func theHeaderDoesNotStretchAndTheSpinnerShows() {
        // 200 px of travel shows 800 (1 - 1 / (1 + 0.55 * 200 / 800)) = 96.70 px: past the 80 px threshold.
        let past = spinner(pulledBy: 200)
        #expect(abs(past.gap - 800 * (1 - 1 / (1 + 0.55 * 200 / 800))) < 1e-9)
        #expect(past.frames.image == past.frames.container && past.frames.container == Rect(x: 0, y: 56 + past.gap, width: 1280, height: 640),
                "the header, below the bar, moves down whole, unstretched")
        #expect(past.labels == ["Release to refresh"])
        #expect(past.dots == Array(0..<12) && past.strays == 0, "a full ring")
        // 100 px shows 51.46 px, 0.643 of the threshold: the dots up to 0.643 of the ring, 8 of 12.
        let short = spinner(pulledBy: 100)
        #expect(abs(short.gap - 800 * (1 - 1 / (1 + 0.55 * 100 / 800))) < 1e-9)
        #expect(short.labels == ["Pull to refresh"])
        #expect(short.dots == Array(0..<8) && short.strays == 0, "dots \(short.dots)")
    }

    /// The spring back from the hold at -80 px, released 1.5 s after the pull's release at t = 1:
    /// critically damped at w = 10 rad/s, x(t) = -80 (1 + w t) e^(-w t) (docs/physics-and-effects.md, "Scrolling").
    static func springBack(at t: Double) -> Double {
        let local = t - 2.5
        return local <= 0 ? -80 : -80 * (1 + 10 * local) * exp(-10 * local)
    }

    /// Where that spring comes to rest: -80 (1 + 10 t) e^(-10 t) reaches the 0.5 px rest threshold at
    /// t = 0.71764 s (solved by bisection by hand, outside the code under test).
    static let springBackDuration = 0.71764

    @Test func theNewCoverFadesInOverTheSpringBack() {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)
        let old = HeaderArticle.covers[0], new = HeaderArticle.covers[1]
        func drawn(at t: Double) -> (photos: [ImageQuad], titles: [TextRun], labels: [String]) {
            scene.update(to: t)
            var list = DisplayList()
            scene.draw(into: &list)
            let labels = ["Release to refresh", "Pull to refresh", "Refreshing…", "Updated just now"]
            return (list.imageQuads, list.textRuns.filter { $0.font == HeaderScene.titleFont }, list.textRuns.map(\.text).filter(labels.contains))
        }
        let before = drawn(at: 2.49)
        #expect(before.photos.map(\.image) == [old.photo.image] && before.titles.map(\.text) == [old.title])
        for fraction in [0.0, 0.25, 0.5, 0.9] {
            let t = 2.5 + fraction * Self.springBackDuration
            let (photos, titles, labels) = drawn(at: t)
            // The gap that closes says the refresh is done; it is no new pull.
            #expect(labels == ["Updated just now"], "at \(t)")
            // The old photo stays opaque beneath; the new one and its title come in as the old title goes.
            #expect(photos.map(\.image) == [old.photo.image, new.photo.image], "at \(t)")
            #expect(photos.map(\.opacity).count == 2 && photos[0].opacity == 1 && abs(photos[1].opacity - fraction) < 1e-4, "at \(t)")
            let titleOpacity = Dictionary(titles.map { ($0.text, $0.opacity) }, uniquingKeysWith: +)
            #expect(abs((titleOpacity[old.title] ?? 0) - (1 - fraction)) < 1e-4, "old title at \(t)")
            #expect(abs((titleOpacity[new.title] ?? 0) - fraction) < 1e-4, "new title at \(t)")
        }
        let after = drawn(at: 2.5 + Self.springBackDuration + 0.001)
        #expect(after.photos.map(\.image) == [new.photo.image] && after.photos[0].opacity == 1)
        #expect(after.titles.map(\.text) == [new.title] && after.titles[0].opacity == 1)
    }

    @Test(arguments: [30.0, 60, 144])
    func theRefreshEndsAtTheSameTimeWhateverTheFrameRate(rate: Double) {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)
        var samples: [(t: Double, offset: Double)] = []
        var frame = 0
        while 1 + Double(frame) / rate <= 3.5 {
            let t = 1 + Double(frame) / rate
            scene.update(to: t)
            samples.append((t, scene.offset))
            if t < 2.5 { #expect(scene.refreshStarted == 1 && scene.refreshCount == 0, "refreshing at \(t)") }
            frame += 1
        }
        #expect(scene.refreshStarted == nil && scene.refreshCount == 1, "one refresh, ended")
        #expect(samples.count == Int((2.5 * rate).rounded(.down)) + 1)
        // Held at the threshold for the refresh's last half second (the hold spring has come to rest).
        let held = samples.filter { $0.t >= 2 && $0.t < 2.5 }
        #expect(held.count == Int((0.5 * rate).rounded(.up)))
        for sample in held { #expect(sample.offset == -80, "held at \(sample.t)") }
        // From the refresh's end, the whole curve is the spring's closed form at every rate.
        let back = samples.filter { $0.t >= 2.5 }
        #expect(back.count > Int(0.9 * rate))
        for sample in back {
            let expected = sample.t - 2.5 >= Self.springBackDuration ? 0 : Self.springBack(at: sample.t)
            #expect(abs(sample.offset - expected) < 1e-9, "at \(sample.t): \(sample.offset), spring gives \(expected)")
        }
        // So no frame from the hold on moves it further than the spring's own step over that frame
        // (or the last half pixel where the spring comes to rest).
        let fromHold = samples.filter { $0.t >= 2 }
        for (a, b) in zip(fromHold, fromHold.dropFirst()) {
            let step = abs(Self.springBack(at: b.t) - Self.springBack(at: a.t))
            #expect(abs(b.offset - a.offset) <= step + 0.5, "\(a.t) to \(b.t): \(b.offset - a.offset) px, spring steps \(step)")
        }
    }
}
