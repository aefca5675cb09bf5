import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes
@testable import ParallaxPhotos

/// `PrefetchSchedule`: which listed decodes are queued, in what order (docs/photo-folders.md, "Prefetch").
@Suite struct PrefetchScheduleTests {
    typealias Item = PrefetchSchedule.Item

    /// When the `k`-th queued item is up: `(k / workers + 1) * decode + upload`.
    func ready(_ position: Int, _ item: Item, decode: Double, workers: Int) -> Double {
        Double(position / workers + 1) * decode + item.uploadSeconds
    }

    @Test func cardsOnTheWayRunBeforeTheLandingWhenTheLandingStaysInTime() {
        // Listed: the landing (due at 1 s), then the way, due at 0.05, 0.15, 0.2, 0.3 s.
        let items = [1.0, 1.0, 0.05, 0.15, 0.2, 0.3].map { Item(due: $0, uploadSeconds: 0) }
        let order = PrefetchSchedule.order(items, decodeSeconds: 0.1, workers: 2)
        // 0.05 cannot be done in time (the first decode ends at 0.1); the rest run by due time.
        #expect(order == [3, 4, 5, 0, 1])
        for (k, i) in order.enumerated() { #expect(ready(k, items[i], decode: 0.1, workers: 2) <= items[i].due) }
    }

    @Test func aCardOnTheWayThatWouldMakeTheLandingLateIsLeftOut() {
        // One worker, 0.1 s a decode. The landing is due at 0.25 s. A card due at 0.12 fits before it
        // (0.1, then the landing at 0.2); one more due at 0.2 would push the landing to 0.3.
        let items = [0.25, 0.12, 0.2].map { Item(due: $0, uploadSeconds: 0) }
        #expect(PrefetchSchedule.order(items, decodeSeconds: 0.1, workers: 1) == [1, 0])
        // Uploads count: with 0.03 s of upload each, the card due at 0.12 no longer fits (0.13); the
        // one due at 0.2 now does (0.13), and the landing still (0.23).
        let uploading = items.map { Item(due: $0.due, uploadSeconds: 0.03) }
        #expect(PrefetchSchedule.order(uploading, decodeSeconds: 0.1, workers: 1) == [2, 0])
    }

    /// A flick at 8,000 px/s down a feed of 1,000 cards in a 1280x800 window, released at 4/60 s:
    /// the layout, the landing, and the cells listed with their due times, as the scene lists them.
    func fling8000() throws -> (layout: FeedLayout, landing: Double, cells: [Int], due: [Double]) {
        var settings = FeedSettings()
        settings.itemCount = 1000
        let layout = FeedLayout(settings: settings, viewport: Size(width: 1280, height: 800))
        var axis = ScrollAxis()
        axis.setExtent(viewport: 800, content: layout.contentLength, at: 0)
        axis.pointerDown(700, at: 0)
        for k in 1...4 { axis.pointerMoved(700 - Double(k) * 8000 / 60, at: Double(k) / 60) }
        let t0 = 4.0 / 60
        axis.pointerUp(700 - 4 * 8000 / 60, at: t0)
        let landing = try #require(axis.restingOffset)
        let cells = FeedPrefetch.plan(layout, from: axis.offset(at: t0), to: landing)
        return (layout, landing, cells, FeedPrefetch.due(cells, layout, axis: axis, at: t0))
    }

    /// A fling at 8,000 px/s down the feed, its plan and due times as the scene lists them, decodes
    /// taking 68 ms on two workers and 3 frames to go up (a 900x675 card at 256,000 texels a frame).
    @Test func aRealFlingKeepsItsLandingAndGetsMoreOfTheWayThanLandingFirst() throws {
        let (layout, landing, plan, due) = try fling8000()
        let upload = 3.0 / 60, decode = 0.068, workers = 2
        let items = due.map { Item(due: $0, uploadSeconds: upload) }
        let order = PrefetchSchedule.order(items, decodeSeconds: decode, workers: workers)

        let landingCount = layout.visible(offset: landing).cells.count
        #expect(Set(0..<landingCount).isSubset(of: Set(order)), "every cell shown at the landing is decoded")
        #expect(order.map { items[$0].due } == order.map { items[$0].due }.sorted(), "run in the order they show")
        for (k, i) in order.enumerated() {
            #expect(ready(k, items[i], decode: decode, workers: workers) <= items[i].due, "item \(plan[i]) in time")
        }
        // Each one left out would make some queued item late where it would go.
        for i in items.indices where !order.contains(i) {
            let at = order.firstIndex { items[$0].due > items[i].due } ?? order.count
            var trial = order
            trial.insert(i, at: at)
            #expect(trial.enumerated().contains { ready($0, items[$1], decode: decode, workers: workers) > items[$1].due })
        }
        // The landing first, as listed, fits fewer of the way: each item kept while in time at its place.
        var landingFirst = 0
        for i in items.indices where ready(landingFirst, items[i], decode: decode, workers: workers) <= items[i].due { landingFirst += 1 }
        #expect(order.count > landingFirst)
    }

    /// Cold (no card has a texture or a quick image), at 8,000 px/s, on this machine's one worker:
    /// decodes of 50 ms, a card a frame to go up, quick images of 15 ms. Every card listed shows a
    /// photo when it comes into view: its full decode in time, else its quick image in time.
    @Test func coldAt8000PxPerSecondEveryCardHasAQuickImageOrItsPhotoInTime() throws {
        let (layout, landing, cells, due) = try fling8000()
        let decode = 0.05, quick = 0.015, upload = 1.0 / 60, workers = 1
        let items = due.map { Item(due: $0, uploadSeconds: upload, needsQuick: true) }
        let plan = PrefetchSchedule.plan(items, decodeSeconds: decode, quickSeconds: quick, workers: workers)
        #expect(!plan.quick.isEmpty, "at this speed some cards need a quick image")
        #expect(Set(plan.full).isDisjoint(with: plan.quick))
        // Quick images by due time, the k-th ready at (k + 1) * quick; full decodes after them all.
        #expect(plan.quick.map { items[$0].due } == plan.quick.map { items[$0].due }.sorted())
        for (k, i) in plan.quick.enumerated() {
            #expect(Double(k + 1) * quick <= items[i].due, "card \(cells[i]): quick image in time")
        }
        let start = Double(plan.quick.count) * quick
        for (k, i) in plan.full.enumerated() {
            #expect(start + ready(k, items[i], decode: decode, workers: workers) <= items[i].due, "card \(cells[i]): photo in time")
        }
        #expect(Set(plan.full).union(plan.quick) == Set(items.indices), "every card listed has one or the other")
        let landingCount = layout.visible(offset: landing).cells.count
        #expect(Set(0..<landingCount).isSubset(of: Set(plan.full)), "the landing's cards get their full photos")
        // Cards with a quick image already need none: the plan is the full decodes alone.
        let warm = items.map { Item(due: $0.due, uploadSeconds: $0.uploadSeconds) }
        #expect(PrefetchSchedule.plan(warm, decodeSeconds: decode, quickSeconds: quick, workers: workers)
            == PrefetchSchedule.Plan(full: PrefetchSchedule.order(warm, decodeSeconds: decode, workers: workers), quick: []))
    }
}
