import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL

/// A scene that exists only here: a red bar under the tab bar, as wide as its one setting.
final class BarScene: PlaygroundScene {
    static let barWidth = SceneSetting(section: "bar", field: "width", label: "Bar width", defaultValue: 100, range: 0...400,
                                       step: 20, format: "%.0f px")
    static let red = Color(r: 200, g: 30, b: 40)
    static let background = Color(r: 10, g: 20, b: 30)
    let name = "bar"
    private(set) var viewport: Size
    let topInset: Double
    private(set) var reducedMotion = false
    func setReducedMotion(_ on: Bool, at time: Double) { reducedMotion = on }
    private(set) var width = BarScene.barWidth.defaultValue

    init(viewport: Size, topInset: Double) {
        self.viewport = viewport
        self.topInset = topInset
    }

    func apply(_ settings: PlaygroundSettings) { width = settings[Self.barWidth] }
    func handle(_ event: InputEvent, at time: Double) {
        if case let .resize(size) = event { viewport = size }
    }
    func update(to time: Double) {}
    func draw(into list: inout DisplayList) {
        list.fill(Rect(origin: .zero, size: viewport), Self.background)
        list.fill(Rect(x: 0, y: topInset + 20, width: width, height: 100), Self.red)
    }
    var scrollState: ScrollState { ScrollState(offset: .zero, velocity: .zero, phase: .idle) }
    var traceGeometry: [String: JSONValue] { ["barWidth": .number(width)] }
    var contentSummary: String { "one bar" }
}

extension SDLTests {
    @Suite struct SceneRegistryTests {
        /// The standard scenes plus the bar, registered here and nowhere else.
        static func registry() -> SceneRegistry {
            var registry = SceneRegistry.standard
            registry.register(SceneEntry(name: "bar", tabTitle: "Bar", key: nil, settings: [BarScene.barWidth]) { c in
                BarScene(viewport: c.viewport, topInset: c.topInset)
            })
            return registry
        }

        @Test func aSceneRegisteredInATestIsSwitchedToTunedAndCaptured() throws {
            let registry = Self.registry()
            let viewport = Size(width: 640, height: 400)
            var options = SceneRegistry.Options()
            options.settings = PlaygroundSettings(registry: registry)
            let canvas = try headlessCanvas(viewport)
            let playground = Playground(viewport: viewport, options: options, registry: registry, environment: canvas.environment)
            let press = { (key: Key, t: Double) in TimedInput(time: t, event: .key(key, shift: false)) }
            // Shift+Tab goes from the first scene to the last; then the panel, + twice (its first row is
            // the bar's width: 100 → 140 px), and the panel closed again.
            let script = [TimedInput(time: 0.1, event: .key(.tab, shift: true)), press(.p, 0.2), press(.equals, 0.25), press(.equals, 0.3),
                          press(.p, 0.35)]
            let driver = SceneDriver(scene: playground, script: script)
            var captured: PixelImage?
            try Capture.frames(target: canvas, driver: driver, captures: [0.5]) { _, pixels in captured = pixels }

            #expect(playground.name == "bar")
            #expect(playground.settings[BarScene.barWidth] == 140)
            let pixels = try #require(captured)
            let y = Int(Playground.barHeight) + 70
            let red = BarScene.red, background = BarScene.background
            // The bar ends between x = 139 and 140: 100 px untuned, 140 px tuned.
            for x in [0, 99, 120, 139] { #expect(pixels[x, y] == (red.r, red.g, red.b), "x \(x)") }
            for x in [140, 300, 639] { #expect(pixels[x, y] == (background.r, background.g, background.b), "x \(x)") }
            // The tab bar has the bar's tab, and the config file its section, read back the same.
            let tabs = playground.bar.tabs(in: playground)
            #expect(tabs.count == 4)
            let text = playground.settings.jsonText
            #expect(text.contains(#""bar":{"width":140}"#))
            #expect(try PlaygroundSettings.parse(Data(text.utf8), file: "c.json", registry: registry) == playground.settings)
            #expect(throws: InputFileError.self) {
                try PlaygroundSettings.parse(Data(#"{"version": 1, "bar": {"width": 401}}"#.utf8), file: "c.json", registry: registry)
            }
        }
    }
}
