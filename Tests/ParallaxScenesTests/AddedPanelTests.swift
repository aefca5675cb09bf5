import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// A panel added in this one file, with no edit to the playground, its other panels or the engine's
/// keymap: a counter at the scene's top left that Return shows and hides, and that counts the
/// presses on it.
final class CounterPanel: Panel {
    let name = "counter"
    private(set) var shown = false
    private(set) var presses = 0
    static let size = Size(width: 120, height: 40)
    static let color = Color(r: 200, g: 40, b: 160)

    enum Action: Sendable { case toggle }
    static let keys = PanelKeys<Action>("Return", "counter: presses on it", [(.return, nil, .toggle)])

    func keyLines(in playground: Playground) -> [KeyLine] { [Self.keys.line(state: KeyLine.onOff(shown))] }

    func frame(in playground: Playground) -> Rect? {
        guard shown else { return nil }
        let area = playground.sceneArea
        return Rect(origin: Point(x: area.minX + Playground.panelMargin, y: area.minY + Playground.panelMargin), size: Self.size)
    }

    func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool {
        if Self.keys.action(for: event) != nil {
            shown.toggle()
            return true
        }
        guard case let .mouseDown(p) = event, frame(in: playground)?.contains(p) == true else { return false }
        presses += 1
        return true
    }

    func cursor(at point: Point, in playground: Playground) -> CursorKind? { frame(in: playground)?.contains(point) == true ? .hand : nil }

    func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) {
        list.fill(frame, Self.color)
        list.text("\(presses)", font: Playground.panelBold, at: Point(x: frame.minX + 8, y: frame.minY + 8), color: Theme.text)
    }
}

@Suite struct AddedPanelTests {
    let viewport = Size(width: 1280, height: 800)

    func fills(_ playground: Playground) -> [Rect] {
        var list = DisplayList()
        playground.draw(into: &list)
        return list.commands.compactMap { if case let .fill(f) = $0, f.color == CounterPanel.color { f.rect } else { nil } }
    }

    @Test func itsKeyShowsItAndHelpListsTheKeyWithItsState() throws {
        let counter = CounterPanel()
        let playground = Playground(viewport: viewport, panels: [counter], environment: testEnvironment())
        #expect(Keymap.action(for: .return, shift: false) == nil, "the engine's keymap knows nothing of it")
        #expect(fills(playground).isEmpty)
        let line = try #require(playground.keyLines.first { $0.keys == "Return" })
        #expect(line.action == "counter: presses on it" && line.state == "off")
        playground.handle(.key(.return, shift: false), at: 0)
        #expect(counter.shown && playground.keyLines.first { $0.keys == "Return" }?.state == "on")
        let frame = Rect(x: 8, y: Playground.barHeight + 8, width: 120, height: 40)
        #expect(fills(playground) == [frame])
        #expect(playground.traceGeometry["panels"] == .array([.string("bar"), .string("counter")]))
        #expect(playground.help.rows(in: playground).keys.contains { $0.action == "counter: presses on it" && $0.state == "on" })
    }

    /// A press on it is its own, to the release: the feed under it does not scroll; beside it, the feed does.
    @Test func aPressOnItIsItsAndItsCursorIsAHand() {
        let counter = CounterPanel()
        let playground = Playground(viewport: viewport, panels: [counter], environment: testEnvironment())
        playground.handle(.key(.return, shift: false), at: 0)
        let on = Point(x: 60, y: Playground.barHeight + 28)
        #expect(playground.cursor(at: on) == .hand)
        #expect(playground.cursor(at: Point(x: 640, y: 400)) == .arrow, "the feed's answer beside it")
        playground.handle(.mouseDown(on), at: 0.1)
        for i in 1...6 { playground.handle(.mouseMove(Point(x: on.x, y: on.y + 300 - 50 * Double(i))), at: 0.1 + 0.02 * Double(i)) }
        playground.handle(.mouseUp(Point(x: on.x, y: on.y)), at: 0.3)
        playground.update(to: 1)
        #expect(counter.presses == 1 && playground.feed.offset == 0)
        var list = DisplayList()
        playground.draw(into: &list)
        #expect(list.textRuns.contains { $0.text == "1" && $0.font == Playground.panelBold })
        let start = Point(x: 640, y: 700)
        playground.handle(.mouseDown(start), at: 1)
        for i in 1...6 { playground.handle(.mouseMove(Point(x: 640, y: 700 - 50 * Double(i))), at: 1 + 0.02 * Double(i)) }
        playground.handle(.mouseUp(Point(x: 640, y: 400)), at: 1.12)
        #expect(counter.presses == 1 && playground.feed.scroller.offset(at: 1.12) == 300)
    }

    /// Like every panel under the modal layer (PanelLayout.swift), it hides while help shows.
    @Test func aModalPanelHidesIt() {
        let playground = Playground(viewport: viewport, panels: [CounterPanel()], environment: testEnvironment())
        playground.handle(.key(.return, shift: false), at: 0)
        playground.handle(.key(.h, shift: false), at: 0)
        #expect(fills(playground).isEmpty)
        #expect(!playground.panelFrames.shown.contains { $0.name == "counter" })
        playground.handle(.key(.escape, shift: false), at: 0)
        #expect(fills(playground).count == 1)
    }
}
