import ParallaxEngine

/// Where the feed's sections and cells are, computed in closed form so a frame costs the same
/// whatever the item count: only what the viewport shows is ever laid out. A wide window shows two
/// columns, each section's items in rows left to right (docs/layout.md, "Feed").
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
    /// The window's scale (`ContentScale`): the captions' fonts and every length below follow it.
    public let scale: ContentScale
    /// 1, or 2 where one column would be wider than `settings.twoColumnsAbove`.
    public let columns: Int
    /// The left column's x; the columns, `columnWidth` wide and `cellGap` apart, are centred.
    public let columnX: Double
    public let columnWidth: Double
    public let photoHeight: Double
    public let captionHeight: Double
    /// Between rows, and between the columns.
    public let cellGap: Double
    public let sectionHeaderHeight: Double
    public let contentPadding: Double
    /// From one row's top to the next's.
    public let cellPitch: Double
    /// A full section's rows: its items, `columns` to a row, left to right.
    public let rowsPerSection: Int
    public let sectionLength: Double
    public let contentLength: Double

    public init(settings: FeedSettings, viewport: Size) {
        self.settings = settings
        self.viewport = viewport
        let scale = ContentScale(viewport: viewport)
        self.scale = scale
        captionHeight = scale.scaled(settings.captionHeight)
        cellGap = scale.scaled(settings.cellGap)
        sectionHeaderHeight = scale.scaled(settings.sectionHeaderHeight)
        contentPadding = scale.scaled(settings.contentPadding)
        let budget = max(0, min((settings.maxColumnWidth * scale.width).rounded(.down), viewport.width - 2 * scale.scaled(settings.sideMargin)))
        columns = budget > settings.twoColumnsAbove ? 2 : 1
        columnWidth = columns == 1 ? budget : ((budget - cellGap) / 2).rounded(.down)
        columnX = ((viewport.width - (Double(columns) * columnWidth + Double(columns - 1) * cellGap)) / 2).rounded()
        photoHeight = (columnWidth * settings.photoAspect).rounded()
        cellPitch = photoHeight + captionHeight + cellGap
        let perSection = settings.itemsPerSection
        rowsPerSection = (perSection + columns - 1) / columns
        sectionLength = sectionHeaderHeight + Double(rowsPerSection) * cellPitch
        let count = max(0, settings.itemCount)
        let sections = (count + perSection - 1) / perSection
        let rows = count / perSection * rowsPerSection + (count % perSection + columns - 1) / columns
        let body = Double(sections) * sectionHeaderHeight + Double(rows) * cellPitch - (count > 0 ? cellGap : 0)
        contentLength = settings.topInset + 2 * contentPadding + body
    }

    /// The width the columns span together, from `columnX`.
    public var contentWidth: Double { Double(columns) * columnWidth + Double(columns - 1) * cellGap }

    var sectionCount: Int { (settings.itemCount + settings.itemsPerSection - 1) / settings.itemsPerSection }
    var firstSectionTop: Double { settings.topInset + contentPadding }

    public func sectionTop(_ section: Int) -> Double { firstSectionTop + Double(section) * sectionLength }

    /// Item `index`'s row in its section and its column.
    func place(ofItem index: Int) -> (section: Int, row: Int, column: Int) {
        let inSection = index % settings.itemsPerSection
        return (index / settings.itemsPerSection, inSection / columns, inSection % columns)
    }

    /// The content y of cell `index`'s photo container.
    public func containerTop(ofItem index: Int) -> Double {
        let (section, row, _) = place(ofItem: index)
        return sectionTop(section) + sectionHeaderHeight + Double(row) * cellPitch
    }

    /// The screen x of cell `index`'s container.
    public func containerX(ofItem index: Int) -> Double {
        columnX + Double(place(ofItem: index).column) * (columnWidth + cellGap)
    }

    /// The band of the viewport below the bar, where the parallax runs its full range.
    public var visibleBand: (top: Double, bottom: Double) {
        (settings.topInset, viewport.height)
    }

    /// The cell on screen at `offset`: its rects and its shift. The shift is normally computed at the
    /// same offset; `parallaxOffset` lets the playground compute it from another (a frame late).
    public func cell(_ index: Int, offset: Double, parallaxOffset: Double? = nil) -> Cell {
        let top = containerTop(ofItem: index) - offset, x = containerX(ofItem: index)
        let container = Rect(x: x, y: top, width: columnWidth, height: photoHeight)
        let band = visibleBand
        return Cell(
            index: index,
            container: container,
            caption: Rect(x: x, y: top + photoHeight, width: columnWidth, height: captionHeight),
            shift: FeedParallax.shift(containerMinY: containerTop(ofItem: index) - (parallaxOffset ?? offset), containerHeight: photoHeight,
                                      visibleTop: band.top, visibleBottom: band.bottom, maxShift: settings.maxShift))
    }

    /// Everything that intersects the viewport at `offset`, top to bottom, each row left to right.
    /// Cells under the bars count as visible (they show through the translucent bar), hence the
    /// clamp in `FeedParallax`.
    public func visible(offset: Double, parallaxOffset: Double? = nil) -> (headers: [SectionHeader], cells: [Cell]) {
        var headers: [SectionHeader] = []
        var cells: [Cell] = []
        walkVisible(offset: offset) { section, top in
            headers.append(SectionHeader(section: section, frame: Rect(x: columnX, y: top - offset, width: contentWidth, height: sectionHeaderHeight)))
        } item: { index in
            cells.append(cell(index, offset: offset, parallaxOffset: parallaxOffset))
        }
        return (headers, cells)
    }

    /// The items `visible` lists at `offset`: consecutive (rows follow rows, sections sections), so
    /// a range, found without building their cells, as the prefetch asks in every frame.
    public func visibleItems(offset: Double) -> Range<Int> {
        var first: Int?, last = 0
        walkVisible(offset: offset) { _, _ in } item: { index in
            if first == nil { first = index }
            last = index
        }
        return first.map { $0..<last + 1 } ?? 0..<0
    }

    /// Each section header (its section and content top) and each item that intersects the viewport
    /// at `offset`, in `visible`'s order.
    private func walkVisible(offset: Double, header: (_ section: Int, _ top: Double) -> Void, item: (Int) -> Void) {
        guard settings.itemCount > 0, sectionLength > 0, offset.isFinite else { return }
        let bottom = offset + viewport.height
        var section = max(0, Int(((offset - firstSectionTop) / sectionLength).rounded(.down)))
        while section < sectionCount, sectionTop(section) < bottom {
            let top = sectionTop(section)
            if top + sectionHeaderHeight > offset { header(section, top) }
            let firstItem = section * settings.itemsPerSection
            let lastItem = min(settings.itemCount, firstItem + settings.itemsPerSection) - 1
            let bodyTop = top + sectionHeaderHeight
            // The first row whose card (photo and caption) ends below the viewport's top.
            var row = max(0, Int(((offset - bodyTop - photoHeight - captionHeight) / cellPitch).rounded(.down)) + 1)
            while firstItem + row * columns <= lastItem, bodyTop + Double(row) * cellPitch < bottom {
                for index in (firstItem + row * columns)...min(lastItem, firstItem + row * columns + columns - 1) { item(index) }
                row += 1
            }
            section += 1
        }
    }
}
