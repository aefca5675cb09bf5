import Testing
import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
import ParallaxTestSupport

/// The layering rule (PanelLayout.swift; docs/architecture.md, "Layers over a scene"), checked by
/// rectangle on what a frame really draws: for every mix of help, tuning, plot and a toast, with the
/// frame-time panel compact or expanded, in each scene and at 480x360, 1280x800 and 2560x1600, no
/// two shown panels overlap, each lies inside the window, and the frame-time panel is drawn where the
/// layout put it and before any dimming.
@Suite(.ownThread) struct PanelLayeringTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let viewport: Size
        let scene: String
        let expanded: Bool
        var testDescription: String { "\(scene) \(Int(viewport.width))x\(Int(viewport.height))\(expanded ? " expanded" : "")" }
    }

    static let cases: [Case] = [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 2560, height: 1600)].flatMap { size in
        ["feed", "header", "pager"].flatMap { scene in [false, true].map { Case(viewport: size, scene: scene, expanded: $0) } }
    }

    /// The subsets of the panels a user can open, as keys (H help, P tuning, G plot) and a toast.
    static let openings: [(keys: [Key], toast: Bool)] = (0..<16).map { bits in
        ([Key.h, .p, .g].enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element), bits & 8 != 0)
    }

    @Test(arguments: cases)
    func noPanelMeetsAnother(_ c: Case) throws {
        for opening in Self.openings {
            let environment = SceneEnvironment.fixed(otherwise: Size(width: 1600, height: 1067))
            let target = NullRenderTarget(size: c.viewport, environment: environment)
            let playground = Playground(viewport: c.viewport, first: c.scene, environment: environment)
            let overlay = FrameTimeOverlay(text: environment.text)
            overlay.expanded = c.expanded
            let step = FrameStep(driver: SceneDriver(scene: playground), target: target, clock: ZeroClock(), overlay: overlay)
            for (i, key) in opening.keys.enumerated() { step.deliver(.key(key, shift: false), at: 0.1 * Double(i + 1)) }
            if opening.toast { playground.notify("Saved parallax-2026-11-27-101010.123.png in ~/Pictures", flash: false, at: 0.5) }
            step.run(at: 0.6)
            let what = "\(c.testDescription) with \(opening.keys.map(\.name)) toast \(opening.toast)"
            let frames = playground.panelFrames
            let window = Rect(origin: .zero, size: c.viewport)
            for (i, a) in frames.shown.enumerated() {
                #expect(a.frame.intersection(window) == a.frame, "\(a.name) \(a.frame) leaves the window: \(what)")
                for b in frames.shown[(i + 1)...] {
                    #expect(!a.frame.intersects(b.frame), "\(a.name) \(a.frame) meets \(b.name) \(b.frame): \(what)")
                }
            }
            let list = try #require(target.lastList)
            let drawnPanel = list.commands.enumerated().first { _, command in
                if case let .fill(f) = command { f.color == FrameTimeOverlay.background } else { false }
            }
            let drawn: Rect? = drawnPanel.flatMap { if case let .fill(f) = $0.element { f.rect } else { nil } }
            #expect(drawn == frames.frameTimes, "the frame-time panel is drawn at \(String(describing: drawn)), laid out at \(String(describing: frames.frameTimes)): \(what)")
            if let drawn {
                for other in frames.shown where other.name != "frame-time panel" {
                    #expect(!drawn.intersects(other.frame), "the frame-time panel \(drawn) is drawn over the \(other.name) \(other.frame): \(what)")
                }
                let dim = list.commands.firstIndex { command in
                    if case let .fill(f) = command { f.rect == window && f.color.a < 255 && f.color.r == 0 } else { false }
                }
                if let dim, let index = drawnPanel?.offset {
                    #expect(index < dim, "the frame-time panel is drawn after the dimming: \(what)")
                }
            }
            if c.viewport == Size(width: 480, height: 360), !c.expanded {
                #expect(overlay.size(in: c.viewport).width <= c.viewport.width / 4, "a quarter of the width at most")
            }
            // Nothing but a modal panel hides it: with none open it shows, at the top right of the scene.
            if !opening.keys.contains(.h), !opening.keys.contains(.p) || !playground.tuningIsModal, !opening.keys.contains(.g), !opening.toast {
                #expect(frames.frameTimes != nil, "the frame-time panel is hidden: \(what)")
            }
        }
    }

    /// With help open at 480x360, the panels a user had open are whole or gone, and help is readable:
    /// its text at the panel's own size, not shrunk.
    @Test func helpAtTheSmallestWindowKeepsItsTextSize() throws {
        let environment = SceneEnvironment.fixed(otherwise: Size(width: 1600, height: 1067))
        let viewport = Size(width: 480, height: 360)
        let target = NullRenderTarget(size: viewport, environment: environment)
        let playground = Playground(viewport: viewport, first: "pager", environment: environment)
        let step = FrameStep(driver: SceneDriver(scene: playground), target: target, clock: ZeroClock(), overlay: FrameTimeOverlay(text: environment.text))
        step.deliver(.key(.h, shift: false), at: 0.1)
        step.run(at: 0.2)
        let help = playground.help.layout(in: playground)
        let runs = try #require(target.lastList).textRuns.filter { help.frame.contains($0.origin) }
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.font.size >= 12 }, "\(Set(runs.map(\.font.size)))")
        #expect(help.maxScroll > 0, "at 480x360 the lines scroll")
        step.deliver(.key(.end, shift: false), at: 0.3)
        step.run(at: 0.4)
        #expect(playground.help.scroll == help.maxScroll)
        let last = try #require(target.lastList).textRuns.last { $0.text == "close the panel, else quit" }
        #expect(try #require(last).origin.y + 15 <= help.body.maxY, "the last line scrolled fully into view")
    }
}

/// Every phase takes no time: these tests look at what is drawn.
private struct ZeroClock: WorkClock {
    mutating func lap() -> Double { 0 }
}
