import Foundation
import Testing
import ParallaxTestSupport
import ParallaxEngine
import ParallaxFrame
@testable import ParallaxSDL
import ParallaxPhotos

/// A photo origin added in this one file, with no edit to `PhotoID` or `PhotoSource`: test cards,
/// JPEGs of one colour each made in a folder of their own, keyed by their colour's name, whose
/// thumbnails the origin knows without reading a file (a 2x2 of its card's colour).
struct TestCards: PhotoOrigin {
    static let colours: [String: UInt32] = ["red": 0xD02020, "green": 0x20C020, "blue": 0x2040D0]
    static let width = 200, height = 120
    let name = "test-cards"
    let folder = temporaryFolder()
    let offersQuickImages = false

    init() {
        for (key, colour) in Self.colours {
            _ = FileManager.default.createFile(atPath: path(of: key), contents: makeJPEG(width: Self.width, height: Self.height) { _, _ in colour })
        }
    }

    func path(of key: String) -> String { folder + "/" + key + ".jpg" }
    func thumbnail(of key: String) -> ImageThumbnail? {
        Self.colours[key].map { ImageThumbnail(width: 2, height: 2, pixels: Array(repeating: $0, count: 4)) }
    }
}

extension SDLTests {
    @Suite struct AddedPhotoOriginTests {
        let keys = ["red", "green", "blue"]
        var cards: [PhotoID] { keys.map { PhotoID(origin: "test-cards", key: $0) } }

        func within(_ p: (r: UInt8, g: UInt8, b: UInt8), _ rgb: UInt32, _ levels: Int) -> Bool {
            channelsWithin(Color(r: p.r, g: p.g, b: p.b), Color(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF)), levels)
        }

        /// Each card drawn into a 100x60 cell of a row, left to right.
        func row(_ images: [PhotoID]) -> DisplayList {
            var list = DisplayList()
            for (i, image) in images.enumerated() {
                list.image(image, source: Rect(x: 0, y: 0, width: Double(TestCards.width), height: Double(TestCards.height)),
                           destination: Rect(x: Double(i) * 100, y: 0, width: 100, height: 60))
            }
            return list
        }

        /// Measured from their headers (`ImageMetrics`), decoded and drawn as any photo: each cell its card's colour.
        @Test func theAddedOriginsPhotosAreMeasuredDecodedAndDrawn() throws {
            let canvas = try headlessCanvas(Size(width: 300, height: 60))
            canvas.photos.add(TestCards())
            for card in cards {
                #expect(canvas.photos.pixelSize(of: card) == Size(width: Double(TestCards.width), height: Double(TestCards.height)))
            }
            canvas.draw(row(cards))
            #expect(canvas.lastRender.placeholders.isEmpty)
            #expect(canvas.lastRender.drawnImages == Set(cards))
            for card in cards { #expect(canvas.textures.state(of: card) == .ready, "\(card)") }
            let pixels = try canvas.readPixels()
            for (i, key) in keys.enumerated() {
                // A flat JPEG at quality 95 decodes within a few levels of its colour.
                #expect(within(pixels[i * 100 + 50, 30], TestCards.colours[key]!, 6), "\(key): \(pixels[i * 100 + 50, 30])")
            }
        }

        /// Decodes withheld (a queue with no workers), each card is its origin's thumbnail stretched
        /// over the cell: its colour exactly, not the flat placeholder panel.
        @Test func theAddedOriginsThumbnailsAreThePlaceholders() throws {
            let canvas = try headlessCanvas(Size(width: 300, height: 60))
            canvas.photos.add(TestCards())
            canvas.photos.decodesSynchronously = false
            canvas.photos.queue = DecodeQueue(workerCount: 0)
            canvas.draw(row(cards))
            #expect(canvas.lastRender.placeholders == Set(cards))
            let pixels = try canvas.readPixels()
            for (i, key) in keys.enumerated() {
                for (x, y) in [(i * 100 + 10, 10), (i * 100 + 50, 30), (i * 100 + 90, 50)] {
                    #expect(within(pixels[x, y], TestCards.colours[key]!, 0), "\(key) at \(x),\(y): \(pixels[x, y])")
                }
            }
        }

        /// A key the origin has no file for, and a photo of an origin never added: each the visible
        /// placeholder (the panel with a cross) and one log line naming it, over several frames.
        @Test func aBadKeyIsTheBrokenPlaceholderWithOneLogLine() throws {
            let (log, canvas, textures, renderer) = try loggingRenderer(folder: temporaryFolder(), size: Size(width: 300, height: 60))
            let origin = TestCards()
            textures.photos.add(origin)
            let missing = PhotoID(origin: "test-cards", key: "purple"), unknown = PhotoID(origin: "nowhere", key: "red")
            let list = row([missing, unknown, cards[0]])
            for _ in 0..<3 { renderer.render(list) }
            #expect(textures.state(of: missing) == .failed)
            #expect(textures.state(of: unknown) == .failed)
            #expect(textures.state(of: cards[0]) == .ready)
            let messages = log.messages
            #expect(messages.count == 2, "\(messages)")
            #expect(messages.filter { $0.contains(origin.path(of: "purple")) }.count == 1, "\(messages)")
            #expect(messages.filter { $0.contains("nowhere:red") }.count == 1, "\(messages)")
            let pixels = try canvas.readPixels()
            let fill = PixelRules.placeholderFill, mark = PixelRules.placeholderMark
            for x in [50, 150] {
                // Off the cross's diagonals: the panel; where they meet, the cell's centre: the mark.
                #expect(pixels[x, 10] == (fill.r, fill.g, fill.b), "\(pixels[x, 10])")
                #expect((27...33).contains { pixels[x, $0] == (mark.r, mark.g, mark.b) }, "\((27...33).map { pixels[x, $0] })")
            }
            #expect(within(pixels[250, 30], TestCards.colours["red"]!, 6))
        }
    }
}
