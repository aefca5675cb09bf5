import Testing
import ParallaxEngine
@testable import ParallaxSDL

/// The X11 desktop scale from `Xft.dpi`, and pointer input in the window system's pixels brought to
/// logical ones (docs/input-and-trackpads.md, "The desktop's scale").
@Suite struct DesktopScaleTests {
    @Test func xftDPIIsReadFromTheResourceText() {
        #expect(DesktopScale.xftDPI(inResources: "Xcursor.size:\t24\nXft.dpi:\t192\nXft.antialias:\t1\n") == 192)
        #expect(DesktopScale.xftDPI(inResources: "Xft.dpi: 144") == 144)
        #expect(DesktopScale.xftDPI(inResources: "Xft.dpis:\t192\n*Xft.dpi:\t192") == nil, "another resource's name")
        #expect(DesktopScale.xftDPI(inResources: "Xft.dpi:\tlarge") == nil)
        #expect(DesktopScale.xftDPI(inResources: "Xft.dpi:\t0") == nil)
        #expect(DesktopScale.xftDPI(inResources: "") == nil)
    }

    /// Whole multiples of 96, never below 1: 2x at 192, 1x at GNOME's 150% text (144).
    @Test(arguments: [(96.0, 1.0), (120, 1), (144, 1), (191.9, 1), (192, 2), (288, 3), (48, 1), (.nan, 1), (.infinity, 1)])
    func theScaleIsXftDPIOver96InWholeSteps(dpi: Double, scale: Double) {
        #expect(DesktopScale.factor(xftDPI: dpi) == scale)
    }

    @Test func positionsSizesAndTrackpadTravelAreHalvedAtScale2AndNotchesAndKeysStay() {
        let k = 2.0
        #expect(WindowEvents.logical(.mouseDown(Point(x: 1281, y: 600)), windowScale: k) == .mouseDown(Point(x: 640.5, y: 300)))
        #expect(WindowEvents.logical(.mouseMove(Point(x: 20, y: 40)), windowScale: k) == .mouseMove(Point(x: 10, y: 20)))
        #expect(WindowEvents.logical(.mouseUp(Point(x: 2, y: 4)), windowScale: k) == .mouseUp(Point(x: 1, y: 2)))
        #expect(WindowEvents.logical(.resize(Size(width: 2560, height: 1600)), windowScale: k) == .resize(Size(width: 1280, height: 800)))
        #expect(WindowEvents.logical(.scroll(dx: 3, dy: 14.6, liftFollows: false, shift: true), windowScale: k)
                == .scroll(dx: 1.5, dy: 7.3, liftFollows: false, shift: true))
        #expect(WindowEvents.logical(.wheel(dx: 0, dy: 1, shift: false), windowScale: k) == .wheel(dx: 0, dy: 1, shift: false))
        #expect(WindowEvents.logical(.key(.m, shift: false), windowScale: k) == .key(.m, shift: false))
    }
}
