import CSDL2
import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// `jpeg` with an EXIF block (big-endian TIFF) whose IFD0 holds `orientation` and whose IFD1 points
/// at `thumbnail` (JPEGInterchangeFormat 0x0201 and its length 0x0202), as cameras write them.
func withExifThumbnail(_ jpeg: Data, thumbnail: Data, orientation: Int = 1) -> Data {
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    // Header (8), IFD0 at 8 (2 + 12 + 4 = 18), IFD1 at 26 (2 + 24 + 4 = 30), the thumbnail at 56.
    var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8)
    tiff += be16(1) + be16(0x0112) + be16(3) + be32(1) + be16(orientation) + [0, 0] + be32(26)
    tiff += be16(2) + be16(0x0201) + be16(4) + be32(1) + be32(56) + be16(0x0202) + be16(4) + be32(1) + be32(thumbnail.count) + be32(0)
    tiff += [UInt8](thumbnail)
    var bytes = [UInt8](jpeg)
    bytes.insert(contentsOf: [0xFF, 0xE1] + be16(2 + 6 + tiff.count) + Array("Exif".utf8) + [0, 0] + tiff, at: 2)
    return Data(bytes)
}

extension SDLTests {
    @Suite struct QuickImageTests {
        let red: UInt32 = 0xD02020, green: UInt32 = 0x20C020

        func close(_ p: (r: UInt8, g: UInt8, b: UInt8), _ colour: UInt32, within tolerance: Int = 24) -> Bool {
            abs(Int(p.r) - Int(colour >> 16 & 0xFF)) <= tolerance && abs(Int(p.g) - Int(colour >> 8 & 0xFF)) <= tolerance
                && abs(Int(p.b) - Int(colour & 0xFF)) <= tolerance
        }

        /// A red 640x480 photo with a green 160x120 EXIF thumbnail: which one shows says where it came from.
        func photoWithExifThumbnail() -> String {
            let path = temporaryFolder() + "/camera.jpg"
            let main = makeJPEG(width: 640, height: 480) { _, _ in red }
            _ = FileManager.default.createFile(atPath: path, contents: withExifThumbnail(main, thumbnail: makeJPEG(width: 160, height: 120) { _, _ in green }))
            return path
        }

        @Test func theEmbeddedThumbnailIsFoundAndMadeTheQuickImage() throws {
            let path = photoWithExifThumbnail()
            let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let range = try #require(Exif.parse(head).thumbnail)
            #expect(Array(head[range.prefix(2)]) == [0xFF, 0xD8], "the range is the embedded JPEG")
            let quick = try #require(QuickImage.make(path: path, thumbnails: nil))
            #expect(quick.origin == .exif)
            #expect(quick.pixels.width == 160 && quick.pixels.height == 120)
            let p = quick.pixels.bgrx
            #expect(close((p[2], p[1], p[0]), green))
            // Without one: the photo at 1/8, shrunk to at most 192 px.
            let plain = temporaryFolder() + "/plain.jpg"
            _ = FileManager.default.createFile(atPath: plain, contents: makeJPEG(width: 640, height: 480) { _, _ in red })
            let dct = try #require(QuickImage.make(path: plain, thumbnails: nil))
            #expect(dct.origin == .dct && dct.pixels.width == 192 && dct.pixels.height == 144)
            #expect(close((dct.pixels.bgrx[2], dct.pixels.bgrx[1], dct.pixels.bgrx[0]), red))
        }

        @Test func theQuickImageShowsFirstThenTheFullPhotoFadesInOverIt() throws {
            let path = photoWithExifThumbnail()
            let canvas = try headlessCanvas(Size(width: 320, height: 240))
            canvas.photos.decodesSynchronously = false
            let queue = DecodeQueue(workerCount: 0)
            canvas.photos.queue = queue
            func frame(_ time: Double) throws -> (r: UInt8, g: UInt8, b: UInt8) {
                var list = DisplayList()
                list.time = time
                list.image(PhotoID.file(path), source: Rect(x: 0, y: 0, width: 640, height: 480), destination: Rect(x: 0, y: 0, width: 320, height: 240))
                canvas.draw(list)
                let pixels = try canvas.readPixels()
                return pixels[160, 120]
            }
            _ = try frame(0)
            #expect(canvas.lastRender.placeholders.contains(PhotoID.file(path)))
            #expect(queue.queuedQuick == [path], "a quick image is asked for the placeholder drawn")
            queue.runQueued(quickOnly: true)
            #expect(close(try frame(1.0 / 60), green), "the EXIF thumbnail first")
            #expect(canvas.textures.quickImageOrigin(of: PhotoID.file(path)) == .exif)
            queue.runQueued()
            #expect(close(try frame(2.0 / 60), green), "the full photo arrives and starts its fade from the quick image")
            let mid = try frame(2.0 / 60 + TextureCache.fadeSeconds / 2)
            #expect(!close(mid, green, within: 8) && !close(mid, red, within: 8), "mid-fade: neither")
            #expect(close(try frame(2.0 / 60 + TextureCache.fadeSeconds + 0.05), red), "then the full photo")
        }
    }
}
