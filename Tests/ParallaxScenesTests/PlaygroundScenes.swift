import ParallaxScenes

/// The standard registry's scenes, by type, for the tests that look inside one.
extension Playground {
    var feed: FeedScene { scenes.lazy.compactMap { $0 as? FeedScene }.first! }
    var header: HeaderScene { scenes.lazy.compactMap { $0 as? HeaderScene }.first! }
    var pager: PagerScene { scenes.lazy.compactMap { $0 as? PagerScene }.first! }
}

/// Compare mode's right pane, alike.
extension ComparedScenes {
    var feed: FeedScene { scenes.lazy.compactMap { $0 as? FeedScene }.first! }
}
