import Foundation
import Logging
import ParallaxSnapshotTesting
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// The mean colour of an image's pixels in `region` (pixels, clamped to the image), each channel rounded.
func meanColor(of image: PixelImage, in region: Rect? = nil) -> Color {
    let r = region ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    let x0 = max(0, Int(r.minX)), x1 = min(image.width, Int(r.maxX.rounded(.up)))
    let y0 = max(0, Int(r.minY)), y1 = min(image.height, Int(r.maxY.rounded(.up)))
    var sums = (0.0, 0.0, 0.0)
    for y in y0..<y1 {
        for x in x0..<x1 {
            let p = image[x, y]
            sums = (sums.0 + Double(p.r), sums.1 + Double(p.g), sums.2 + Double(p.b))
        }
    }
    let n = Double(max(1, (x1 - x0) * (y1 - y0)))
    return Color(r: UInt8((sums.0 / n).rounded()), g: UInt8((sums.1 / n).rounded()), b: UInt8((sums.2 / n).rounded()))
}

func channelsWithin(_ a: Color, _ b: Color, _ levels: Int) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= levels && abs(Int(a.g) - Int(b.g)) <= levels && abs(Int(a.b) - Int(b.b)) <= levels
}

/// Draws the given photos side by side, whole, and nothing else: the placeholder snapshot's scene.
final class PhotoRow: Scene {
    let name = "photo-row"
    let viewport: Size
    let photos: [PhotoID]
    let environment: SceneEnvironment
    init(_ photos: [PhotoID], viewport: Size, environment: SceneEnvironment) {
        self.photos = photos
        self.viewport = viewport
        self.environment = environment
    }
    func handle(_ event: InputEvent, at time: Double) {}
    func update(to time: Double) {}
    func draw(into list: inout DisplayList) {
        let w = viewport.width / Double(photos.count)
        for (i, photo) in photos.enumerated() {
            let box = Rect(x: w * Double(i), y: 0, width: w, height: viewport.height)
            let source = aspectFillSource(imageSize: environment.images.pixelSize(of: photo) ?? box.size, box: box.size)
            list.image(photo, source: source, destination: box)
        }
    }
}

extension SDLTests {
    @Suite struct PlaceholderTests {
        /// `Resources/Images/thumbnails.index` holds every bundled photo's thumbnail as the photo is
        /// now (each channel within 2 levels: another libjpeg-turbo may round its DCT otherwise). Stale,
        /// it is written again under `SNAPSHOT_TESTING_RECORD=failed` (or `all`), as references are.
        @Test func theCommittedThumbnailsAreTheBundledPhotosOwn() throws {
            let folder = resourcesFolder + "/Images", file = folder + "/" + BundledPhotoIndex.fileName
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            #expect(Set(SceneRegistry.standard.images.map(\.description)).isSubset(of: names))
            let made = BundledPhotoIndex(folder: folder, names: names)
            #expect(made.thumbnails.count == names.count, "every bundled photo decodes")
            let (committed, problems) = BundledPhotoIndex.load(file)
            var stale = Set(made.thumbnails.keys).symmetricDifference(committed.thumbnails.keys).sorted()
            for (name, thumbnail) in made.thumbnails {
                guard let line = committed.thumbnails[name] else { continue }
                let sameSize: Bool = line.width == thumbnail.width && line.height == thumbnail.height
                let same: Bool = sameSize && zip(line.pixels, thumbnail.pixels).allSatisfy { (a: UInt32, b: UInt32) -> Bool in
                    [16, 8, 0].allSatisfy { (shift: Int) -> Bool in
                        let channelA: Int = Int(a >> shift & 0xFF), channelB: Int = Int(b >> shift & 0xFF)
                        return abs(channelA - channelB) <= 2
                    }
                }
                if !same { stale.append(name) }
            }
            if !stale.isEmpty || !problems.isEmpty, ["all", "failed"].contains(ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"]) {
                try Data(made.text.utf8).write(to: URL(fileURLWithPath: file))
                Issue.record("\(file) written again for \(stale.sorted())")
                return
            }
            #expect(problems.isEmpty)
            #expect(stale.isEmpty, "\(file) is stale for \(stale.sorted()): write it again with SNAPSHOT_TESTING_RECORD=failed swift test --filter PlaceholderTests")
            // Thumbnails 32 px on their longer side, the photos' shape.
            for (name, thumbnail) in committed.thumbnails {
                let photo = try #require(ImageDecoder.orientedSize(of: folder + "/" + name))
                #expect(max(thumbnail.width, thumbnail.height) == BundledPhotoIndex.side, "\(name)")
                #expect(abs(Double(thumbnail.width) / Double(thumbnail.height) - Double(photo.width) / Double(photo.height)) < 0.1, "\(name)")
            }
        }

        /// Before its decode, a bundled photo is its own colours: over the whole quad the placeholder's
        /// mean is the photo's (computed here from every pixel of the file). Once decoded it fades in
        /// over `TextureCache.fadeSeconds` of the frames' time, eased as u^2 (3 - 2u): each frame is
        /// the placeholder and the photo mixed by that opacity.
        @Test(arguments: ["kite.jpg", "fallen-leaf.jpg"] as [PhotoID])
        func aPhotoIsItsMeanColourBeforeItsDecodeAndFadesInOverTime(image: PhotoID) throws {
            let canvas = try headlessCanvas(Size(width: 320, height: 200))
            canvas.photos.decodesSynchronously = false
            let photo = try PixelImage.load(path: bundledPhotoPath(image))
            var list = DisplayList()
            list.image(image, source: Rect(x: 0, y: 0, width: Double(photo.width), height: Double(photo.height)),
                       destination: Rect(x: 0, y: 0, width: 320, height: 200))
            func frame(at time: Double) throws -> PixelImage {
                list.time = time
                canvas.draw(list)
                return try canvas.readPixels()
            }
            let placeholder = try frame(at: 1)
            #expect(canvas.lastRender.placeholders == [image])
            let photoMean = meanColor(of: photo), shown = meanColor(of: placeholder)
            #expect(channelsWithin(shown, photoMean, 3), "placeholder \(shown), photo \(photoMean)")
            // Not a flat panel: the thumbnail's colours vary across the quad.
            #expect(Set(stride(from: 10, to: 320, by: 60).map { "\(placeholder[$0, 100])" }).count > 1)

            canvas.photos.queue.waitForAll()
            let ready = 2.0
            var frames: [(Double, PixelImage)] = []
            for t in [0.0, 0.05, 0.1, 0.15, 0.2, 1] { frames.append((t, try frame(at: ready + t))) }
            #expect(canvas.lastRender.placeholders.isEmpty)
            let decoded = frames.last!.1
            for (elapsed, pixels) in frames {
                let u = min(1, elapsed / 0.2), opacity = u * u * (3 - 2 * u)
                var worst = 0.0
                for y in stride(from: 5, to: 200, by: 19) {
                    for x in stride(from: 7, to: 320, by: 23) {
                        let (p, d, s) = (placeholder[x, y], decoded[x, y], pixels[x, y])
                        for (a, b, c) in [(p.r, d.r, s.r), (p.g, d.g, s.g), (p.b, d.b, s.b)] {
                            worst = max(worst, abs(Double(a) + (Double(b) - Double(a)) * opacity - Double(c)))
                        }
                    }
                }
                #expect(worst <= 2, "at \(elapsed) s after it was ready (opacity \(opacity)): \(worst) levels off")
            }
            // Mid-fade the frame is neither.
            #expect(frames[2].1 != placeholder && frames[2].1 != decoded)
        }

        /// A window's frame waiting for its photo is kept on screen, its pixels unchanged, until the
        /// decode arrives: a kept frame takes it in (as a drawn one would), and the frames after it are
        /// drawn while it fades in, then kept again. Drawn at a new scale, kept frames count towards
        /// the draws after which the photo is decoded at that scale, and its arrival is drawn too.
        @Test func aFrameWaitingForItsPhotoIsKeptUntilThePhotoArrivesAndDrawnWhileItFadesIn() throws {
            let canvas = try headlessCanvas(Size(width: 320, height: 200))
            canvas.photos.decodesSynchronously = false
            let image: PhotoID = "kite.jpg"
            let photo = try PixelImage.load(path: bundledPhotoPath(image))
            var list = DisplayList()
            list.image(image, source: Rect(x: 0, y: 0, width: Double(photo.width), height: Double(photo.height)),
                       destination: Rect(x: 0, y: 0, width: 320, height: 200))
            list.time = 1
            canvas.draw(list)
            #expect(canvas.lastRender.placeholders == [image])
            let placeholder = try canvas.readPixels()
            #expect(canvas.lastDrawIsCurrent, "a placeholder waiting for its decode draws the same again")
            canvas.photos.queue.waitForAll()
            #expect(canvas.lastDrawIsCurrent, "a decode no frame has taken in changes nothing drawn")
            list.time = 1.1
            canvas.keepFrame(list)
            #expect(!canvas.lastDrawIsCurrent, "the kept frame took the decode in: the next frame is drawn")
            #expect(canvas.textures.isResident(image))
            #expect(try canvas.readPixels() == placeholder, "keeping a frame draws nothing")

            for t in [1.1, 1.2] {
                list.time = t
                canvas.draw(list)
                #expect(canvas.lastRender.fadingPhotos == [image] && !canvas.lastDrawIsCurrent, "at \(t) s it fades in")
            }
            list.time = 1.1 + TextureCache.fadeSeconds + 1.0 / 60
            canvas.draw(list)
            #expect(canvas.lastRender.fadingPhotos.isEmpty && canvas.lastDrawIsCurrent)

            // Drawn at half the size: the texture made for 320 px serves, resampled, and frames at
            // the new size are kept; the one that takes the decode at 160 px in makes the next one drawn.
            list = DisplayList()
            list.image(image, source: Rect(x: 0, y: 0, width: Double(photo.width), height: Double(photo.height)),
                       destination: Rect(x: 0, y: 0, width: 160, height: 100))
            list.time = 2
            canvas.draw(list)
            let drawnScale = 160.0 / Double(photo.width)
            #expect(canvas.lastRender.placeholders.isEmpty && canvas.lastDrawIsCurrent)
            var kept = 0
            while canvas.lastDrawIsCurrent && kept < 10 * TextureCache.settleFrames {
                kept += 1
                list.time = 2 + Double(kept) / 60
                canvas.keepFrame(list)
                canvas.photos.queue.waitForAll()
            }
            #expect(!canvas.lastDrawIsCurrent, "no decode at the new size was taken in over \(kept) kept frames")
            #expect(kept > TextureCache.settleFrames - 2 && kept <= TextureCache.settleFrames + 1,
                    "taken in after \(kept) kept frames, one more than the \(TextureCache.settleFrames) frames the scale must hold")
            canvas.draw(list)
            let resident = try #require(canvas.textures.cache.use(TextureCache.Key(image)))
            #expect(abs(resident.scale - drawnScale) < 1e-9 && canvas.lastDrawIsCurrent)
        }

        /// Decodes withheld (a queue with no workers), the photos stay placeholders: each one's
        /// thumbnail over its quad. The reference is `__Snapshots__/PlaceholderTests/`.
        @Test func photosWhoseDecodeIsWithheldShowTheirThumbnails() {
            let scene = SnapshotScene(makeTarget: { viewport in
                let canvas = try headlessCanvas(viewport)
                canvas.photos.decodesSynchronously = false
                canvas.photos.queue = DecodeQueue(workerCount: 0)
                return canvas
            }) { viewport, environment in
                PhotoRow(["kite.jpg", "fallen-leaf.jpg", "summer-night.jpg"], viewport: viewport, environment: environment)
            }
            assertSnapshot(of: scene, as: .frame(size: Size(width: 480, height: 100)), named: "placeholders")
        }

        /// In the window the pager decodes the page a swipe will bring in before it does: drawn from
        /// its texture when it comes in, never as a placeholder (it once came in as a grey page).
        @Test func thePagersNextPageIsDecodedBeforeASwipeBringsItIn() throws {
            let size = Size(width: 640, height: 400)
            let canvas = try headlessCanvas(size)
            canvas.photos.decodesSynchronously = false
            let scene = PagerScene(viewport: size, environment: canvas.environment)
            let driver = SceneDriver(scene: scene)
            func frame(_ t: Double) {
                driver.advance(to: t)
                canvas.draw(driver.draw())
            }
            // At rest on the first page, frames come while the decodes finish.
            for i in 0..<12 {
                frame(Double(i) / 60)
                canvas.photos.queue.waitForAll()
            }
            let next = scene.pages[1].photo.image
            #expect(!canvas.lastRender.drawnImages.contains(next))
            #expect(canvas.textures.isResident(next))
            scene.handle(.mouseDown(Point(x: 500, y: 200)), at: 1)
            scene.handle(.mouseMove(Point(x: 180, y: 200)), at: 1)
            frame(1)
            #expect(canvas.lastRender.drawnImages.contains(next))
            #expect(canvas.lastRender.placeholders.isEmpty)
        }
    }
}
