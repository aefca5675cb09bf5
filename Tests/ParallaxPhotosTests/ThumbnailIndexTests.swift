import Foundation
import Testing
import ParallaxTestSupport
import ParallaxEngine
@testable import ParallaxPhotos

/// `thumbnails.index` read back: fields cut at tabs and lines at newlines, names in any UTF-8,
/// and a malformed line named by its number while the others are kept.
@Suite struct ThumbnailIndexTests {
    func write(_ text: String) throws -> String {
        let path = scratchURL("thumbnails", suffix: ".index").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func linesAreReadByNameAndAMalformedOneIsNamedByItsNumber() throws {
        let two = ImageThumbnail(width: 2, height: 1, pixels: [0x12_34_56, 0xAB_CD_EF])
        let one = ImageThumbnail(width: 1, height: 1, pixels: [0x00_FF_00])
        let file = try write("""
            \(BundledPhotoIndex.header)
            été à la mer.jpg\t2\t1\t123456abcdef
            broken.jpg\t2\t1\t12345
            green.jpg\t1\t1\t00ff00

            """)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (loaded, problems) = BundledPhotoIndex.load(file)
        #expect(loaded.thumbnails == ["été à la mer.jpg": two, "green.jpg": one])
        let expectedProblems: [String] = ["\(file):3: malformed (name, width, height and hex pixels, tab-separated)"]
        #expect(problems == expectedProblems)
    }

    @Test func aFileWithoutTheHeaderIsNoIndex() throws {
        let file = try write("green.jpg\t1\t1\t00ff00\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (loaded, problems) = BundledPhotoIndex.load(file)
        #expect(loaded.thumbnails.isEmpty)
        #expect(problems == ["\(file): not a thumbnail index (its first line is not \"\(BundledPhotoIndex.header)\")"])
    }

    @Test func theBundledIndexReadsBackAsItWasWritten() throws {
        let file = resourcesFolder + "/Images/" + BundledPhotoIndex.fileName
        let (loaded, problems) = BundledPhotoIndex.load(file)
        #expect(problems.isEmpty)
        #expect(loaded.thumbnails.count == 20)
        #expect(loaded.text == String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self))
    }
}
