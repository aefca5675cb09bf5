import CSDL2
import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// A 48x32 picture, upright: four quadrants red, green, blue, white (clockwise from the top left),
/// with a black 8x8 mark in the top-left corner.
func uprightPattern(_ x: Int, _ y: Int) -> UInt32 {
    if x < 8 && y < 8 { return 0x000000 }
    switch (x < 24, y < 16) {
    case (true, true): return 0xFF0000
    case (false, true): return 0x00FF00
    case (false, false): return 0x0000FF
    default: return 0xFFFFFF
    }
}

/// The stored picture for EXIF `orientation` whose upright view is `uprightPattern`, from the EXIF
/// definitions of where the stored 0th row and 0th column are seen: 2: row at the top, column on the
/// right; 3: bottom, right; 4: bottom, left; 5: row on the left, column at the top; 6: right, top;
/// 7: right, bottom; 8: left, bottom. Stored sizes: w x h for 1-4, h x w for 5-8.
func stored(_ orientation: Int, width w: Int, height h: Int) -> (Int, Int) -> UInt32 {
    { x, y in
        switch orientation {
        case 2: return uprightPattern(w - 1 - x, y)
        case 3: return uprightPattern(w - 1 - x, h - 1 - y)
        case 4: return uprightPattern(x, h - 1 - y)
        case 5: return uprightPattern(y, x)
        case 6: return uprightPattern(w - 1 - y, x)
        case 7: return uprightPattern(w - 1 - y, h - 1 - x)
        case 8: return uprightPattern(y, h - 1 - x)
        default: return uprightPattern(x, y)
        }
    }
}

/// `uprightPattern` (48x32) stored for EXIF `orientation`, as `orientation-N.jpg` in a new folder
/// (taken on June N, 2024): its path.
func writeOrientedPhoto(_ orientation: Int) -> String {
    let (w, h) = (48, 32)
    let (sw, sh) = orientation >= 5 ? (h, w) : (w, h)
    let path = temporaryFolder() + "/orientation-\(orientation).jpg"
    _ = FileManager.default.createFile(atPath: path, contents: makeJPEG(width: sw, height: sh, orientation: orientation,
                                                                       dateTaken: "2024:06:0\(orientation) 12:00:00",
                                                                       pixel: stored(orientation, width: w, height: h)))
    return path
}

extension SDLTests {
    @Test(arguments: 1...8)
    func exifOrientationsShowTheRightWayUp(orientation: Int) throws {
        let (w, h) = (48, 32)
        let path = writeOrientedPhoto(orientation)
        #expect(Exif.read(path: path).orientation == orientation)
        #expect(ImageDecoder.orientedSize(of: path)! == (w, h))
        guard case let .decoded(decoded) = ImageDecoder.decode(ImageDecoder.Job(path: path), scale: nil).result else {
            Issue.record("not decoded")
            return
        }
        defer { SDL_FreeSurface(decoded.surface) }
        #expect(decoded.imageSize == Size(width: Double(w), height: Double(h)))
        #expect(decoded.surface.pointee.w == Int32(w) && decoded.surface.pointee.h == Int32(h))
        // Away from the edges between colours (JPEG blurs them), every pixel is the upright one's.
        for (x, y) in [(3, 3), (16, 4), (40, 4), (12, 28), (40, 28), (20, 12), (28, 20)] {
            let p = decoded.surface.pointee.pixels.advanced(by: y * Int(decoded.surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
            let want = uprightPattern(x, y)
            for shift in [16, 8, 0] {
                #expect(abs(Int(p >> UInt32(shift) & 0xFF) - Int(want >> UInt32(shift) & 0xFF)) <= 12, "pixel (\(x), \(y)) of orientation \(orientation)")
            }
        }
    }

    @Test func aFolderIsItsImagesAtAnyDepthByDateTakenThenName() throws {
        let folder = temporaryFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/2023/summer", withIntermediateDirectories: true)
        let small = { (date: String?) in makeJPEG(width: 16, height: 12, dateTaken: date) { _, _ in 0x808080 } }
        _ = fm.createFile(atPath: folder + "/b.jpg", contents: small("2024:05:01 10:00:00"))
        _ = fm.createFile(atPath: folder + "/a.jpg", contents: small("2024:05:01 10:00:00"))
        _ = fm.createFile(atPath: folder + "/2023/summer/beach.JPEG", contents: small("2023:07:14 18:30:05"))
        _ = fm.createFile(atPath: folder + "/no-exif.png", contents: try Data(contentsOf: URL(fileURLWithPath: resourcesFolder + WindowIcon.path(size: 128))))
        _ = fm.createFile(atPath: folder + "/notes.txt", contents: Data("not a photo".utf8))
        _ = fm.createFile(atPath: folder + "/.hidden.jpg", contents: small(nil))
        // Without EXIF: the modification time, 2020-02-03 04:05:06 local.
        var parts = DateComponents(year: 2020, month: 2, day: 3, hour: 4, minute: 5, second: 6)
        parts.timeZone = TimeZone.current
        try fm.setAttributes([.modificationDate: Calendar.current.date(from: parts)!], ofItemAtPath: folder + "/no-exif.png")

        let items = try PhotoFolder.scan(folder)
        #expect(items.map(\.name) == ["no-exif.png", "2023/summer/beach.JPEG", "a.jpg", "b.jpg"])
        #expect(items.map(\.dateText) == ["2020-02-03 04:05", "2023-07-14 18:30", "2024-05-01 10:00", "2024-05-01 10:00"])
        #expect(items.map(\.fromExif) == [false, true, true, true])

        // The feed shows them in that order, each captioned with its name and date.
        var settings = FeedSettings()
        settings.photos = items.map { Photo(image: PhotoID.file($0.path), title: $0.name, credit: $0.dateText, dayTaken: String($0.dateText.prefix(10))) }
        settings.itemCount = items.count
        let canvas = try headlessCanvas(Size(width: 800, height: 2400))
        let scene = FeedScene(viewport: Size(width: 800, height: 2400), settings: settings, environment: canvas.environment)
        var list = DisplayList()
        scene.draw(into: &list)
        #expect(list.imageQuads.map(\.image) == items.map { .file($0.path) })
        let texts = list.textRuns.map(\.text)
        for (i, item) in items.enumerated() {
            #expect(texts.contains(item.name))
            #expect(texts.contains("No. \(i + 1) of 4  ·  \(item.dateText)"))
        }
        #expect(texts.first == "3 FEBRUARY 2020 – 1 MAY 2024", "the section, by its photos' days")
    }

    @Test func aMissingOrEmptyFolderOrOneWithoutImagesIsAOneLineError() throws {
        let folder = temporaryFolder()
        #expect(throws: PhotoFolder.Failure.self) { try PhotoFolder.scan(folder + "/missing") }
        #expect((try? PhotoFolder.scan(folder)) == nil)
        _ = FileManager.default.createFile(atPath: folder + "/readme.txt", contents: Data("hello".utf8))
        do {
            _ = try PhotoFolder.scan(folder)
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(folder): no JPEG or PNG files in it")
        }
        do {
            _ = try PhotoFolder.scan(folder + "/readme.txt")
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(folder)/readme.txt: not a folder")
        }
    }

    @Test func brokenJPEGsArePlaceholdersWithOneLogLineEachAndTheFeedGoesOn() throws {
        let folder = temporaryFolder()
        let fm = FileManager.default
        let good = makeJPEG(width: 64, height: 48) { _, _ in 0x3366CC }
        _ = fm.createFile(atPath: folder + "/zero-bytes.jpg", contents: Data())
        _ = fm.createFile(atPath: folder + "/garbage.jpg", contents: Data([0xFF, 0xD8] + Array("not really a JPEG".utf8)))
        _ = fm.createFile(atPath: folder + "/text.jpg", contents: Data("hello".utf8))
        _ = fm.createFile(atPath: folder + "/fine.jpg", contents: good)
        // Cut off in its scan: what arrived shows (grey below), with a line saying so.
        let detailed = makeJPEG(width: 256, height: 256) { x, y in UInt32((x * 7 ^ y * 13) & 0xFF) * 0x010101 }
        _ = fm.createFile(atPath: folder + "/truncated.jpg", contents: detailed.prefix(detailed.count * 7 / 10))
        let (log, canvas, textures, renderer) = try loggingRenderer(folder: folder, size: Size(width: 400, height: 100))
        let names = ["zero-bytes.jpg", "garbage.jpg", "text.jpg", "fine.jpg", "truncated.jpg"]
        var list = DisplayList()
        for (i, name) in names.enumerated() {
            list.image(PhotoID.file(folder + "/" + name), source: Rect(x: 0, y: 0, width: 64, height: 48),
                       destination: Rect(x: Double(i) * 100, y: 0, width: 64, height: 48))
        }
        var drawn = RenderStatistics()
        for _ in 0..<3 { drawn = renderer.render(list) }
        #expect(drawn.placeholders == Set(names.prefix(3).map { PhotoID.file(folder + "/" + $0) }))
        #expect(textures.state(of: PhotoID.file(folder + "/fine.jpg")) == .ready)
        #expect(textures.state(of: PhotoID.file(folder + "/truncated.jpg")) == .ready)
        #expect(log.messages.count == 4, "one line each, however often drawn: \(log.messages)")
        #expect(log.messages.contains { $0.contains("truncated.jpg is damaged") })
        for name in names.prefix(3) { #expect(log.messages.contains { $0.contains(name) }) }
        let pixels = try canvas.readPixels()
        // The good one is drawn: its colour, give or take JPEG's rounding.
        let p = pixels[332, 24]
        #expect(abs(Int(p.r) - 0x33) <= 3 && abs(Int(p.g) - 0x66) <= 3 && abs(Int(p.b) - 0xCC) <= 3)
    }

    @Test func theTextureCacheNeverHoldsMoreThanItsBudgetAndDropsTheLeastRecentlyShown() throws {
        let folder = temporaryFolder()
        for i in 0..<6 {
            _ = FileManager.default.createFile(atPath: folder + "/\(i).jpg", contents: makeJPEG(width: 200, height: 100) { _, _ in UInt32(i * 40) })
        }
        let canvas = try headlessCanvas(Size(width: 100, height: 100))
        // Each photo drawn at half size is 100x50x4 = 20,000 bytes: three fit in 64,000.
        let textures = PhotoTextures(photos: PhotoSource(imagesFolder: folder, logger: Logger(label: "test")), cache: TextureCache(renderer: canvas.renderer, budget: 64_000))
        textures.photos.decodesSynchronously = true
        var shown: [Int] = []
        for i in [0, 1, 2, 0, 3, 4, 0, 5, 1] {
            #expect(textures.texture(for: PhotoID.bundled("\(i).jpg"), drawnScale: 0.5) != nil)
            shown.append(i)
            #expect(textures.cache.residentBytes <= 64_000)
            // The three most recently shown, by the order above.
            var recent: [Int] = []
            for j in shown.reversed() where !recent.contains(j) { recent.append(j) }
            let resident = (0..<6).filter { textures.isResident(PhotoID.bundled("\($0).jpg")) }
            #expect(Set(resident) == Set(recent.prefix(3)), "after showing \(shown)")
        }
    }

    @Test func theColourIndexIsBuiltOnceAndKeptInTheCacheFolder() throws {
        let folder = temporaryFolder(), cache = temporaryFolder() + "/parallax"
        let paths = [folder + "/red.jpg", folder + "/half.jpg"]
        _ = FileManager.default.createFile(atPath: paths[0], contents: makeJPEG(width: 320, height: 240) { _, _ in 0xC81E1E })
        // Left half black, right half white: the mean is mid grey.
        _ = FileManager.default.createFile(atPath: paths[1], contents: makeJPEG(width: 320, height: 240) { x, _ in x < 160 ? 0 : 0xFFFFFF })
        let index = PhotoIndex(folder: folder, photos: paths, cacheFolder: cache, logger: Logger(label: "test"))
        index.waitUntilBuilt()
        let red = try #require(index.entry(for: paths[0]))
        #expect(red.thumbnail.width == 16 && red.thumbnail.height == 12)
        let mean = red.thumbnail.meanColor
        #expect(abs(Int(mean.r) - 0xC8) <= 3 && abs(Int(mean.g) - 0x1E) <= 3 && abs(Int(mean.b) - 0x1E) <= 3)
        let half = try #require(index.entry(for: paths[1]))
        #expect(abs(Int(half.thumbnail.meanColor.b) - 128) <= 3)
        #expect(half.thumbnail.pixels[0] & 0xFF <= 3 && half.thumbnail.pixels[15] & 0xFF >= 252, "left black, right white")
        #expect(FileManager.default.fileExists(atPath: index.file) && index.file.hasPrefix(cache + "/"))
        // A second visit reads the file: the same entries, no build (the files are gone, so a build would lose them).
        for path in paths { try FileManager.default.removeItem(atPath: path) }
        let again = PhotoIndex(folder: folder, photos: [], cacheFolder: cache, logger: Logger(label: "test"))
        again.waitUntilBuilt()
        #expect(again.entry(for: paths[0]) == red && again.entry(for: paths[1]) == half)
        #expect(PhotoIndex.defaultCacheFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/parallax")
        #expect(PhotoIndex.defaultCacheFolder(environment: ["HOME": "/home/u"]) == "/home/u/.cache/parallax")
    }

    @Test func aJPEGDecodesThroughTheSmallestDCTScaleThatStillCoversItsDrawnSize() {
        // 4000x3000 drawn 900 wide (0.225): 1/4 gives 1000x750, 1/8 only 500x375.
        let quarter = ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 0.225)
        #expect(quarter.num * 4 == quarter.denom)
        // 0.3 of 4000x3000 is 1200x900: 1/4 (1000) is short, 3/8 gives 1500x1125.
        let threeEighths = ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 0.3)
        #expect(threeEighths.num * 8 == threeEighths.denom * 3)
        #expect(ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 1).num == ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 1).denom)
        #expect(ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 0.01).num * 8 == ImageDecoder.dctFactor(width: 4000, height: 3000, factor: 0.01).denom)
    }
}

extension SDLTests {
    @Test func afterAFrameDrawnDecodesComeFirstThenThePrefetchInItsOrderAndTheRestIsDropped() {
        let queue = DecodeQueue(workerCount: 0)
        func job(_ name: String) -> ImageDecoder.Job { ImageDecoder.Job(path: "/photos/" + name) }
        queue.request(job("bundled"), urgency: .background)
        for name in ["a", "b", "c"] { queue.request(job(name), scale: 0.5, urgency: .drawn) }
        #expect(queue.queuedJobs == [job("a"), job("b"), job("c"), job("bundled")])
        // The next frame draws only b; its plan is the landing l, then a on the way; c scrolled away.
        queue.schedule(drawn: [job("b")], prefetch: [(job("l"), 0.5), (job("a"), 0.5)])
        #expect(queue.queuedJobs == [job("b"), job("l"), job("a"), job("bundled")])
        // At rest: nothing drawn waits, no plan; only the background request stays.
        queue.schedule(drawn: [], prefetch: [])
        #expect(queue.queuedJobs == [job("bundled")])
        // A dropped job can be asked for again.
        queue.request(job("c"), urgency: .drawn)
        #expect(queue.queuedJobs == [job("c"), job("bundled")])
    }
}
