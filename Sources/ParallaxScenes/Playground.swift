import ParallaxEngine

/// The app: the three scenes under a tab bar. Each scene keeps its own scroll state; keys 1, 2, 3
/// and Tab (Shift+Tab back) or a click on a tab switch; M toggles reduced motion everywhere.
public final class Playground: Traceable {
    public let feed: FeedScene
    public let header: HeaderScene
    public let pager: PagerScene
    public let scenes: [Traceable]
    public private(set) var activeIndex: Int
    public private(set) var viewport: Size
    public private(set) var settings: PlaygroundSettings
    public var reducedMotion: Bool { settings.reducedMotion }
    public private(set) var showsHelp = false
    public private(set) var showsTuning = false
    public private(set) var selectedRow = 0
    /// The last word of the panel on saving or reloading.
    public private(set) var tuningStatus = ""
    /// Writes the settings to the config file; returns what to tell the user.
    public var onSave: ((PlaygroundSettings) -> String)?
    /// Reads the config file again: the new settings, or why they were refused.
    public var onReload: (() -> Result<PlaygroundSettings, InputFileError>)?
    private let environment: SceneEnvironment
    /// A press that began on the tab bar or the tuning panel: its moves and release are not the scene's.
    private var pressOnControls = false

    public static let barHeight = 56.0
    static let tabFont = Font(size: 15, weight: .bold)
    static let appTitleFont = Font(size: 16, weight: .bold)
    static let hintFont = Font(size: 12)
    static let tabTitles = ["Feed", "Header", "Pager"]

    public var active: Traceable { scenes[activeIndex] }
    public var scrollState: ScrollState { active.scrollState }
    public var contentSummary: String { active.contentSummary }

    public var traceGeometry: [String: JSONValue] { active.traceGeometry }
    public var name: String { active.name }

    public init(viewport: Size, first: String = "feed", options: SceneCatalog.Options = .init(), environment: SceneEnvironment) {
        self.viewport = viewport
        settings = options.settings
        self.environment = environment
        var feedSettings = options.feed
        feedSettings.topBarHeight = Self.barHeight
        feed = FeedScene(viewport: viewport, settings: feedSettings, environment: environment)
        header = HeaderScene(viewport: viewport, settings: options.header, topInset: Self.barHeight, environment: environment)
        pager = PagerScene(viewport: viewport, settings: options.pager, environment: environment)
        scenes = [feed, header, pager]
        activeIndex = scenes.firstIndex { $0.name == first } ?? 0
        apply(settings)
    }

    /// Applies settings to every scene at once.
    public func apply(_ new: PlaygroundSettings) {
        settings = new
        feed.reducedMotion = new.reducedMotion
        header.reducedMotion = new.reducedMotion
        pager.reducedMotion = new.reducedMotion
        feed.apply(new)
        header.apply(new)
        pager.apply(new)
    }

    public func setReducedMotion(_ on: Bool) {
        var s = settings
        s.reducedMotion = on
        apply(s)
    }

    var tuningRows: [TuningRow] { TuningPanel.rows(for: active.name) }

    private func stepSelected(_ direction: Double) {
        let rows = tuningRows
        guard !rows.isEmpty else { return }
        var s = settings
        rows[min(selectedRow, rows.count - 1)].step(&s, direction)
        apply(s)
    }

    public func select(_ index: Int) {
        activeIndex = (index % scenes.count + scenes.count) % scenes.count
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        switch event {
        case let .key(key, shift):
            switch key {
            case .one: select(0)
            case .two: select(1)
            case .three: select(2)
            case .tab: select(activeIndex + (shift ? -1 : 1))
            case .m: setReducedMotion(!reducedMotion)
            case .h: showsHelp.toggle()
            case .p: showsTuning.toggle()
            case .leftBracket where showsTuning: selectedRow = max(0, selectedRow - 1)
            case .rightBracket where showsTuning: selectedRow = min(tuningRows.count - 1, selectedRow + 1)
            case .minus where showsTuning: stepSelected(-1)
            case .equals where showsTuning: stepSelected(1)
            case .s where showsTuning: tuningStatus = onSave?(settings) ?? "no config file to save to"
            case .l where showsTuning: reload()
            default: active.handle(event, at: time)
            }
        case let .resize(size):
            viewport = size
            for scene in scenes { scene.handle(event, at: time) }
        case let .mouseDown(p) where p.y < Self.barHeight:
            pressOnControls = true
            if let tab = tabFrames().firstIndex(where: { $0.contains(p) }) { select(tab) }
        case let .mouseDown(p) where showsTuning && tuningFrame.contains(p):
            // A press on the panel is the panel's: its buttons, never a drag of the scene.
            pressOnControls = true
            for (i, row) in tuningRowFrames().enumerated() {
                if row.minus.contains(p) { selectedRow = i; stepSelected(-1) }
                if row.plus.contains(p) { selectedRow = i; stepSelected(1) }
            }
        case .mouseMove, .mouseUp:
            if pressOnControls {
                if case .mouseUp = event { pressOnControls = false }
                return
            }
            active.handle(event, at: time)
        default:
            active.handle(event, at: time)
        }
    }

    public func update(to time: Double) {
        active.update(to: time)
    }

    private func reload() {
        switch onReload?() {
        case let .success(new)?:
            apply(new)
            tuningStatus = "reloaded"
        case let .failure(error)?:
            // A bad file changes nothing: the settings in use stay.
            tuningStatus = "refused: \(error.path.isEmpty ? "" : error.path + ": ")\(error.problem)"
        case nil:
            tuningStatus = "no config file to reload"
        }
    }

    public func draw(into list: inout DisplayList) {
        active.draw(into: &list)
        drawBar(into: &list)
        if showsTuning { drawTuning(into: &list) }
        if showsHelp { drawHelp(into: &list) }
    }

    static let panelFont = Font(size: 13)
    static let panelBold = Font(size: 13, weight: .bold)
    static let rowHeight = 28.0
    static let panelWidth = 330.0

    var tuningFrame: Rect {
        Rect(x: 12, y: Self.barHeight + 12, width: Self.panelWidth, height: 40 + Double(tuningRows.count) * Self.rowHeight + 44)
    }

    func tuningRowFrames() -> [(row: Rect, minus: Rect, plus: Rect)] {
        let panel = tuningFrame
        return tuningRows.indices.map { i in
            let row = Rect(x: panel.minX + 8, y: panel.minY + 36 + Double(i) * Self.rowHeight, width: panel.width - 16, height: Self.rowHeight)
            let plus = Rect(x: row.maxX - 26, y: row.minY + 3, width: 24, height: 22)
            return (row, plus.offsetBy(dx: -30), plus)
        }
    }

    private func drawTuning(into list: inout DisplayList) {
        let panel = tuningFrame, text = environment.text
        list.fill(panel, Color(r: 12, g: 14, b: 20, a: 230))
        list.text("Tuning  ·  \(active.name)", font: Self.panelBold, at: Point(x: panel.minX + 12, y: panel.minY + 10), color: Theme.text)
        let rows = tuningRows
        for (i, frame) in tuningRowFrames().enumerated() {
            if i == min(selectedRow, rows.count - 1) { list.fill(frame.row, Theme.accent.withAlpha(48)) }
            let lineHeight = text.size(of: "0", font: Self.panelFont).height
            let y = (frame.row.midY - lineHeight / 2).rounded()
            list.text(rows[i].label, font: Self.panelFont, at: Point(x: frame.row.minX + 6, y: y), color: Theme.text)
            let value = rows[i].value(settings)
            let width = text.size(of: value, font: Self.panelBold).width
            list.text(value, font: Self.panelBold, at: Point(x: frame.minus.minX - 10 - width, y: y), color: Theme.accent)
            for (box, sign) in [(frame.minus, "−"), (frame.plus, "+")] {
                list.fill(box, Color(gray: 255, a: 36))
                let w = text.size(of: sign, font: Self.panelBold).width
                list.text(sign, font: Self.panelBold, at: Point(x: box.midX - w / 2, y: (box.midY - lineHeight / 2).rounded()), color: Theme.text)
            }
        }
        let footer = tuningStatus.isEmpty ? "[ ] select   - = change   S save   L reload" : tuningStatus
        list.text(footer, font: Self.panelFont, at: Point(x: panel.minX + 12, y: panel.maxY - 30), color: Theme.secondaryText,
                  clip: panel)
    }

    private func drawHelp(into list: inout DisplayList) {
        let text = environment.text
        let lineHeight = text.size(of: "0", font: Self.panelFont).height + 8
        let keysWidth = HelpText.lines.map { text.size(of: $0.keys, font: Self.panelBold).width }.max() ?? 0
        let actionsWidth = HelpText.lines.map { text.size(of: $0.action, font: Self.panelFont).width }.max() ?? 0
        let width = keysWidth + actionsWidth + 64, height = Double(HelpText.lines.count) * lineHeight + 64
        let panel = Rect(x: ((viewport.width - width) / 2).rounded(), y: max(Self.barHeight + 8, ((viewport.height - height) / 2).rounded()),
                         width: width, height: height)
        list.fill(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 110))
        list.fill(panel, Color(r: 12, g: 14, b: 20, a: 240))
        list.text("Keys", font: Self.panelBold, at: Point(x: panel.minX + 24, y: panel.minY + 18), color: Theme.text)
        for (i, line) in HelpText.lines.enumerated() {
            let y = panel.minY + 48 + Double(i) * lineHeight
            list.text(line.keys, font: Self.panelBold, at: Point(x: panel.minX + 24, y: y), color: Theme.accent)
            list.text(line.action, font: Self.panelFont, at: Point(x: panel.minX + 40 + keysWidth, y: y), color: Theme.text)
        }
    }

    /// The tabs' hit and highlight areas, centred in the bar.
    func tabFrames() -> [Rect] {
        let widths = Self.tabTitles.map { environment.text.size(of: $0, font: Self.tabFont).width + 36 }
        var x = ((viewport.width - widths.reduce(0, +)) / 2).rounded()
        return widths.map { w in
            defer { x += w }
            return Rect(x: x, y: 0, width: w, height: Self.barHeight)
        }
    }

    private func drawBar(into list: inout DisplayList) {
        let bar = Rect(x: 0, y: 0, width: viewport.width, height: Self.barHeight)
        list.fill(bar, Theme.bar)
        list.fill(Rect(x: 0, y: bar.maxY - 1, width: viewport.width, height: 1), Theme.barLine)
        let text = environment.text
        let title = "Parallax Playground"
        let titleSize = text.size(of: title, font: Self.appTitleFont)
        let frames = tabFrames()
        // Side texts give way to the tabs on narrow windows.
        if 20 + titleSize.width + 16 < frames.first?.minX ?? 0 {
            list.text(title, font: Self.appTitleFont, at: Point(x: 20, y: ((bar.height - titleSize.height) / 2).rounded()), color: Theme.text)
        }
        for (i, frame) in frames.enumerated() {
            let label = Self.tabTitles[i]
            let size = text.size(of: label, font: Self.tabFont)
            let selected = i == activeIndex
            list.text(label, font: Self.tabFont, at: Point(x: frame.midX - size.width / 2, y: ((bar.height - size.height) / 2).rounded()),
                      color: selected ? Theme.text : Theme.secondaryText)
            if selected {
                list.fill(Rect(x: frame.minX + 12, y: bar.maxY - 4, width: frame.width - 24, height: 3), Theme.accent)
            }
        }
        let hint = reducedMotion ? "Reduced motion  ·  M" : "1 2 3 · Tab  ·  M: reduced motion"
        let hintSize = text.size(of: hint, font: Self.hintFont)
        if viewport.width - 20 - hintSize.width > (frames.last?.maxX ?? 0) + 16 {
            list.text(hint, font: Self.hintFont, at: Point(x: viewport.width - 20 - hintSize.width, y: ((bar.height - hintSize.height) / 2).rounded()),
                      color: reducedMotion ? Theme.accent : Theme.secondaryText)
        }
    }
}
