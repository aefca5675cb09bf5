import ParallaxScenes

/// The standard registry's scenes, by type, for the tests that look inside one.
extension Playground {
    var feed: FeedScene { scene(FeedScene.self)! }
    var header: HeaderScene { scene(HeaderScene.self)! }
    var pager: PagerScene { scene(PagerScene.self)! }
}
