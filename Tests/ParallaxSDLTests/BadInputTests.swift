import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// Keeps every log message, to count them.
final class CollectedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var messages: [String] { lock.withLock { stored } }
    func append(_ m: String) { lock.withLock { stored.append(m) } }
}

/// A headless canvas and a renderer of its own whose texture cache (synchronous, over `folder`)
/// logs into `log`.
func loggingRenderer(folder: String, size: Size) throws -> (log: CollectedLog, canvas: Canvas, textures: PhotoTextures, renderer: DisplayListRenderer) {
    let log = CollectedLog()
    let logger = Logger(label: "test") { _ in CollectingLogHandler(log: log) }
    let canvas = try headlessCanvas(size)
    let textures = PhotoTextures(photos: PhotoSource(imagesFolder: folder, logger: logger), cache: TextureCache(renderer: canvas.renderer))
    textures.photos.decodesSynchronously = true
    return (log, canvas, textures, DisplayListRenderer(renderer: canvas.renderer, textures: textures, text: canvas.text))
}

struct CollectingLogHandler: LogHandler {
    let log: CollectedLog
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        log.append(event.message.description)
    }
}

extension SDLTests {
    @Suite struct BadInputTests {
        @Test func imageHeadersGiveTheShippedPhotosSizes() {
            #expect(ImageHeader.dimensions(of: resourcesFolder + WindowIcon.path(size: 48)).map { $0 == (48, 48) } == true)
            #expect(ImageHeader.dimensions(of: resourcesFolder + "/Images/orange-petals.jpg")! == (1600, 1203))
            #expect(ImageHeader.dimensions(of: resourcesFolder + "/Images/kite.jpg")! == (2560, 1600))
            #expect(ImageHeader.dimensions(of: resourcesFolder + "/Fonts/DejaVuSans.ttf") == nil)
        }

        @Test func badImagesArePlaceholdersWithOneLogLineEachNeverACrash() throws {
            let folder = temporaryFolder()
            let fm = FileManager.default
            let good = try Data(contentsOf: URL(fileURLWithPath: resourcesFolder + WindowIcon.path(size: 128)))
            _ = fm.createFile(atPath: folder + "/empty.png", contents: Data())
            _ = fm.createFile(atPath: folder + "/truncated.png", contents: good.prefix(good.count / 2))
            _ = fm.createFile(atPath: folder + "/not-an-image.png", contents: Data("hello, not a picture\n".utf8))
            // A PNG whose header says 10000x100, with nothing behind it: refused before any decoding.
            var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
            header.append(contentsOf: [0, 0, 0x27, 0x10, 0, 0, 0, 100, 8, 2, 0, 0, 0])
            _ = fm.createFile(atPath: folder + "/header-too-wide.png", contents: header)
            try PixelImage(width: 9000, height: 2).savePNG(path: folder + "/too-wide.png")
            _ = fm.createFile(atPath: folder + "/fine.png", contents: good)

            let (log, canvas, textures, renderer) = try loggingRenderer(folder: folder, size: Size(width: 400, height: 200))
            let bad = ["missing.png", "empty.png", "truncated.png", "not-an-image.png", "header-too-wide.png", "too-wide.png"]
            var list = DisplayList()
            for (i, name) in (bad + ["fine.png"]).enumerated() {
                list.image(PhotoID.bundled(name), source: Rect(x: 0, y: 0, width: 512, height: 512), destination: Rect(x: Double(i) * 50, y: 0, width: 50, height: 50))
            }
            for _ in 0..<3 { renderer.render(list) }  // several frames: still one line per file
            for name in bad { #expect(textures.state(of: PhotoID.bundled(name)) == .failed, "\(name)") }
            #expect(textures.state(of: "fine.png") == .ready)
            let messages = log.messages
            #expect(messages.count == bad.count, "\(messages)")
            for name in bad {
                let path: String = folder + "/" + name
                #expect(messages.filter { $0.contains(path) }.count == 1, "\(name): \(messages)")
            }
            #expect(messages.contains { $0.contains("too-wide.png is 9000x2, outside 1...8192 px a side") })
            #expect(messages.contains { $0.contains("header-too-wide.png is 10000x100") })
            let pixels = try canvas.readPixels()
            #expect(pixels[25, 25] != pixels[6 * 50 + 25, 25], "placeholders, not the photo")
        }

        @Test func aMissingFontIsAClearErrorNamingThePath() throws {
            let folder = temporaryFolder()
            try FileManager.default.createDirectory(atPath: folder + "/Images", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/Fonts", withIntermediateDirectories: true)
            #expect {
                _ = try Canvas(title: "t", size: Size(width: 100, height: 100), resourcesFolder: folder, mode: .headless, logger: Logger(label: "t"))
            } throws: { error in
                (error as? TextCache.MissingFont)?.description.hasPrefix("font \(folder)/Fonts/DejaVuSans.ttf cannot be opened") == true
            }
        }
    }
}

extension SDLTests.BadInputTests {
    @Test func theWindowIconIsSetAndAMissingOneIsOneLogLine() throws {
        let canvas = try headlessCanvas(Size(width: 100, height: 100))
        let log = CollectedLog()
        let logger = Logger(label: "test") { _ in CollectingLogHandler(log: log) }
        #expect(WindowIcon.set(on: canvas.window, resourcesFolder: resourcesFolder, logger: logger))
        #expect(log.messages.isEmpty)
        let folder = temporaryFolder()
        let missing = folder + WindowIcon.path(size: 16)
        #expect(!WindowIcon.set(on: canvas.window, resourcesFolder: folder, logger: logger))
        #expect(log.messages.count == 1 && log.messages[0].hasPrefix("window icon \(missing): "), "\(log.messages)")
    }
}
