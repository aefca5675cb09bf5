import Foundation
import ParallaxEngine

/// Everything the tuning panel changes and a `--config` file holds (README.md, "Config file").
public struct PlaygroundSettings: Sendable, Equatable {
    public static let currentVersion = 1

    public var feedMaxShift = FeedSettings().maxShift
    public var pagerBackgroundSpeed = PagerSettings().backgroundSpeed
    public var pagerHeaderSpeed = PagerSettings().headerSpeed
    public var pagerParagraphSpeed = PagerSettings().paragraphSpeed
    public var refreshThreshold = HeaderSettings().refreshThreshold
    public var decelerationRate = ScrollPhysicsSettings().decelerationRate
    public var rubberBandConstant = ScrollPhysicsSettings().rubberBandConstant
    /// Pixels per wheel notch; nil: `min(P^(2/3), P/2)`.
    public var wheelStep: Double?
    /// A trackpad stream that ends while moving flings on (README.md, "Trackpads and momentum").
    public var trackpadMomentum = ScrollPhysicsSettings().trackpadMomentum
    /// Draw at whole-pixel scroll offsets instead of sub-pixel ones.
    public var wholePixels = false
    public var reducedMotion = false
    /// Apply parallax from the previous frame's offset, to show why same-frame matters.
    public var oneFrameLate = false

    public init() {}

    /// The allowed range of each number, shared by the file reader and the panel.
    public enum Limits {
        public static let feedMaxShift = 0.0...100
        public static let layerSpeed = -2.0...4
        public static let refreshThreshold = 20.0...400
        public static let decelerationRate = 0.9...0.9999
        public static let rubberBandConstant = 0.05...2
        public static let wheelStep = 1.0...2000
    }

    public static func load(path: String) throws(InputFileError) -> PlaygroundSettings {
        try parse(try JSONObjectReader.contents(of: path), file: path)
    }

    public static func parse(_ data: Data, file: String) throws(InputFileError) -> PlaygroundSettings {
        let root = try JSONObjectReader.versionedDocument(data, file: file, version: currentVersion,
                                                          fields: ["feed", "pager", "header", "scrolling", "rendering", "reducedMotion"])
        var s = PlaygroundSettings()
        if root.has("feed") {
            let feed = try root.object("feed")
            try feed.rejectUnknownFields(["maxShift"])
            s.feedMaxShift = try feed.number("maxShift", in: Limits.feedMaxShift, default: s.feedMaxShift)
        }
        if root.has("pager") {
            let pager = try root.object("pager")
            try pager.rejectUnknownFields(["backgroundSpeed", "headerSpeed", "paragraphSpeed"])
            s.pagerBackgroundSpeed = try pager.number("backgroundSpeed", in: Limits.layerSpeed, default: s.pagerBackgroundSpeed)
            s.pagerHeaderSpeed = try pager.number("headerSpeed", in: Limits.layerSpeed, default: s.pagerHeaderSpeed)
            s.pagerParagraphSpeed = try pager.number("paragraphSpeed", in: Limits.layerSpeed, default: s.pagerParagraphSpeed)
        }
        if root.has("header") {
            let header = try root.object("header")
            try header.rejectUnknownFields(["refreshThreshold"])
            s.refreshThreshold = try header.number("refreshThreshold", in: Limits.refreshThreshold, default: s.refreshThreshold)
        }
        if root.has("scrolling") {
            let scrolling = try root.object("scrolling")
            try scrolling.rejectUnknownFields(["decelerationRate", "rubberBandConstant", "wheelStep", "trackpadMomentum"])
            s.decelerationRate = try scrolling.number("decelerationRate", in: Limits.decelerationRate, default: s.decelerationRate)
            s.rubberBandConstant = try scrolling.number("rubberBandConstant", in: Limits.rubberBandConstant, default: s.rubberBandConstant)
            if scrolling.has("wheelStep"), try scrolling.value("wheelStep") != .null {
                s.wheelStep = try scrolling.number("wheelStep", in: Limits.wheelStep)
            }
            s.trackpadMomentum = try scrolling.bool("trackpadMomentum", default: s.trackpadMomentum)
        }
        if root.has("rendering") {
            let rendering = try root.object("rendering")
            try rendering.rejectUnknownFields(["wholePixels", "oneFrameLate"])
            s.wholePixels = try rendering.bool("wholePixels", default: false)
            s.oneFrameLate = try rendering.bool("oneFrameLate", default: false)
        }
        s.reducedMotion = try root.bool("reducedMotion", default: false)
        return s
    }

    /// The settings as a config file (every field, so a saved file documents itself).
    public var jsonText: String {
        let value: JSONValue = .object([
            "version": .number(Double(Self.currentVersion)),
            "feed": .object(["maxShift": .number(feedMaxShift)]),
            "pager": .object(["backgroundSpeed": .number(pagerBackgroundSpeed), "headerSpeed": .number(pagerHeaderSpeed),
                              "paragraphSpeed": .number(pagerParagraphSpeed)]),
            "header": .object(["refreshThreshold": .number(refreshThreshold)]),
            "scrolling": .object(["decelerationRate": .number(decelerationRate), "rubberBandConstant": .number(rubberBandConstant),
                                  "wheelStep": wheelStep.map { .number($0) } ?? .null, "trackpadMomentum": .bool(trackpadMomentum)]),
            "rendering": .object(["wholePixels": .bool(wholePixels), "oneFrameLate": .bool(oneFrameLate)]),
            "reducedMotion": .bool(reducedMotion),
        ])
        return value.jsonText + "\n"
    }

    /// The scroll physics these settings give.
    public func physics(from base: ScrollPhysicsSettings) -> ScrollPhysicsSettings {
        var p = base
        p.decelerationRate = decelerationRate
        p.rubberBandConstant = rubberBandConstant
        p.wheelStepOverride = wheelStep
        p.trackpadMomentum = trackpadMomentum
        return p
    }
}
