import ParallaxEngine

/// Where the feed's sections and cells are, computed in closed form so a frame costs the same
/// whatever the item count: only what the viewport shows is ever laid out.
///
/// Content coordinates start at the top of the content (offset 0); screen y = content y - offset.
/// The layout computes each cell's parallax shift; the scene's drawing only applies it.
public struct FeedLayout: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var index: Int
        /// The photo container, on screen.
        public var container: Rect
        /// The caption area under the container, on screen.
        public var caption: Rect
        /// The photo centre's offset from the container centre (`FeedParallax`).
        public var shift: Double
    }

    public struct SectionHeader: Sendable, Equatable {
        public var section: Int
        public var frame: Rect
    }

    public let settings: FeedSettings
    public let viewport: Size
    public let columnX: Double
    public let columnWidth: Double
    public let photoHeight: Double
    public let cellPitch: Double
    public let sectionLength: Double
    public let contentLength: Double

    public init(settings: FeedSettings, viewport: Size) {
        self.settings = settings
        self.viewport = viewport
        let width = max(0, min(settings.maxColumnWidth, viewport.width - 2 * settings.sideMargin))
        columnWidth = width
        columnX = ((viewport.width - width) / 2).rounded()
        photoHeight = (width * settings.photoAspect).rounded()
        cellPitch = photoHeight + settings.captionHeight + settings.cellGap
        sectionLength = settings.sectionHeaderHeight + Double(settings.itemsPerSection) * cellPitch
        let count = max(0, settings.itemCount)
        let sections = (count + settings.itemsPerSection - 1) / settings.itemsPerSection
        let body = Double(sections) * settings.sectionHeaderHeight + Double(count) * cellPitch - (count > 0 ? settings.cellGap : 0)
        contentLength = settings.topInset + 2 * settings.contentPadding + body
    }

    var sectionCount: Int { (settings.itemCount + settings.itemsPerSection - 1) / settings.itemsPerSection }
    var firstSectionTop: Double { settings.topInset + settings.contentPadding }

    public func sectionTop(_ section: Int) -> Double { firstSectionTop + Double(section) * sectionLength }

    /// The content y of cell `index`'s photo container.
    public func containerTop(ofItem index: Int) -> Double {
        let section = index / settings.itemsPerSection
        let row = index % settings.itemsPerSection
        return sectionTop(section) + settings.sectionHeaderHeight + Double(row) * cellPitch
    }

    /// The band of the viewport below the bar, where the parallax runs its full range.
    public var visibleBand: (top: Double, bottom: Double) {
        (settings.topInset, viewport.height)
    }

    /// The cell on screen at `offset`: its rects and its shift. The shift is normally computed at the
    /// same offset; `parallaxOffset` lets the playground compute it from another (a frame late).
    public func cell(_ index: Int, offset: Double, parallaxOffset: Double? = nil) -> Cell {
        let top = containerTop(ofItem: index) - offset
        let container = Rect(x: columnX, y: top, width: columnWidth, height: photoHeight)
        let band = visibleBand
        return Cell(
            index: index,
            container: container,
            caption: Rect(x: columnX, y: top + photoHeight, width: columnWidth, height: settings.captionHeight),
            shift: FeedParallax.shift(containerMinY: containerTop(ofItem: index) - (parallaxOffset ?? offset), containerHeight: photoHeight,
                                      visibleTop: band.top, visibleBottom: band.bottom, maxShift: settings.maxShift))
    }

    /// Everything that intersects the viewport at `offset`, top to bottom. Cells under the bars count
    /// as visible (they show through the translucent bar), hence the clamp in `FeedParallax`.
    public func visible(offset: Double, parallaxOffset: Double? = nil) -> (headers: [SectionHeader], cells: [Cell]) {
        var headers: [SectionHeader] = []
        var cells: [Cell] = []
        guard settings.itemCount > 0, sectionLength > 0, offset.isFinite else { return (headers, cells) }
        let bottom = offset + viewport.height
        var section = max(0, Int(((offset - firstSectionTop) / sectionLength).rounded(.down)))
        while section < sectionCount, sectionTop(section) < bottom {
            let top = sectionTop(section)
            if top + settings.sectionHeaderHeight > offset {
                headers.append(SectionHeader(section: section, frame: Rect(
                    x: columnX, y: top - offset, width: columnWidth, height: settings.sectionHeaderHeight)))
            }
            let firstItem = section * settings.itemsPerSection
            let lastItem = min(settings.itemCount, firstItem + settings.itemsPerSection) - 1
            let bodyTop = top + settings.sectionHeaderHeight
            let firstRow = max(0, Int(((offset - bodyTop - photoHeight - settings.captionHeight) / cellPitch).rounded(.up)))
            var index = firstItem + firstRow
            while index <= lastItem, containerTop(ofItem: index) < bottom {
                cells.append(cell(index, offset: offset, parallaxOffset: parallaxOffset))
                index += 1
            }
            section += 1
        }
        return (headers, cells)
    }
}
