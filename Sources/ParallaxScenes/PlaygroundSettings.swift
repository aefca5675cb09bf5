import Foundation
import ParallaxEngine

/// Everything the tuning panel changes and a `--config` file holds (docs/file-formats.md, "Config file").
public struct PlaygroundSettings: Sendable, Equatable {
    public static let currentVersion = 1

    /// The scenes' own settings (`SceneEntry.settings`), each a section of the file named after its scene.
    public let sceneSettings: [SceneSetting]
    /// The scene settings that differ from their defaults (so equal settings compare equal).
    private var changed: [SceneSetting: Double] = [:]
    /// The physics model's name (`ScrollPhysicsModels`; docs/physics-models.md).
    public var physics = ScrollPhysicsModels.standard.name
    public var decelerationRate = ScrollPhysicsSettings().decelerationRate
    public var rubberBandConstant = ScrollPhysicsSettings().rubberBandConstant
    /// Pixels per wheel notch; nil: `min(P^(2/3), P/2)`.
    public var wheelStep: Double?
    /// A trackpad stream that ends while moving flings on (docs/input-and-trackpads.md, "Flings and event times").
    public var trackpadMomentum = ScrollPhysicsSettings().trackpadMomentum
    /// Draw at whole-pixel scroll offsets instead of sub-pixel ones.
    public var wholePixels = false
    /// Reduced motion as the user set it: the config file's `reducedMotion`, M, the tuning panel's
    /// switch; nil where they did not, and `reducedMotionFallback` applies.
    public var reducedMotionSet: Bool?
    /// Reduced motion where the user did not set it: `PARALLAX_REDUCED_MOTION`'s, else the
    /// desktop's, else off (`ReducedMotion.resolve`). Never saved: the file keeps the user's choices.
    public var reducedMotionFallback = ReducedMotion.off
    public var reducedMotion: Bool {
        get { reducedMotionSet ?? reducedMotionFallback.on }
        set { reducedMotionSet = newValue }
    }
    /// Apply parallax from the previous frame's offset, to show why same-frame matters.
    public var oneFrameLate = false
    /// The feed shows this folder's photos instead of the bundled ones (`--photos`).
    public var photos: String?
    /// Megabytes of decoded photos kept as textures (`--cache-mb`).
    public var photoCacheMB: Double?
    /// The photos' thumbnails are read from and written to the desktop's shared cache (off: `--no-thumbnail-cache`).
    public var thumbnailCache = true
    public enum PhotoLimits {
        public static let cacheMB = 16.0...16384
    }

    public init(registry: SceneRegistry = .standard) {
        sceneSettings = registry.entries.flatMap(\.settings)
    }

    /// A scene's setting: its tuned value, else its default.
    public subscript(setting: SceneSetting) -> Double {
        get { changed[setting] ?? setting.defaultValue }
        set { changed[setting] = newValue == setting.defaultValue ? nil : newValue }
    }

    /// The scene settings by section, in the registry's order.
    private var sections: [(name: String, settings: [SceneSetting])] {
        var names: [String] = []
        for setting in sceneSettings where !names.contains(setting.section) { names.append(setting.section) }
        return names.map { name in (name, sceneSettings.filter { $0.section == name }) }
    }

    /// The allowed range of each shared number, shared by the file reader and the panel; a scene's
    /// own numbers carry theirs (`SceneSetting.range`).
    public enum Limits {
        public static let decelerationRate = 0.9...0.9999
        public static let rubberBandConstant = 0.05...2
        public static let wheelStep = 1.0...2000
    }

    public static func load(path: String, registry: SceneRegistry = .standard) throws(InputFileError) -> PlaygroundSettings {
        try parse(try JSONObjectReader.contents(of: path), file: path, registry: registry)
    }

    public static func parse(_ data: Data, file: String, registry: SceneRegistry = .standard) throws(InputFileError) -> PlaygroundSettings {
        var s = PlaygroundSettings(registry: registry)
        let sections = s.sections
        let root = try JSONObjectReader.versionedDocument(data, file: file, version: currentVersion,
                                                          fields: Set(sections.map(\.name) + ["scrolling", "rendering", "reducedMotion", "photos", "photoCacheMB", "thumbnailCache"]))
        for section in sections where root.has(section.name) {
            let reader = try root.object(section.name)
            try reader.rejectUnknownFields(Set(section.settings.map(\.field)))
            for setting in section.settings {
                s[setting] = try reader.number(setting.field, in: setting.range, default: s[setting])
            }
        }
        if root.has("scrolling") {
            let scrolling = try root.object("scrolling")
            try scrolling.rejectUnknownFields(["physics", "decelerationRate", "rubberBandConstant", "wheelStep", "trackpadMomentum"])
            if scrolling.has("physics") {
                s.physics = try ScrollPhysicsModels.checked(try scrolling.string("physics"), file: file, path: "scrolling.physics")
            }
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
        if root.has("reducedMotion") { s.reducedMotionSet = try root.bool("reducedMotion", default: false) }
        if root.has("photos") { s.photos = try root.string("photos") }
        if root.has("photoCacheMB") { s.photoCacheMB = try root.number("photoCacheMB", in: PhotoLimits.cacheMB) }
        s.thumbnailCache = try root.bool("thumbnailCache", default: true)
        return s
    }

    /// The settings as a config file (every field, so a saved file documents itself; reduced motion
    /// only where the user set it, so that one left to the desktop goes on following it).
    public var jsonText: String {
        var fields: [String: JSONValue] = [
            "version": .number(Double(Self.currentVersion)),
            "scrolling": .object(["physics": .string(physics), "decelerationRate": .number(decelerationRate), "rubberBandConstant": .number(rubberBandConstant),
                                  "wheelStep": wheelStep.map { .number($0) } ?? .null, "trackpadMomentum": .bool(trackpadMomentum)]),
            "rendering": .object(["wholePixels": .bool(wholePixels), "oneFrameLate": .bool(oneFrameLate)]),
        ]
        if let reducedMotionSet { fields["reducedMotion"] = .bool(reducedMotionSet) }
        if let photos { fields["photos"] = .string(photos) }
        if let photoCacheMB { fields["photoCacheMB"] = .number(photoCacheMB) }
        if !thumbnailCache { fields["thumbnailCache"] = .bool(false) }
        for section in sections {
            fields[section.name] = .object(Dictionary(uniqueKeysWithValues: section.settings.map { ($0.field, .number(self[$0])) }))
        }
        return JSONValue.object(fields).jsonText + "\n"
    }

    /// The user's config file, which `run` reads at start and S saves to when no `--config` is given
    /// (docs/file-formats.md, "Config file"): `$XDG_CONFIG_HOME/parallax/config.json` where that is an
    /// absolute path (the XDG Base Directory rule: a relative one is ignored), else
    /// `$HOME/.config/parallax/config.json`; nil without an absolute `HOME` either.
    public static func userConfigPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/parallax/config.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config/parallax/config.json"
    }

    /// `path` as a user would write it (the panel's saved file, F12's folder): under `home`, with
    /// `~` for it.
    public static func displayPath(_ path: String, home: String?) -> String {
        guard let home, home.hasPrefix("/"), home != "/" else { return path }
        let folder = home.hasSuffix("/") ? String(home.dropLast()) : home
        if path == folder { return "~" }
        return path.hasPrefix(folder + "/") ? "~" + path.dropFirst(folder.count) : path
    }

    /// The physics model these settings name.
    public var physicsModel: any ScrollPhysicsModel { ScrollPhysicsModels.named(physics) ?? ScrollPhysicsModels.standard }

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
