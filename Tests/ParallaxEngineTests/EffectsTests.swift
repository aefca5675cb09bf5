import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct StretchyHeaderTests {
    let w = 1280.0

    @Test func scrollingDownTheImageMovesAtHalfSpeedInsideItsClippingContainer() {
        let f = StretchyHeader.frames(offset: 120, width: w)
        #expect(f.container == Rect(x: 0, y: -120, width: 1280, height: 640))
        #expect(f.image == Rect(x: 0, y: -120 + 60, width: 1280, height: 640), "moved down by s/2 inside the container")
        #expect(f.clipped)
    }

    @Test func atRestImageFillsContainer() {
        let f = StretchyHeader.frames(offset: 0, width: w)
        #expect(f.container == Rect(x: 0, y: 0, width: 1280, height: 640))
        #expect(f.image == f.container)
        #expect(f.clipped)
    }

    @Test func pulledDownTheImageSticksToTheTopAndGrowsKeepingItsAspect() {
        let f = StretchyHeader.frames(offset: -80, width: w)
        #expect(f.container == Rect(x: 0, y: 80, width: 1280, height: 640))
        #expect(f.image.minY == 0)
        #expect(f.image.height == 640 + 80)
        #expect(f.image.width == (640 + 80) * 2)
        #expect(f.image.midX == 640, "centred")
        #expect(!f.clipped)
    }

    @Test func reducedMotionIsAPlainHeader() {
        let down = StretchyHeader.frames(offset: 120, width: w, speed: 1, stretches: false)
        #expect(down.image == down.container)
        let pulled = StretchyHeader.frames(offset: -80, width: w, speed: 1, stretches: false)
        #expect(pulled.image == pulled.container)
        #expect(pulled.container.minY == 80)
    }
}

@Suite struct PagerLayersTests {
    @Test(arguments: [0.0, 0.5, 1.3])
    func layerCentresFollowTheFormula(f: Double) {
        let w = 1280.0
        for page in 0..<5 {
            for k in [0.6, 1.0, 1.5, 2.0] {
                #expect(PagerLayers.centerX(page: page, fraction: f, pageWidth: w, speed: k) == w / 2 + w * (Double(page) - f) * k)
            }
        }
        #expect(PagerLayers.centerX(page: 1, fraction: 0, pageWidth: w, speed: 1.5) == 640 + 1280 * 1.5)
    }

    @Test func currentPageIsTheRoundedFraction() {
        #expect(PagerLayers.currentPage(fraction: 0.49, pageCount: 5) == 0)
        #expect(PagerLayers.currentPage(fraction: 0.5, pageCount: 5) == 1)
        #expect(PagerLayers.currentPage(fraction: 1.3, pageCount: 5) == 1)
        #expect(PagerLayers.currentPage(fraction: -0.7, pageCount: 5) == 0)
        #expect(PagerLayers.currentPage(fraction: 9, pageCount: 5) == 4)
        #expect(PagerLayers.currentPage(fraction: .nan, pageCount: 5) == 0)
    }

    @Test func aSlowLayerIsWideEnoughToCoverItsPage() {
        let w = 1000.0, k = 0.6
        let width = PagerLayers.coveringWidth(pageWidth: w, speed: k)
        for f in stride(from: -1.0, through: 1.0, by: 0.05) {
            let pageLeft = w * (0 - f), centre = PagerLayers.centerX(page: 0, fraction: f, pageWidth: w, speed: k)
            #expect(centre - width / 2 <= pageLeft + 1e-9)
            #expect(centre + width / 2 >= pageLeft + w - 1e-9)
        }
    }
}

@Suite struct TraceTests {
    final class Fixed: Traceable {
        let name = "fixed"
        let viewport = Size(width: 10, height: 10)
        func handle(_ event: InputEvent, at time: Double) {}
        func update(to time: Double) {}
        func draw(into list: inout DisplayList) {}
        var scrollState: ScrollState { ScrollState(offset: Point(x: 0, y: 812.5), velocity: Point(x: 0, y: -1520.25), phase: .decelerating) }
        var traceGeometry: [String: JSONValue] { ["fraction": 0.5, "note": "a \"quoted\"\nline"] }
        var contentSummary: String { "nothing" }
    }

    @Test func oneLineOfJSONWithTheDocumentedFields() throws {
        let line = traceLine(frame: 12, time: 0.2, scene: Fixed())
        #expect(!line.contains("\n"))
        #expect(line == #"{"fraction":0.5,"frame":12,"note":"a \"quoted\"\nline","offset":{"x":0,"y":812.5},"phase":"decelerating","scene":"fixed","t":0.2,"velocity":{"x":0,"y":-1520.25}}"#)
        let parsed = try JSONValue.parse(Data(line.utf8), file: "trace")
        guard case let .object(fields) = parsed else { Issue.record("not an object"); return }
        #expect(fields["t"] == .number(0.2))
        #expect(fields["note"] == .string("a \"quoted\"\nline"))
    }

    @Test func thePresentTimeOnlyWhereThereWasAPresent() {
        let line = traceLine(frame: 3, time: 0.05, presentTime: 12345.678901234, scene: Fixed())
        #expect(line.contains(#""presentTime":12345.678901234,"scene""#), "full precision, sorted among the keys")
        #expect(!traceLine(frame: 3, time: 0.05, scene: Fixed()).contains("presentTime"))
    }
}
