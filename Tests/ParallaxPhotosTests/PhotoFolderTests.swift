import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxPhotos

/// Folders scanned, photos decoded the right way up, the colour index and the decode queue's order:
/// no window.
@Suite struct PhotoFolderTests {
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
        #expect(decoded.imageSize == Size(width: Double(w), height: Double(h)))
        #expect(decoded.pixels.width == w && decoded.pixels.height == h)
        // Away from the edges between colours (JPEG blurs them), every pixel is the upright one's.
        for (x, y) in [(3, 3), (16, 4), (40, 4), (12, 28), (40, 28), (20, 12), (28, 20)] {
            let i = y * decoded.pixels.pitch + x * 4
            let p = UInt32(decoded.pixels.bytes[i + 2]) << 16 | UInt32(decoded.pixels.bytes[i + 1]) << 8 | UInt32(decoded.pixels.bytes[i])
            let want = uprightPattern(x, y)
            for shift in [16, 8, 0] {
                let shown: Int = Int(p >> UInt32(shift) & 0xFF), wanted: Int = Int(want >> UInt32(shift) & 0xFF)
                #expect(abs(shown - wanted) <= 12, "pixel (\(x), \(y)) of orientation \(orientation)")
            }
        }
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

    @Test func theScanTakesUnchangedFilesDatesFromTheIndexAndReadsChangedFilesAgain() throws {
        let folder = temporaryFolder(), cache = temporaryFolder() + "/parallax"
        let early = folder + "/early.jpg", late = folder + "/late.jpg", plain = folder + "/plain.jpg"
        _ = FileManager.default.createFile(atPath: late, contents: makeJPEG(width: 64, height: 48, dateTaken: "2024:01:02 10:00:00") { _, _ in 0x336699 })
        _ = FileManager.default.createFile(atPath: early, contents: makeJPEG(width: 64, height: 48, dateTaken: "2024:01:01 10:00:00") { _, _ in 0x993366 })
        _ = FileManager.default.createFile(atPath: plain, contents: makeJPEG(width: 64, height: 48) { _, _ in 0x669933 })
        let index = PhotoIndex(folder: folder, photos: [early, late, plain], cacheFolder: cache, logger: Logger(label: "test"))
        index.waitUntilBuilt()
        // The index keeps each file's size, time and EXIF date (none for the plain one).
        let stamps = PhotoIndex.savedStamps(folder: folder, cacheFolder: cache)
        for path in [early, late, plain] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(stamps[path]?.size == attributes[.size] as? Int)
            #expect(stamps[path]?.modified == Int(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0).rounded(.down)))
        }
        #expect(stamps[early]?.exifDate == "2024:01:01 10:00:00" && stamps[late]?.exifDate == "2024:01:02 10:00:00")
        #expect(stamps.count == 3 && stamps[plain] != nil && stamps[plain]?.exifDate == nil)
        let scanned = try PhotoFolder.scan(folder, known: stamps)
        #expect(scanned == (try PhotoFolder.scan(folder)), "the index's dates are the files' own")
        // An unchanged file's date is the index's, not read from the file: a stamp saying another
        // date with the file's size and time puts it last.
        let said = PhotoFolder.Stamp(size: stamps[early]!.size, modified: stamps[early]!.modified, exifDate: "2024:01:03 10:00:00")
        let trusted = try PhotoFolder.scan(folder, known: stamps.merging([early: said]) { _, new in new })
        // (The plain file's date is its modification time, today: last.)
        #expect(trusted.map(\.name) == ["late.jpg", "early.jpg", "plain.jpg"])
        #expect(trusted.first { $0.path == early }?.dateTaken == "2024:01:03 10:00:00")
        // A file whose size or time changed is read again: rewritten with another date (and another
        // time), it takes the file's new date.
        _ = FileManager.default.createFile(atPath: early, contents: makeJPEG(width: 64, height: 48, dateTaken: "2024:01:05 10:00:00") { _, _ in 0x993366 })
        let later = Date(timeIntervalSince1970: Double(stamps[early]!.modified + 60))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: early)
        let rescanned = try PhotoFolder.scan(folder, known: stamps)
        #expect(rescanned.first { $0.path == early }.map { ($0.dateTaken, $0.fromExif) } ?? ("", false) == ("2024:01:05 10:00:00", true))
        #expect(rescanned.first { $0.path == plain }?.fromExif == false)
        // An index of another version gives no stamps: every file is read.
        let file = index.file
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: PhotoIndex.header, with: "parallax-photo-index 1").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(PhotoIndex.savedStamps(folder: folder, cacheFolder: cache).isEmpty)
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
