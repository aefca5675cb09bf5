import Foundation
import ParallaxSDL
import Testing

/// The window as the desktop sees it: its X11 `WM_CLASS` and Wayland app ID are the application ID
/// (the desktop entry's basename), and it does not ask the compositor to stop compositing it
/// (docs/input-and-trackpads.md, "The window and the desktop").
extension RealInputTests {
    /// `WM_CLASS` (both parts) and `_NET_WM_BYPASS_COMPOSITOR` of `parallax run`'s window under a
    /// private Xvfb, read with python3-xlib while it shows; `environment` adds to the server's.
    static func xIdentity(adding environment: [String: String] = [:]) throws -> (instance: String, className: String, bypass: Int?) {
        guard try run(RealWindow.python, ["-c", "import Xlib"]).status == 0 else {
            try Test.cancel("python3-xlib is not installed for /usr/bin/python3 (scripts/install-deps installs it)")
        }
        let server = try XServer.start()
        defer { server.stop() }
        let window = try WindowProcess(["run", "--frames", "600", "--no-overlay"], environment: server.environment.merging(environment) { $1 })
        defer { withExtendedLifetime(window) {} }
        let reader = """
        import json, time
        from Xlib import display, X
        d = display.Display()
        found = []
        for _ in range(200):
            try:
                found = [w for w in d.screen().root.query_tree().children
                         if w.get_wm_name() == "Parallax Playground" and w.get_wm_class()]
                if found:
                    break
            except Exception:
                pass  # a window that went away while being asked (SDL's probes)
            time.sleep(0.05)
        w = found[0]
        bypass = w.get_full_property(d.intern_atom("_NET_WM_BYPASS_COMPOSITOR"), X.AnyPropertyType)
        print(json.dumps({"class": list(w.get_wm_class()), "bypass": bypass.value[0] if bypass else None}))
        """
        let read = try run(RealWindow.python, ["-c", reader], environment: server.environment)
        try #require(read.status == 0, "\(read.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        let parts = try #require(object["class"] as? [String])
        try #require(parts.count == 2, "\(parts)")
        return (parts[0], parts[1], object["bypass"] as? Int)
    }

    @Test func underX11TheWindowsClassIsTheApplicationIDAndItIsComposited() throws {
        let identity = try Self.xIdentity()
        #expect(AppIdentity.id == "org.parallaxplayground.Parallax" && AppIdentity.id.split(separator: ".").count >= 3)
        #expect(identity.instance == AppIdentity.id && identity.className == AppIdentity.id, "\(identity)")
        #expect(identity.bypass != 1, "_NET_WM_BYPASS_COMPOSITOR is \(identity.bypass.map(String.init) ?? "unset")")
    }

    @Test func aUsersOwnWindowClassWins() throws {
        let identity = try Self.xIdentity(adding: ["SDL_VIDEO_X11_WMCLASS": "org.example.Mine"])
        #expect(identity.instance == "org.example.Mine" && identity.className == "org.example.Mine", "\(identity)")
    }

    /// sway's tree names the Wayland window by its app ID.
    @Test func onWaylandTheAppIDIsTheApplicationID() throws {
        var appIDs: [String] = []
        _ = try CompositorWindow.play(scene: "feed", driver: "wayland", events: []) { rig in
            let tree = try rig.message(["-t", "get_tree", "-r"])
            try #require(tree.status == 0, "swaymsg: \(tree.stderr)")
            func collect(_ node: [String: Any]) {
                if let id = node["app_id"] as? String { appIDs.append(id) }
                for key in ["nodes", "floating_nodes"] { for child in node[key] as? [[String: Any]] ?? [] { collect(child) } }
            }
            collect(try #require(try JSONSerialization.jsonObject(with: Data(tree.stdout.utf8)) as? [String: Any]))
        }
        #expect(appIDs == [AppIdentity.id], "app IDs in sway's tree: \(appIDs)")
    }
}
