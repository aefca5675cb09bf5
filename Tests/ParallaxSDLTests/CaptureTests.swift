import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

extension SDLTests {
    @Suite struct CaptureTests {
        @Test func aKnownPhotoAppearsWhereTheDisplayListPutIt() throws {
            let canvas = try headlessCanvas()
            let scene = FeedScene(viewport: Size(width: 1280, height: 800), environment: canvas.environment)
            let driver = SceneDriver(scene: scene, script: dragScript(300))
            let out = temporaryFolder()
            let paths = try Capture.run(target: canvas, driver: driver, captures: [0.5], outputFolder: out, baseName: "feed")
            #expect(paths == [out + "/feed-0000.500.png"])
            let capture = try PixelImage.load(path: paths[0])
            #expect(capture.width == 1280 && capture.height == 800)

            let quads = driver.list.imageQuads
            #expect(quads.count >= 2)
            for quad in quads where onScreen(quad, capture).height > 100 {
                let photo = try PixelImage.load(path: bundledPhotoPath(quad.image))
                let other = PhotoLibrary.photos.first { $0.image != quad.image }!
                let wrong = try PixelImage.load(path: bundledPhotoPath(other.image))
                let right = meanDifference(capture: capture, quad: quad, photo: photo)
                #expect(right < 12, "\(quad.image) drawn where the display list says (mean difference \(right))")
                #expect(meanDifference(capture: capture, quad: quad, photo: wrong) > 3 * right + 10)
            }
        }

        @Test func theSameScriptGivesTheSamePixels() throws {
            func capture(drag distance: Double) throws -> PixelImage {
                let canvas = try headlessCanvas(Size(width: 640, height: 480))
                let scene = FeedScene(viewport: Size(width: 640, height: 480), environment: canvas.environment)
                let driver = SceneDriver(scene: scene, script: dragScript(distance))
                let out = temporaryFolder()
                let paths = try Capture.run(target: canvas, driver: driver, captures: [0.25], outputFolder: out, baseName: "x")
                return try PixelImage.load(path: paths[0])
            }
            let first = try capture(drag: 123.4), second = try capture(drag: 123.4)
            #expect(first == second)
            // And they show the feed: photos (thousands of colours, not a blank or flat frame), scrolled by
            // the script (another drag moves what is drawn).
            var colours = Set<Int>()
            for i in stride(from: 0, to: first.bytes.count, by: 3) {
                colours.insert(Int(first.bytes[i]) << 16 | Int(first.bytes[i + 1]) << 8 | Int(first.bytes[i + 2]))
            }
            #expect(colours.count > 2000, "\(colours.count) colours")
            #expect(try capture(drag: 223.4) != first)
        }

        @Test func aScriptedResizeChangesTheCaptureSize() throws {
            let canvas = try headlessCanvas()
            let scene = FeedScene(viewport: Size(width: 1280, height: 800), environment: canvas.environment)
            let driver = SceneDriver(scene: scene, script: [TimedInput(time: 0.2, event: .resize(Size(width: 900, height: 700)))])
            let out = temporaryFolder()
            let paths = try Capture.run(target: canvas, driver: driver, captures: [0, 0.5], outputFolder: out, baseName: "r")
            #expect(try PixelImage.load(path: paths[0]).width == 1280)
            let after = try PixelImage.load(path: paths[1])
            #expect(after.width == 900 && after.height == 700)
        }

        @Test func texturesStayWithinTheirByteBudgetLeastRecentlyUsedOut() throws {
            let canvas = try headlessCanvas(Size(width: 100, height: 100))
            // Room for three 2560x1600 photos (16 MB each as RGBA) but not four.
            let photo = 2560 * 1600 * 4
            let textures = PhotoTextures(photos: PhotoSource(imagesFolder: resourcesFolder + "/Images", logger: Logger(label: "test")),
                                         cache: TextureCache(renderer: canvas.renderer, budget: 3 * photo + photo / 2))
            // Asking for the state of an evicted image starts its decode again, so each is asked once.
            func expectResident(_ images: [PhotoID], evicted: PhotoID, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(textures.cache.residentBytes == 3 * photo, sourceLocation: sourceLocation)
                for image in images { #expect(textures.state(of: image) == .ready, "\(image)", sourceLocation: sourceLocation) }
                #expect(textures.state(of: evicted) == .loading, "\(evicted) evicted, decoding again", sourceLocation: sourceLocation)
            }
            for image: PhotoID in ["marigold.jpg", "ladybird.jpg", "kite.jpg"] { textures.preload([image]) }
            #expect(textures.cache.residentBytes == 3 * photo)
            // The oldest, marigold, is drawn again: ladybird is now the least recently used.
            #expect(textures.texture(for: "marigold.jpg") != nil)
            textures.preload(["moss.jpg"])
            expectResident(["marigold.jpg", "kite.jpg", "moss.jpg"], evicted: "ladybird.jpg")
            // Kite is drawn: of marigold (drawn before), moss (loaded after) and kite, marigold goes.
            #expect(textures.texture(for: "kite.jpg") != nil)
            textures.preload(["jetty.jpg"])
            expectResident(["kite.jpg", "moss.jpg", "jetty.jpg"], evicted: "marigold.jpg")
            #expect(textures.photos.pixelSize(of: "ladybird.jpg") == Size(width: 2560, height: 1600), "an evicted image's size is remembered")
        }

        /// In the window a decoded photo goes up in bands of `TextureCache.uploadBudget` texels a frame:
        /// a 2560x1600 one is `budget / 2560` rows a frame, whole once all 1,600 are up.
        @Test func aPhotoGoesUpInBandsAFrameAtATime() throws {
            let canvas = try headlessCanvas(Size(width: 64, height: 64))
            let textures = PhotoTextures(photos: PhotoSource(imagesFolder: resourcesFolder + "/Images", logger: Logger(label: "test")), cache: TextureCache(renderer: canvas.renderer))
            textures.request(["marigold.jpg"])
            textures.photos.queue.waitForAll()
            let rowsAFrame = TextureCache.uploadBudget / 2560
            let framesToWhole = (1600 + rowsAFrame - 1) / rowsAFrame
            #expect(framesToWhole > 1, "a photo this size takes more than one frame")
            var frames: [Bool] = []
            for _ in 1...(framesToWhole + 1) {
                textures.beginFrame(time: 0)
                frames.append(textures.texture(for: "marigold.jpg") != nil)
            }
            #expect(frames == Array(repeating: false, count: framesToWhole - 1) + [true, true])
            #expect(textures.cache.residentBytes == 2560 * 1600 * 4)
        }

        @Test func anImageStillDecodingIsAPlainPanel() throws {
            // A named pipe blocks its reader until a writer comes: the decode stays under way for as
            // long as the test wants, and ends (failed: nothing in it) when the writer closes.
            let folder = temporaryFolder()
            let pipe = folder + "/slow.png"
            #expect(mkfifo(pipe, 0o600) == 0)
            let canvas = try headlessCanvas(Size(width: 200, height: 100))
            let textures = PhotoTextures(photos: PhotoSource(imagesFolder: folder, logger: Logger(label: "test")), cache: TextureCache(renderer: canvas.renderer))
            let renderer = DisplayListRenderer(renderer: canvas.renderer, textures: textures, text: canvas.text)
            var list = DisplayList()
            list.image("slow.png", source: Rect(x: 0, y: 0, width: 10, height: 10), destination: Rect(x: 0, y: 0, width: 200, height: 100))
            renderer.render(list)
            #expect(textures.state(of: "slow.png") == .loading)
            let loading = try canvas.readPixels()
            #expect(loading[100, 50] == (58, 63, 75) && loading[10, 5] == (58, 63, 75), "a plain panel: no cross")
            // Every open of the pipe by the decoder (its header read, then SDL's) meets a writer that
            // closes at once, so each reads end-of-file.
            let done = ManagedAtomicFlag()
            let writers = Thread {
                while !done.isSet {
                    let fd = open(pipe, O_WRONLY | O_NONBLOCK)
                    if fd >= 0 { close(fd) }
                    usleep(500)
                }
            }
            writers.start()
            textures.preload(["slow.png"])
            done.set()
            #expect(textures.state(of: "slow.png") == .failed)
            renderer.render(list)
            #expect(try canvas.readPixels()[100, 50] != (58, 63, 75), "now the crossed panel")
        }

        @Test func captureFileNamesSortByTime() {
            let names = [0.0, 0.3, 1.5, 4.0, 12.25].map { Capture.fileName(base: "feed", time: $0) }
            #expect(names == ["feed-0000.000.png", "feed-0000.300.png", "feed-0001.500.png", "feed-0004.000.png", "feed-0012.250.png"])
            #expect(names.sorted() == names)
            #expect(Capture.frameIndex(for: 0.3) == 18)
            #expect(Capture.frameIndex(for: 0.31) == 19)
        }

        @Test func pngRoundTripKeepsPixels() throws {
            var image = PixelImage(width: 3, height: 2)
            for i in image.bytes.indices { image.bytes[i] = UInt8(i * 13 % 256) }
            let path = temporaryFolder() + "/p.png"
            try image.savePNG(path: path)
            #expect(try PixelImage.load(path: path) == image)
        }

        @Test func aMissingImageIsAPlaceholderNotACrash() throws {
            let canvas = try headlessCanvas(Size(width: 200, height: 100))
            canvas.textures.preload(["no-such-photo.png"])
            #expect(canvas.textures.state(of: "no-such-photo.png") == .failed)
            #expect(canvas.photos.pixelSize(of: "no-such-photo.png") == nil)
            var list = DisplayList()
            list.image("no-such-photo.png", source: .zero, destination: Rect(x: 0, y: 0, width: 200, height: 100))
            canvas.draw(list)
            let pixels = try canvas.readPixels()
            let centre = pixels[100, 50], corner = pixels[20, 80]
            #expect(corner == (58, 63, 75), "placeholder panel colour")
            #expect(centre != corner, "the cross is drawn over it")
        }
    }
}
