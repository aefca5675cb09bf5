import CSDL2
import Foundation
import Logging
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL

extension SDLTests {
    @Suite struct RunTests {
        /// SDL events as a window would deliver them, through the live loop, recorded into a script.
        @Test func liveInputIsTranslatedRecordedAndReadsBackAsAScript() throws {
            let canvas = try headlessCanvas(Size(width: 800, height: 500))
            let scene = SceneRegistry.standard.make("feed", viewport: Size(width: 800, height: 500), environment: canvas.environment)!
            let driver = SceneDriver(scene: scene)
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)

            var wheel = SDL_Event()
            wheel.type = SDL_MOUSEWHEEL.rawValue
            wheel.wheel.y = -1
            wheel.wheel.preciseY = -1
            wheel.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            var flipped = wheel
            flipped.wheel.preciseY = 0.3125
            flipped.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
            var down = SDL_Event()
            down.type = SDL_MOUSEBUTTONDOWN.rawValue
            down.button.button = UInt8(SDL_BUTTON_LEFT)
            down.button.x = 100
            down.button.y = 300
            var key = SDL_Event()
            key.type = SDL_KEYDOWN.rawValue
            key.key.keysym.sym = Int32(SDLK_2.rawValue)
            var f12 = key
            f12.key.keysym.sym = Int32(SDLK_F12.rawValue)
            for var event in [wheel, flipped, down, key, f12] { SDL_PushEvent(&event) }
            SDL_Delay(5)  // stamped before the loop starts: recorded at 0, not before

            var script = InputScript(scene: "feed", size: Size(width: 800, height: 500))
            var screenshots = 0
            var options = Run.Options()
            options.frames = 4
            options.onInput = { script.events.append($0) }
            options.onCapturePoint = { script.captures.append($0); return "capture point" }
            options.onScreenshot = { pixels in
                screenshots += 1
                #expect(pixels.width == 800 && pixels.height == 500)
                return "saved"
            }
            Run.run(target: canvas, driver: driver, options: options)

            let expected: [InputEvent] = [
                .wheel(dx: 0, dy: 1, shift: false),
                // Flipped; a trackpad's fraction (a wheel's are whole 120ths): SDL's Wayland value, 10 px a unit.
                .scroll(dx: 0, dy: 3.125, liftFollows: false, shift: false),
                .mouseDown(Point(x: 100, y: 300)),
                .key(.two, shift: false),
            ]
            #expect(script.events.map(\.event) == expected)
            #expect(script.events.allSatisfy { $0.time == 0 })
            #expect(script.captures.count == 1, "F12 adds a capture point and is not passed on")
            #expect(screenshots == 1)
            #expect(scene.name == "header", "the key reached the scene")
            let reread = try InputScript.parse(Data(script.jsonText.utf8), file: "recorded.json", knownScenes: SceneRegistry.standard.names)
            #expect(reread == script)
        }

        /// The loop needs only a `WindowRenderTarget`: this one draws through a headless canvas and
        /// counts what the loop asks of it.
        @Test func theLoopDrawsAndPresentsIntoTheWindowTargetItIsGivenAndPacesItOnATimer() throws {
            let target = CountingWindowTarget(try headlessCanvas(Size(width: 400, height: 300)))
            let (driver, options) = Self.pager(on: target, frames: 3)
            let timings = Run.run(target: target, driver: driver, options: options)
            #expect(target.draws == 3 && target.presents == 3)
            #expect(target.vsyncDisabled == 1)
            #expect(timings.recent.count == 2, "the first frame is not timed")
        }

        /// A frame whose list was drawn already is kept on screen: not drawn, not presented, traced
        /// as kept at the time it was due, and counted; an exposed window draws the next frame.
        @Test func aFrameThatWouldDrawWhatIsShownIsKeptNotPresented() throws {
            let target = KeepingWindowTarget(try headlessCanvas(Size(width: 400, height: 300)))
            var (driver, options) = Self.pager(on: target, frames: 6)
            options.showsOverlay = false
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            var presents: [WindowPresent] = []
            let timings = Run.run(target: target, driver: driver, options: options) { frame, _, present, _, _ in
                presents.append(present!)
                if frame == 2 {
                    // The window system shows the window anew: its next frame is drawn.
                    var exposed = SDL_Event()
                    exposed.type = SDL_WINDOWEVENT.rawValue
                    exposed.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
                    SDL_PushEvent(&exposed)
                }
            }
            // The pager at rest, its photos decoded at once (headless): frame 0 is drawn, 1 and 2
            // kept, 3 drawn after the exposure, 4 and 5 kept.
            #expect(presents.map(\.kept) == [false, true, true, false, true, true])
            #expect(target.draws == 2 && target.presents == 2 && target.canvas.lastDrawIsCurrent)
            #expect(timings.keptFrames == 4, "the first frame is not timed, the kept ones are")
            #expect(zip(presents, presents.dropFirst()).allSatisfy { $0.time < $1.time }, "kept frames wait for their time too")
        }

        /// The pager on `target`, for `frames` frames on the timer: a forced rate paces on it, so
        /// presents must stop waiting for a refresh.
        static func pager(on target: CountingWindowTarget, frames: Int) -> (driver: SceneDriver, options: Run.Options) {
            let scene = SceneRegistry.standard.make("pager", viewport: target.logicalSize, environment: target.environment)!
            var options = Run.Options()
            options.frames = frames
            options.fps = 240
            return (SceneDriver(scene: scene), options)
        }
    }
}

/// `CountingWindowTarget` that keeps frames as its canvas does.
final class KeepingWindowTarget: CountingWindowTarget, FrameKeepingTarget {
    var lastDrawIsCurrent: Bool { canvas.lastDrawIsCurrent }
    func keepFrame(_ list: DisplayList) { canvas.keepFrame(list) }
}

/// A headless canvas behind a window target of the test's own, counting draws, presents and vsync changes.
class CountingWindowTarget: WindowRenderTarget {
    let canvas: Canvas
    private(set) var draws = 0, presents = 0, vsyncDisabled = 0
    init(_ canvas: Canvas) { self.canvas = canvas }
    var window: OpaquePointer { canvas.window }
    var presentsWithVSync: Bool { true }
    func disableVSync() { vsyncDisabled += 1 }
    var logicalSize: Size { canvas.logicalSize }
    var environment: SceneEnvironment { canvas.environment }
    func resize(to size: Size) { canvas.resize(to: size) }
    func draw(_ list: DisplayList) {
        draws += 1
        canvas.draw(list)
    }
    func present() {
        presents += 1
        canvas.present()
    }
    func readPixels() throws -> PixelImage { try canvas.readPixels() }
}
