import Foundation
import ParallaxTestSupport
import ParallaxFrame
import ParallaxSDL
import Testing

/// The X11 desktop's scale (docs/input-and-trackpads.md, "The desktop's scale"): with `Xft.dpi: 192`
/// merged into the Xvfb's resources the window opens at twice its size in device pixels, draws
/// its type at every device pixel, and takes the pointer in its logical pixels.
extension RealInputTests {
    /// What one window showed: its `--stats`, its pixels as the X server holds them, its trace.
    struct ScaledWindow {
        let stats: [String: Any]
        let shown: PixelImage
        let trace: [TraceFrame]
    }

    /// `parallax run` of the feed at 1280x800 on an Xvfb whose resources get `resources` (none: no
    /// `xrdb` at all), its window read while it shows, then `events` (xtest-play's, in X pixels) and
    /// Esc played into it.
    static func scaledWindow(resources: String?, screen: String, events: [[String: Any]]) throws -> ScaledWindow {
        guard try run(RealWindow.python, ["-c", "import Xlib.ext.xtest, PIL"]).status == 0 else {
            try Test.cancel("python3-xlib or python3-pil is not installed for /usr/bin/python3 (scripts/install-deps installs them)")
        }
        guard let xrdb = which("xrdb") else { try Test.cancel("xrdb is not installed (scripts/install-deps --tests installs x11-xserver-utils)") }
        let server = try XServer.start(screen: screen)
        defer { server.stop() }
        if let resources {
            let merged = try run(xrdb, ["-nocpp", "-merge"], environment: server.environment, input: Data(resources.utf8))
            try #require(merged.status == 0, "xrdb: \(merged.stderr)")
        }
        let folder = try newScratchFolder("desktop-scale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("trace.jsonl").path, statsPath = folder.appendingPathComponent("stats.json").path
        let shotPath = folder.appendingPathComponent("window.png").path
        let window = try WindowProcess(["run", "--scene", "feed", "--size", "1280x800", "--no-overlay", "--trace", tracePath, "--stats", statsPath],
                                       environment: server.environment)
        // The tab bar, which the detail is measured on, is there from the first frame; the photos,
        // decoded in the background, need not be.
        window.waitForFrames(10, tracePath: tracePath)
        let grab = """
        import sys
        from PIL import Image
        from Xlib import display, X
        d = display.Display()
        w = [w for w in d.screen().root.query_tree().children if w.get_wm_name() == "Parallax Playground"][0]
        g = w.get_geometry()
        image = w.get_image(0, 0, g.width, g.height, X.ZPixmap, 0xffffffff)
        Image.frombytes("RGB", (g.width, g.height), image.data, "raw", "BGRX").save(sys.argv[1])
        """
        let grabbed = try run(RealWindow.python, ["-c", grab, shotPath], environment: server.environment)
        try #require(grabbed.status == 0, "reading the window: \(grabbed.stderr)")
        let last = events.compactMap { $0["t"] as? Double }.max() ?? 0
        let played = try run(RealWindow.python, [RealWindow.player, "Parallax Playground"], environment: server.environment,
                             input: try JSONSerialization.data(withJSONObject: events + [["t": last + 1.5, "type": "key", "key": "Escape"]]))
        try #require(played.status == 0, "xtest-play: \(played.stderr)")
        try window.requireEnded(within: 30, why: "Esc")
        let trace = try readTrace(tracePath), stats = try readStats(statsPath)
        return ScaledWindow(stats: stats, shown: try PixelImage.load(path: shotPath), trace: trace)
    }

    /// A drag of `distance` X pixels up the feed that rests 100 ms before letting go (no fling).
    static func restingDrag(distance: Double) -> [[String: Any]] {
        [["t": 0.3, "type": "move", "x": 1000, "y": 1400], ["t": 0.35, "type": "down"],
         ["t": 0.4, "type": "glide", "x": 1000, "y": 1400, "vx": 0, "vy": -1000, "duration": distance / 1000, "spacing": 0.008],
         ["t": 0.5 + distance / 1000, "type": "up"]]
    }

    @Test func atXftDPI192TheWindowOpensAtTwiceItsSizeAndDrawsItsTypeAtEveryDevicePixel() throws {
        let scaled = try Self.scaledWindow(resources: "Xft.dpi: 192\n", screen: "2560x1600", events: Self.restingDrag(distance: 400))
        #expect(scaled.stats["desktopScale"] as? Double == 2 && scaled.stats["desktopScaleSource"] as? String == "Xft.dpi", "\(scaled.stats)")
        let window = try #require(scaled.stats["windowSize"] as? [String: Any]), drawable = try #require(scaled.stats["drawableSize"] as? [String: Any])
        #expect(window["width"] as? Int == 1280 && window["height"] as? Int == 800, "window \(window)")
        #expect(drawable["width"] as? Int == 2560 && drawable["height"] as? Int == 1600, "drawable \(drawable)")
        #expect(scaled.shown.width == 2560 && scaled.shown.height == 1600)
        let detail = CompositorScaleTests.detail(scaled.shown)
        print("Xft.dpi 192: detail within device-pixel pairs \(detail)")
        #expect(detail > 0.6, "the tab bar's labels drawn at 2x: \(detail)")
        // 400 X pixels of drag are 200 logical ones: the content follows the pointer on the screen.
        let rest = try #require(scaled.trace.last)
        #expect(rest.phase == "idle" && rest.offset == 200, "\(rest.phase) at \(rest.offset)")
    }

    @Test func withoutXftDPITheWindowIsAsItWas() throws {
        let plain = try Self.scaledWindow(resources: nil, screen: "1280x800", events: [])
        #expect(plain.stats["desktopScale"] as? Double == 1 && plain.stats["desktopScaleSource"] as? String == "none", "\(plain.stats)")
        let drawable = try #require(plain.stats["drawableSize"] as? [String: Any])
        #expect(drawable["width"] as? Int == 1280 && drawable["height"] as? Int == 800, "drawable \(drawable)")
        #expect(plain.shown.width == 1280 && plain.shown.height == 800)
    }
}
