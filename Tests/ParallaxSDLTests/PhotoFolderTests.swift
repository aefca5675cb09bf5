import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

extension SDLTests {
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
}
