import Foundation
import ParallaxFrame
import ParallaxSDL
import ParallaxTestSupport
import Testing

/// What the window manager and the user see of the window itself, read from a real window under
/// Xvfb: its icon at every size, its minimum size, and F12's toast.
extension RealInputTests {
    /// The properties an X window manager reads: `_NET_WM_ICON`'s sizes and pixels, and the minimum
    /// size in `WM_NORMAL_HINTS`, from `parallax run`'s window while it runs.
    @Test func theWindowCarriesItsIconAtEverySizeAndAMinimumSize() throws {
        guard try run(RealWindow.python, ["-c", "import Xlib, PIL"]).status == 0 else {
            try Test.cancel("python3-xlib or python3-pil is not installed for /usr/bin/python3 (scripts/install-deps installs them)")
        }
        let server = try XServer.start()
        defer { server.stop() }
        let window = try WindowProcess(["run", "--frames", "600", "--size", "200x150"], environment: server.environment)
        defer { withExtendedLifetime(window) {} }
        let reader = """
        import json, sys, time
        from PIL import Image
        from Xlib import display, X
        d = display.Display()
        for _ in range(200):
            try:
                found = [w for w in d.screen().root.query_tree().children if w.get_wm_name() == "Parallax Playground"]
                if found and found[0].get_full_property(d.intern_atom("_NET_WM_ICON"), X.AnyPropertyType):
                    break
            except Exception:
                pass  # a window that went away while being asked (SDL's probes)
            time.sleep(0.05)
        w = found[0]
        icon = list(w.get_full_property(d.intern_atom("_NET_WM_ICON"), X.AnyPropertyType).value)
        hints = w.get_wm_normal_hints()
        geometry = w.get_geometry()
        # Each icon as it is stored: width, height, then ARGB pixels row by row.
        icons = []
        while len(icon) >= 2:
            width, height = icon[0], icon[1]
            pixels = icon[2:2 + width * height]
            icon = icon[2 + width * height:]
            png = Image.open(sys.argv[1] % width).convert("RGBA")
            expected = [a << 24 | r << 16 | g << 8 | b for r, g, b, a in png.getdata()]
            icons.append({"width": width, "height": height, "matches": pixels == expected and png.size == (width, height)})
        print(json.dumps({"icons": icons, "minWidth": hints.min_width, "minHeight": hints.min_height,
                          "width": geometry.width, "height": geometry.height}))
        """
        let pngs = packageRoot.appendingPathComponent("Resources/Icons/parallax-%d.png").path
        let read = try run(RealWindow.python, ["-c", reader, pngs], environment: server.environment)
        try #require(read.status == 0, "\(read.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        #expect(object["minWidth"] as? Int == 480 && object["minHeight"] as? Int == 360, "\(object)")
        #expect((object["width"] as? Int ?? 0) >= 480 && (object["height"] as? Int ?? 0) >= 360, "a 200x150 request opens at the minimum: \(object)")
        let icons = try #require(object["icons"] as? [[String: Any]])
        #expect(icons.map { $0["width"] as? Int } == [16, 32, 48, 128, 256] && icons.map { $0["height"] as? Int } == [16, 32, 48, 128, 256])
        #expect(icons.allSatisfy { $0["matches"] as? Bool == true }, "each size's pixels are its PNG's: \(icons)")
    }

    /// F12 through XTest: the screenshot is saved in the working folder, a toast names it (and the
    /// folder) for two seconds from the next frame with a flash, and the saved picture has neither.
    @Test func f12SavesAScreenshotAndAToastSaysWhereForTwoSeconds() throws {
        var saved: [String] = [], brightness = 0.0
                // The move only keeps the window open past the toast's two seconds.
        let events: [[String: Any]] = [["t": 1.0, "type": "key", "key": "F12"], ["t": 3.5, "type": "move", "x": 640, "y": 400]]
        func screenshots(in folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("parallax-") && $0.hasSuffix(".png") }
        }
        // The window's exit waits for the screenshot's encoding, which runs at nice 19: beside two
        // busy loops that took longer than the 30 s the window is given to end after Esc, so Esc
        // waits for the file.
        let screenshotWritten = { (folder: URL) in
            let deadline = Date().addingTimeInterval(300)
            while Date() < deadline, (try? screenshots(in: folder))?.isEmpty != false {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        let trace = try RealWindow.trace(scene: "feed", events: events, beforeQuitting: screenshotWritten) { folder in
            saved = try screenshots(in: folder)
            if let name = saved.first {
                let image = try PixelImage.load(path: folder.appendingPathComponent(name).path)
                var sum = 0.0
                for y in stride(from: 0, to: image.height, by: 8) { for x in stride(from: 0, to: image.width, by: 8) {
                    let p = image[x, y]
                    sum += 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
                } }
                brightness = sum / Double((image.height / 8) * (image.width / 8))
            }
        }
        try #require(saved.count == 1, "\(saved)")
        let toasted = trace.filter { $0.toast != nil }
        let first = try #require(toasted.first, "no toast")
        #expect(first.toast?.hasPrefix("Saved \(saved[0]) in ") == true, "\(first.toast ?? "")")
        #expect(first.flash != nil, "the flash starts with the toast")
        let before = try #require(trace.last { $0.frame < first.frame })
        #expect(before.toast == nil && before.flash == nil)
        // Every frame of the two seconds from its first shows it, and none after: held to the frames'
        // times, not to how many there were (a busy machine's window drops late frames). A frame at
        // two seconds to the ulp may go either way.
        let end = first.t + 2
        let during = trace.filter { $0.t >= first.t && $0.t < end - 1e-9 }, after = trace.filter { $0.t > end + 1e-9 }
        let missing: [Int] = during.filter { $0.toast == nil }.map(\.frame), lingering: [Int] = after.filter { $0.toast != nil }.map(\.frame)
        #expect(missing.isEmpty && lingering.isEmpty, "no toast on frames \(missing) of its two seconds, a toast on frames \(lingering) after")
        #expect(!after.isEmpty, "the window ended before the toast did")
        // The feed under a 60% white flash would average far above this; the dark theme is below 110.
        #expect(brightness < 110, "the saved picture's mean luminance \(brightness)")
    }
}
