/// The feed's tunable values (docs/physics-and-effects.md, "Feed").
public struct FeedSettings: Sendable, Equatable {
    public var itemCount = 200
    /// What the cells show, cycled: the bundled photos, or a folder's (`--photos`).
    public var photos: [Photo] = PhotoLibrary.photos
    /// `M`: the largest shift of a photo inside its container, in px (the photo is `2M` taller).
    public var maxShift = 30.0
    /// The band the tab bar covers: the content scrolls under it, the parallax band starts below it.
    public var topInset = 56.0
    /// The sizes below are at 1280x800; a larger window scales them (`ContentScale`, docs/layout.md,
    /// "Feed"): the column's width budget by `width`, the rest by `type`.
    public var maxColumnWidth = 900.0
    /// A single column wider than this becomes two, side by side (docs/layout.md, "Feed").
    public var twoColumnsAbove = 1100.0
    public var sideMargin = 24.0
    /// Photo container height as a fraction of the column width.
    public var photoAspect = 0.45
    public var captionHeight = 64.0
    /// Between rows, and between the two columns.
    public var cellGap = 20.0
    public var sectionHeaderHeight = 48.0
    public var itemsPerSection = 10
    /// Space above the first section (below the bar) and below the last cell.
    public var contentPadding = 12.0

    public static let maxItemCount = 1_000_000

    public init() {}
}

extension SceneSetting {
    public static let feedMaxShift = SceneSetting(section: "feed", field: "maxShift", label: "Photo margin M",
                                                  defaultValue: FeedSettings().maxShift, range: 0...100, step: 1, format: "%.0f px")
}
