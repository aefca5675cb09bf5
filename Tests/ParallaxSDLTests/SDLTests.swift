import Foundation
import Logging
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL
import ParallaxPhotos
import ParallaxTestSupport

func headlessCanvas(_ size: Size = Size(width: 1280, height: 800)) throws -> Canvas {
    // Headless, each photo decodes when first drawn, before that frame renders.
    try Canvas(title: "test", size: size, resourcesFolder: resourcesFolder, mode: .headless, logger: Logger(label: "test"))
}

/// The file of a photo shipped under `Resources/Images`.
func bundledPhotoPath(_ image: PhotoID) -> String { BundledPhotos(folder: resourcesFolder + "/Images").path(of: image.key) }

/// A drag that scrolls the feed by `distance` px at t = 0.1 s.
func dragScript(_ distance: Double) -> [TimedInput] {
    [TimedInput(time: 0.1, event: .mouseDown(Point(x: 640, y: 700))),
     TimedInput(time: 0.1, event: .mouseUp(Point(x: 640, y: 700 - distance)))]
}

/// Mean absolute channel difference between the capture and `photo`, sampled on a grid inside the
/// quad's visible part, each capture pixel mapped back through the quad to the photo's pixel.
func meanDifference(capture: PixelImage, quad: ImageQuad, photo: PixelImage) -> Double {
    let visible = onScreen(quad, capture).insetBy(dx: 6, dy: 6)
    var total = 0.0, count = 0.0
    for gy in 0..<20 {
        for gx in 0..<20 {
            let x = visible.minX + (Double(gx) + 0.5) * visible.width / 20
            let y = visible.minY + (Double(gy) + 0.5) * visible.height / 20
            let a = capture[Int(x), Int(y)]
            // The photo's pixels under capture pixel (Int(x), Int(y)), averaged: a photo larger than
            // drawn is shrunk by averaging blocks, so one sample of a detailed photo would not match.
            // As the renderer copies a photo decoded at its drawn size (DisplayListRenderer.copy): its
            // edge on the nearest whole pixel, from the nearest texel, texels 1:1 from there.
            func source(_ d: Double, _ dMin: Double, _ sMin: Double, _ ratio: Double) -> Int {
                Int(((sMin / ratio).rounded() + d - dMin.rounded()) * ratio)
            }
            let kx = quad.source.width / quad.destination.width, ky = quad.source.height / quad.destination.height
            let x0 = source(x.rounded(.down), quad.destination.minX, quad.source.minX, kx)
            let y0 = source(y.rounded(.down), quad.destination.minY, quad.source.minY, ky)
            let x1 = min(photo.width, max(x0 + 1, source(x.rounded(.down) + 1, quad.destination.minX, quad.source.minX, kx)))
            let y1 = min(photo.height, max(y0 + 1, source(y.rounded(.down) + 1, quad.destination.minY, quad.source.minY, ky)))
            var b = (r: 0.0, g: 0.0, b: 0.0)
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let p = photo[px, py]
                    b = (b.r + Double(p.r), b.g + Double(p.g), b.b + Double(p.b))
                }
            }
            let n = Double((x1 - x0) * (y1 - y0))
            total += (abs(Double(a.r) - b.r / n) + abs(Double(a.g) - b.g / n) + abs(Double(a.b) - b.b / n)) / 3
            count += 1
        }
    }
    return total / count
}

/// The part of a quad that is inside its clip and on the capture, below the translucent top bar.
func onScreen(_ quad: ImageQuad, _ capture: PixelImage) -> Rect {
    let bar = FeedSettings().topInset
    let screen = Rect(x: 0, y: bar, width: Double(capture.width), height: Double(capture.height) - bar)
    return quad.destination.intersection(quad.clip!)?.intersection(screen) ?? .zero
}

/// A flag one thread sets and another reads.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Every test that drives SDL shares its global state (one video subsystem a process, and the CPU's
/// features, which SDL 2.26 works out on first use without a lock: a `SDL_SoftStretchLinear` that
/// raced a canvas's start took the non-SSE2 path for the rest of the run, and every photo's bytes
/// and golden differed), so they all live under this suite, which runs them one at a time; each
/// file adds its own nested suite. Its tests, a minute and more of them one after another, run on a
/// thread of their own (`OwnThread`).
@Suite(.serialized, .ownThread) struct SDLTests {}

extension SDLTests {
    /// A scene keeps the canvas's caches; when the canvas goes, SDL_DestroyRenderer frees their
    /// textures, so the caches must hold none of them after it (a later destroy crashed `bench --photos` at exit).
    @Test func theCachesACanvasSharedHoldNoneOfItsTexturesOnceItGoes() throws {
        var canvas: Canvas? = try headlessCanvas(Size(width: 320, height: 200))
        let text = canvas!.text, textures = canvas!.textures
        #expect(text.line("Kept", font: Font(size: 16), color: Color(r: 255, g: 255, b: 255)) != nil)
        textures.preload([PhotoLibrary.photos[0].image])
        #expect(text.lineCount == 1 && textures.cache.residentBytes > 0)
        canvas = nil
        #expect(text.lineCount == 0)
        #expect(textures.cache.residentBytes == 0 && !textures.isResident(PhotoLibrary.photos[0].image))
    }
}
