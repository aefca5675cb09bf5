import Foundation
import Testing
import ParallaxTestSupport
@testable import ParallaxPhotos

/// A photo's quick image made without a window: from its EXIF thumbnail, else a 1/8 decode.
@Suite struct QuickImageTests {
    let red: UInt32 = 0xD02020, green: UInt32 = 0x20C020

    @Test func theEmbeddedThumbnailIsFoundAndMadeTheQuickImage() throws {
        let path = photoWithExifThumbnail(main: red, thumbnail: green)
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let range = try #require(Exif.parse(head).thumbnail)
        let rangeStart: [UInt8] = Array(head[range.prefix(2)])
        #expect(rangeStart == [0xFF, 0xD8], "the range is the embedded JPEG")
        let quick = try #require(QuickImage.make(path: path, thumbnails: nil))
        #expect(quick.origin == .exif)
        #expect(quick.pixels.width == 160 && quick.pixels.height == 120)
        let p = quick.pixels.bytes
        #expect(isClose((p[2], p[1], p[0]), green))
        // Without one: the photo at 1/8, shrunk to at most 192 px.
        let plain = temporaryFolder() + "/plain.jpg"
        _ = FileManager.default.createFile(atPath: plain, contents: makeJPEG(width: 640, height: 480) { _, _ in red })
        let dct = try #require(QuickImage.make(path: plain, thumbnails: nil))
        #expect(dct.origin == .dct && dct.pixels.width == 192 && dct.pixels.height == 144)
        #expect(isClose((dct.pixels.bytes[2], dct.pixels.bytes[1], dct.pixels.bytes[0]), red))
    }
}
