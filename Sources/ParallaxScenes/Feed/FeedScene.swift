import ParallaxEngine

/// A centred column of photo cells (two in a wide window) whose photos shift inside their containers
/// (`FeedParallax.swift`).
public final class FeedScene: PlaygroundScene, CursorProviding {
    public let name = "feed"
    public private(set) var viewport: Size
    public private(set) var layout: FeedLayout
    public private(set) var scroller = ScrollAxis()
    public var plottedScroller: ScrollAxis? { scroller }
    public private(set) var position = ScrollPosition()
    public var offset: Double { position.offset }
    public var time: Double { position.time }
    private let environment: SceneEnvironment
    public private(set) var settings: FeedSettings
    private var indicator = ScrollIndicatorControl()
    /// Reduced motion: the photos stop shifting, `M` easing to 0 (`MotionEase`); the layout is built
    /// with `M` times the amount at the last update.
    public private(set) var motion = MotionEase()
    public var reducedMotion: Bool { motion.reduced }
    private var layoutMotion = 1.0

    public func setReducedMotion(_ on: Bool, at time: Double) {
        motion.setReduced(on, at: time)
        relayoutMotion(at: time.isFinite ? self.time : time)
    }

    private func relayoutMotion(at time: Double) {
        let amount = motion.amount(at: time)
        guard amount != layoutMotion else { return }
        layoutMotion = amount
        layout = FeedLayout(settings: effectiveSettings, viewport: viewport)
    }

    private var effectiveSettings: FeedSettings {
        var s = settings
        s.maxShift *= layoutMotion
        return s
    }

    public init(viewport: Size, settings: FeedSettings = FeedSettings(), environment: SceneEnvironment) {
        self.viewport = viewport
        self.environment = environment
        self.settings = settings
        layout = FeedLayout(settings: settings, viewport: viewport)
        scroller.setExtent(viewport: viewport.height, content: layout.contentLength, at: 0)
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        let band = layout.visibleBand
        if indicator.handle(event, axis: &scroller, viewport: viewport, top: band.top, at: time) { return }
        if scroller.handleVertical(event, pageStep: max(0, band.bottom - band.top) * 0.9, at: time) { return }
        if case let .resize(size) = event { resize(to: size, at: time) }
    }

    /// Relayouts for the new size, keeping the first visible cell where it was on screen.
    private func resize(to size: Size, at time: Double) {
        let current = scroller.offset(at: time)
        let anchor = layout.visible(offset: current).cells.first { $0.container.maxY > layout.visibleBand.top }
        viewport = size
        layout = FeedLayout(settings: effectiveSettings, viewport: size)
        scroller.setExtent(viewport: size.height, content: layout.contentLength, at: time)
        if let anchor {
            let fraction = anchor.container.height > 0 ? (layout.visibleBand.top - anchor.container.minY) / anchor.container.height : 0
            let target = layout.containerTop(ofItem: anchor.index) + fraction * layout.photoHeight - layout.visibleBand.top
            scroller.scroll(to: target, animated: false, at: time)
        }
        position.jump(scroller, at: time)
    }

    /// The one line shown instead of the cards while a folder's photos cannot be (the folder was removed).
    public private(set) var message: String?

    /// Shows `photos` instead of the current ones, or `message` over an empty feed (a folder that
    /// changed: docs/photo-folders.md, "A folder that changes"). The card at the top of the view
    /// stays where it is on screen, wherever its photo moved in the order: the scroll position
    /// follows the card, not the index (a motion under way stops there). A card whose photo went
    /// leaves its place to the one now at its index.
    public func replacePhotos(_ photos: [Photo], message: String? = nil, at time: Double) {
        let current = scroller.offset(at: time)
        let anchor = layout.visible(offset: current).cells.first { $0.container.maxY > layout.visibleBand.top }
        let anchorPhoto = anchor.flatMap { settings.photos.isEmpty ? nil : settings.photos[$0.index % settings.photos.count].image }
        self.message = message
        settings.photos = message == nil ? photos : []
        settings.itemCount = settings.photos.count
        layout = FeedLayout(settings: effectiveSettings, viewport: viewport)
        scroller.setExtent(viewport: viewport.height, content: layout.contentLength, at: time)
        if let anchor, settings.itemCount > 0 {
            let index = settings.photos.firstIndex { $0.image == anchorPhoto } ?? min(anchor.index, settings.itemCount - 1)
            scroller.scroll(to: layout.containerTop(ofItem: index) - anchor.container.minY, animated: false, at: time)
        }
        position.jump(scroller, at: time)
    }

    public func update(to time: Double) {
        position.update(scroller, to: time)
        relayoutMotion(at: time)
    }

    /// Applies tuned values at once (the photo margin and the scroll physics).
    public func apply(_ s: PlaygroundSettings) {
        settings.maxShift = s[.feedMaxShift]
        layout = FeedLayout(settings: effectiveSettings, viewport: viewport)
        scroller.settings = s.physics(from: scroller.settings)
        // A fling under way goes on from where it is under the new model.
        scroller.setModel(s.physicsModel, at: time)
        scroller.setExtent(viewport: viewport.height, content: layout.contentLength, at: time)
        position.rendering = RenderingOptions(s)
    }

    public var scrollState: ScrollState {
        position.state(horizontal: false)
    }

    /// The visible band and every visible cell: its container's top on screen, its height and its shift.
    public var contentSummary: String { "\(settings.itemCount) items" }

    public var traceGeometry: [String: JSONValue] {
        let band = layout.visibleBand
        let items: [JSONValue] = layout.visible(offset: offset, parallaxOffset: position.parallaxOffset).cells.map {
            .object(["index": .number(Double($0.index)), "y": .number($0.container.minY),
                     "height": .number($0.container.height), "shift": .number($0.shift)])
        }
        var fields: [String: JSONValue] = ["viewport": .object(["top": .number(band.top), "height": .number(band.bottom - band.top)]),
                                           "items": .array(items), "photoCount": .number(Double(settings.itemCount))]
        if let message { fields["message"] = .string(message) }
        return fields
    }

    /// The scroll state and every visible cell by index: its container's top on screen and its shift.
    public var motionSample: MotionSample {
        let cells = layout.visible(offset: offset, parallaxOffset: position.parallaxOffset).cells
        return MotionSample(scene: name, state: scrollState, horizontal: false, groups: [
            .init(name: "items", key: "index", columns: ["y", "shift"], rows: cells.map { .init(key: $0.index, values: [$0.container.minY, $0.shift]) }),
        ])
    }

    public func draw(into list: inout DisplayList) {
        let screen = Rect(origin: .zero, size: viewport)
        list.fill(screen, Theme.background)
        // A model that stretches its edge (Android) draws the content held at the edge, then scaled.
        let stretch = scroller.model.overscrollDrawing == .stretched
            ? EdgeStretch(offset: offset, maxOffset: scroller.maxOffset, length: viewport.height) : nil
        let contentStart = list.commands.count
        let visible = layout.visible(offset: stretch?.offset ?? offset, parallaxOffset: stretch?.offset ?? position.parallaxOffset)
        let scale = layout.scale
        for header in visible.headers {
            list.text(sectionTitle(header.section).uppercased(), font: scale.font(Theme.sectionHeader),
                      at: Point(x: header.frame.minX + scale.scaled(4), y: header.frame.maxY - scale.scaled(30)),
                      color: Theme.secondaryText, clip: header.frame)
        }
        for cell in visible.cells { drawCell(cell, into: &list) }
        if let message {
            let band = layout.visibleBand, box = screen.insetBy(dx: layout.scale.scaled(24), dy: 0)
            let font = TextLayout.fitLine(message, font: layout.scale.font(Theme.title), minSize: 11, width: box.width, measurer: environment.text)
            list.text(message, font: font, at: Point(x: box.minX, y: (band.top + band.bottom) / 2 - layout.scale.scaled(10)),
                      color: Theme.secondaryText, clip: box)
        }
        if let stretch { list.stretch(commandsFrom: contentStart, stretch) }
        let landing = scroller.restingOffset
        let plan = landing.map { FeedPrefetch.plan(layout, from: offset, to: $0) } ?? []
        if let landing, !plan.isEmpty {
            for (index, due) in zip(plan, FeedPrefetch.due(plan, layout, axis: scroller, at: time)) {
                let quad = photoQuad(layout.cell(index, offset: landing))
                list.prefetch(quad.photo.image, source: quad.source, destination: quad.destination, due: due)
            }
        } else {
            for (index, due) in FeedPrefetch.neighbours(layout, at: offset) {
                let quad = photoQuad(layout.cell(index, offset: offset))
                list.prefetch(quad.photo.image, source: quad.source, destination: quad.destination, due: due)
            }
        }
        indicator.draw(into: &list, axis: scroller, sample: position.sample, viewport: viewport, top: layout.visibleBand.top)
    }

    /// Applies the layout's shift: the photo, `2M` taller than its container, centred on the container
    /// centre plus the shift, clipped by the container.
    private func drawCell(_ cell: FeedLayout.Cell, into list: inout DisplayList) {
        let (photo, source, destination) = photoQuad(cell)
        let card = Rect(x: cell.container.minX, y: cell.container.minY,
                        width: cell.container.width, height: cell.container.height + cell.caption.height)
        list.fill(card, Theme.card)
        list.image(photo.image, source: source, destination: destination, clip: cell.container)
        // Caption lines, at the window's type scale, shrink to fit a narrow column (down to 12 px),
        // then clip inside the card's padding.
        let scale = layout.scale
        let textBox = cell.caption.insetBy(dx: scale.scaled(16), dy: 0)
        let text = environment.text
        let subtitle = "No. \(cell.index + 1) of \(layout.settings.itemCount)  ·  \(photo.credit)"
        let titleFont = TextLayout.fitLine(photo.title, font: scale.font(Theme.title), minSize: 12, width: textBox.width, measurer: text)
        let subtitleFont = TextLayout.fitLine(subtitle, font: scale.font(Theme.subtitle), minSize: 11, width: textBox.width, measurer: text)
        list.text(photo.title, font: titleFont, at: Point(x: textBox.minX, y: cell.caption.minY + scale.scaled(11)),
                  color: Theme.text, clip: textBox)
        list.text(subtitle, font: subtitleFont, at: Point(x: textBox.minX, y: cell.caption.minY + scale.scaled(36)),
                  color: Theme.secondaryText, clip: textBox)
    }

    /// The cell's photo and where it is drawn: `2M` taller than its container, centred on the
    /// container centre plus the shift.
    private func photoQuad(_ cell: FeedLayout.Cell) -> (photo: Photo, source: Rect, destination: Rect) {
        let photos = layout.settings.photos
        let photo = photos[cell.index % photos.count]
        let m = layout.settings.maxShift
        let destination = Rect(x: cell.container.minX, y: cell.container.minY - m + cell.shift,
                               width: cell.container.width, height: cell.container.height + 2 * m)
        let source = aspectFillSource(imageSize: environment.images.pixelSize(of: photo.image) ?? destination.size,
                                      box: destination.size, focusY: photo.focusY)
        return (photo, source, destination)
    }

    /// A folder's section: the days its photos were taken ("3 March 2024", or "3 March 2024 – 5 March
    /// 2024"). The bundled photos' section `k`: `k` days before the feed's fixed start date
    /// (deterministic, no clock).
    func sectionTitle(_ section: Int) -> String {
        let photos = layout.settings.photos, per = layout.settings.itemsPerSection
        let first = section * per, last = min(layout.settings.itemCount, first + per) - 1
        if let from = photos[first % photos.count].dayTaken.flatMap(Self.dayText),
           let to = photos[last % photos.count].dayTaken.flatMap(Self.dayText) {
            return from == to ? from : from + " – " + to
        }
        return CivilDate(daysSinceEpoch: FeedScene.startDay - section).longText
    }

    /// "2024-03-05" as "5 March 2024"; nil for another form.
    static func dayText(_ day: String) -> String? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return nil }
        return "\(parts[2]) \(CivilDate.monthNames[parts[1] - 1]) \(parts[0])"
    }

    /// 2026-11-22, in days since 1970-01-01.
    static let startDay = 20_779

    /// A hand over the scroll thumb, which a press drags.
    public func cursor(at point: Point) -> CursorKind {
        indicator.cursor(at: point, axis: scroller, viewport: viewport, top: layout.visibleBand.top, at: time)
    }
}
