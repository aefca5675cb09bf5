import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxPhotos

// The shared thumbnail cache by the freedesktop Thumbnail Managing Standard (docs/photo-folders.md,
// "The shared thumbnail cache"). Thumbnails "of other applications" are written here by a PNG
// writer of the test's own (stored deflate blocks, CRC-32 and Adler-32 from their definitions), and
// the app's thumbnails are read back by a chunk walker of the test's own: neither shares code with
// the app's libpng path.

/// CRC-32 as PNG defines it (polynomial 0xEDB88320, reflected).
func pngCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// An 8-bit RGB PNG of `width` x `height` pixels of `pixel(x, y)` (0xRRGGBB) with these tEXt chunks,
/// written from the PNG and zlib specifications (uncompressed deflate blocks).
func standardPNG(width: Int, height: Int, texts: [(String, String)], pixel: (Int, Int) -> UInt32) -> Data {
    func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(pngCRC(body))
    }
    var raw: [UInt8] = []
    for y in 0..<height {
        raw.append(0)  // filter: none
        for x in 0..<width {
            let p = pixel(x, y)
            raw += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)]
        }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var at = 0
    repeat {
        let n = min(65535, raw.count - at)
        zlib.append(at + n == raw.count ? 1 : 0)
        zlib += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
        zlib += raw[at..<(at + n)]
        at += n
    } while at < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    zlib += be32(b << 16 | a)
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
    for (key, value) in texts { png += chunk("tEXt", Array(key.utf8) + [0] + Array(value.utf8)) }
    png += chunk("IDAT", zlib) + chunk("IEND", [])
    return Data(png)
}

/// A PNG's size (IHDR) and tEXt chunks, walking its chunks and checking each CRC; nil if malformed.
func pngChunks(_ data: Data) -> (width: Int, height: Int, texts: [String: String])? {
    let b = [UInt8](data)
    guard b.count > 8, Array(b[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    var i = 8, width = 0, height = 0, texts: [String: String] = [:]
    while i + 12 <= b.count {
        let length = be32(i), type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
        guard i + 12 + length <= b.count, UInt32(be32(i + 8 + length)) == pngCRC(Array(b[(i + 4)..<(i + 8 + length)])) else { return nil }
        let body = Array(b[(i + 8)..<(i + 8 + length)])
        if type == "IHDR" { width = be32(i + 8); height = be32(i + 12) }
        if type == "tEXt", let zero = body.firstIndex(of: 0) {
            texts[String(decoding: body[..<zero], as: UTF8.self)] = String(decoding: body[(zero + 1)...], as: UTF8.self)
        }
        if type == "IEND" { return (width, height, texts) }
        i += 12 + length
    }
    return nil
}

/// The MD5 of `text` in hex by coreutils' md5sum: the standard's file name, computed apart from the app.
func md5sum(_ text: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(32))
}

func modificationSeconds(_ path: String) -> Int {
    var info = stat()
    stat(path, &info)
    return Int(info.st_mtim.tv_sec)
}

func fileMode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
}

/// Checks a thumbnail the app wrote against the standard: its place (the folder of its size, the
/// MD5 of the URI), its keys, its size within the folder's, and its modes. Returns its pixel size.
@discardableResult
func checkWrittenThumbnail(root: String, photo: String, uri: String, image: (width: Int, height: Int), size: Int, folder: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> (width: Int, height: Int) {
    let path = root + "/" + folder + "/" + (try md5sum(uri)) + ".png"
    let data = try #require(FileManager.default.contents(atPath: path), "no thumbnail at \(path)", sourceLocation: sourceLocation)
    let png = try #require(pngChunks(data), "not a well-formed PNG: \(path)", sourceLocation: sourceLocation)
    var info = stat()
    stat(photo, &info)
    #expect(png.texts["Thumb::URI"] == uri, sourceLocation: sourceLocation)
    #expect(png.texts["Thumb::MTime"] == String(info.st_mtim.tv_sec), sourceLocation: sourceLocation)
    #expect(png.texts["Thumb::Size"] == String(info.st_size), sourceLocation: sourceLocation)
    #expect(png.texts["Thumb::Image::Width"] == String(image.width) && png.texts["Thumb::Image::Height"] == String(image.height), sourceLocation: sourceLocation)
    #expect(png.texts["Thumb::Mimetype"] == "image/jpeg", sourceLocation: sourceLocation)
    #expect(png.texts["Software"] == "Parallax Playground 9.9.9", sourceLocation: sourceLocation)
    // Fits the folder's square, the longer side filling it (the image is larger), the aspect kept.
    let longer = max(image.width, image.height)
    let expected = (Int((Double(image.width) * Double(size) / Double(longer)).rounded()), Int((Double(image.height) * Double(size) / Double(longer)).rounded()))
    #expect(png.width == expected.0 && png.height == expected.1, "\(png.width)x\(png.height)", sourceLocation: sourceLocation)
    #expect(fileMode(path) == 0o600, sourceLocation: sourceLocation)
    #expect(fileMode(root + "/" + folder) == 0o700 && fileMode(root) == 0o700, sourceLocation: sourceLocation)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter { !$0.hasSuffix(".png") || $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)", sourceLocation: sourceLocation)
    return (png.width, png.height)
}

@Suite struct ThumbnailCacheNamingTests {
    @Test func theURIIsEscapedAsGLibEscapesAFileName() {
        // What `gio info` (GLib's g_filename_to_uri) says for this path.
        #expect(ThumbnailCache.uri(of: "/tmp/uri test/é#x/a b!$&'()*+,;=@[]~%.jpg")
            == "file:///tmp/uri%20test/%C3%A9%23x/a%20b!$&'()*+,%3B=@%5B%5D~%25.jpg")
        #expect(ThumbnailCache.uri(of: "/home/u/Pictures/IMG_0001.JPG") == "file:///home/u/Pictures/IMG_0001.JPG")
    }

    @Test func md5MatchesTheRFCsTestSuite() {
        // RFC 1321, appendix A.5.
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex(String(repeating: "1234567890", count: 8)) == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test func theCacheIsUnderXDGCacheHomeElseTheHomesDotCache() {
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: ["HOME": "/home/u"]) == "/home/u/.cache/thumbnails")
    }

    @Test func theSmallestSizeWhoseThumbnailCoversTheDrawnPixelsComesFirst() {
        // A 4000x3000 photo: 1024 fits it as 1024x768, 512 as 512x384.
        #expect(ThumbnailCache.sizes(covering: 900, 675, width: 4000, height: 3000) == [.xxLarge])
        #expect(ThumbnailCache.sizes(covering: 400, 300, width: 4000, height: 3000) == [.xLarge, .xxLarge])
        #expect(ThumbnailCache.sizes(covering: 1800, 1350, width: 4000, height: 3000).isEmpty, "scale 2: none covers")
        // A portrait drawn 900 wide is 900x1200: 1024 fits it as 768x1024.
        #expect(ThumbnailCache.sizes(covering: 900, 1200, width: 3000, height: 4000).isEmpty)
        // An image smaller than a size is kept at its own size there.
        #expect(ThumbnailCache.dimensions(width: 300, height: 200, size: .xLarge) == (300, 200))
        #expect(ThumbnailCache.sizes(covering: 300, 200, width: 300, height: 200) == [.xLarge, .xxLarge])
    }

    @Test func pngsKeepTheirTextChunksBothWays() throws {
        let texts = [("Thumb::URI", "file:///a%20b.jpg"), ("Thumb::MTime", "1700000000")]
        let written = standardPNG(width: 5, height: 3, texts: texts) { x, y in UInt32(x * 40) << 16 | UInt32(y * 80) }
        let (pixels, read) = try #require(ThumbnailCache.decodePNG(written))
        #expect(read == Dictionary(uniqueKeysWithValues: texts))
        #expect(pixels.width == 5 && pixels.height == 3)
        // B, G, R, X: the pixel (4, 2) is R 160, G 0, B 160.
        let pixelStart: Int = ((2 * 5) + 4) * 4
        let pixel: [UInt8] = Array(pixels.bytes[pixelStart..<pixelStart + 4])
        #expect(pixel == [160, 0, 160, 255])
        let encoded = try #require(PNGEncoder.encode(pixels.bytes, width: pixels.width, height: pixels.height, layout: .bgrx, texts: texts))
        let walked = try #require(pngChunks(encoded))
        #expect(walked.width == 5 && walked.height == 3 && walked.texts == Dictionary(uniqueKeysWithValues: texts))
        #expect(ThumbnailCache.decodePNG(encoded)?.0 == pixels)
        // Broken: truncated anywhere, or not a PNG: nil, never a crash.
        for cut in [8, 20, 40, written.count - 13] { #expect(ThumbnailCache.decodePNG(written.prefix(cut)) == nil) }
        #expect(ThumbnailCache.decodePNG(Data("not a png".utf8)) == nil)
    }
}

/// A photo folder and a cache root of its own, a 2000x1500 red JPEG in it (at `name`).
private struct Scene {
    let folder = temporaryFolder()
    let root: String
    let photo: String
    let uri: String
    let cache: ThumbnailCache

    init(name: String = "photo.jpg") throws {
        root = folder + "-cache/thumbnails"
        photo = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (photo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: photo, contents: makeJPEG(width: 2000, height: 1500, quality: 80) { _, _ in 0xD02020 })
        uri = ThumbnailCache.uri(of: photo)
        cache = ThumbnailCache(root: root, version: "9.9.9")
    }

    /// A blue thumbnail as another application writes it: `folder` (the size's), `width` x `height`.
    func placeThumbnail(folder size: String, width: Int, height: Int, uri: String? = nil, mtime: Int? = nil) throws {
        // Folders 0700, as the standard asks of every application.
        for path in [(root as NSString).deletingLastPathComponent, root, root + "/" + size] { mkdir(path, 0o700) }
        let png = standardPNG(width: width, height: height, texts: [("Thumb::URI", uri ?? self.uri),
                                                                   ("Thumb::MTime", String(mtime ?? modificationSeconds(photo)))]) { _, _ in 0x2040E0 }
        _ = FileManager.default.createFile(atPath: root + "/" + size + "/" + (try md5sum(self.uri)) + ".png", contents: png)
    }

    func writer(_ lines: LogLines = LogLines()) -> ThumbnailWriter {
        ThumbnailWriter(cache: cache, photos: folder) { lines.append($0) }
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// The mean colour of decoded pixels, 0xRRGGBB.
private func meanColour(_ pixels: PhotoPixels) -> (r: Int, g: Int, b: Int) {
    let w = pixels.width, h = pixels.height, pitch = pixels.pitch
    let p = pixels.bytes
    var sum = (0, 0, 0)
    for y in stride(from: 0, to: h, by: 7) {
        for x in stride(from: 0, to: w, by: 7) {
            let i = y * pitch + x * 4
            sum.0 += Int(p[i + 2]); sum.1 += Int(p[i + 1]); sum.2 += Int(p[i])
        }
    }
    let n = ((h + 6) / 7) * ((w + 6) / 7)
    return (sum.0 / n, sum.1 / n, sum.2 / n)
}

/// Decodes through the shared thumbnail cache: pixels only, no window.
@Suite(.ownThread) struct ThumbnailCacheDecodeTests {
    /// Decodes `scene`'s photo drawn at `scale` through a queue with the scene's cache; the queue's counts and the
    /// picture's mean colour.
    private func decodeThroughQueue(_ scene: Scene, scale: Double, writer: ThumbnailWriter? = nil) throws
        -> (counts: DecodeQueue.Counts, colour: (r: Int, g: Int, b: Int), size: (Int, Int)) {
        let queue = DecodeQueue(workerCount: 0)
        queue.thumbnails = writer ?? scene.writer()
        let job = ImageDecoder.Job(path: scene.photo)
        queue.decodeNow([(job, scale)])
        queue.finishWrites()
        guard case let .decoded(decoded)? = queue.take(job) else { throw TestFailure("not decoded") }
        return (queue.decodeCounts, meanColour(decoded.pixels), (decoded.pixels.width, decoded.pixels.height))
    }

    @Test func anotherApplicationsValidThumbnailIsUsedAndTheJPEGIsNotDecoded() throws {
        let scene = try Scene()
        try scene.placeThumbnail(folder: "xx-large", width: 1024, height: 768)
        // Drawn 900x675: xx-large covers it.
        let shown = try decodeThroughQueue(scene, scale: 0.45)
        #expect(shown.counts == DecodeQueue.Counts(fromFile: 0, fromThumbnailCache: 1))
        #expect(shown.size == (900, 675))
        #expect(shown.colour.b > 180 && shown.colour.r < 60, "the thumbnail's blue, not the photo's red: \(shown.colour)")

        // Drawn 400x300: the smallest that covers, x-large, is used when valid; else a larger one.
        let small = try decodeThroughQueue(scene, scale: 0.2)
        #expect(small.counts == DecodeQueue.Counts(fromFile: 0, fromThumbnailCache: 1), "xx-large serves when x-large is missing")
        try scene.placeThumbnail(folder: "x-large", width: 512, height: 384)
        guard case let .decoded(decoded) = ImageDecoder.decode(ImageDecoder.Job(path: scene.photo), scale: 0.2, thumbnails: scene.cache).result else {
            throw TestFailure("not decoded")
        }
        #expect(decoded.origin == .thumbnail(.xLarge))
    }

    @Test(arguments: ["other mtime", "other URI", "broken PNG", "too small for its folder", "too large for its folder", "only a smaller size"])
    func aStaleThumbnailIsIgnoredAndReplaced(stale: String) throws {
        let scene = try Scene()
        let name = scene.root + "/xx-large/" + (try md5sum(scene.uri)) + ".png"
        switch stale {
        case "other mtime": try scene.placeThumbnail(folder: "xx-large", width: 1024, height: 768, mtime: modificationSeconds(scene.photo) - 60)
        case "other URI": try scene.placeThumbnail(folder: "xx-large", width: 1024, height: 768, uri: scene.uri + "x")
        case "broken PNG":
            try scene.placeThumbnail(folder: "xx-large", width: 1024, height: 768)
            let whole = try Data(contentsOf: URL(fileURLWithPath: name))
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: name))
        case "too small for its folder": try scene.placeThumbnail(folder: "xx-large", width: 800, height: 600)
        case "too large for its folder":
            // 1100 px in xx-large is not a thumbnail of that folder, and 512 px covers less than 900.
            try scene.placeThumbnail(folder: "xx-large", width: 1100, height: 825)
        default: try scene.placeThumbnail(folder: "x-large", width: 512, height: 384)
        }
        let shown = try decodeThroughQueue(scene, scale: 0.45)
        #expect(shown.counts == DecodeQueue.Counts(fromFile: 1, fromThumbnailCache: 0))
        #expect(shown.colour.r > 180 && shown.colour.b < 60, "the photo's red: \(shown.colour)")
        // Replaced with the app's own, valid by the standard; and used on the next visit.
        try checkWrittenThumbnail(root: scene.root, photo: scene.photo, uri: scene.uri, image: (2000, 1500), size: 1024, folder: "xx-large")
        let again = try decodeThroughQueue(scene, scale: 0.45)
        #expect(again.counts == DecodeQueue.Counts(fromFile: 0, fromThumbnailCache: 1))
        #expect(again.colour.r > 180 && again.colour.b < 60, "the written thumbnail is the photo: \(again.colour)")
    }

    @Test func writtenThumbnailsPassTheStandardsCheckerWithEscapedNames() throws {
        let scene = try Scene(name: "My Photos/été #1.jpg")
        #expect(scene.uri.hasSuffix("/My%20Photos/%C3%A9t%C3%A9%20%231.jpg"))
        let writer = scene.writer()
        _ = try decodeThroughQueue(scene, scale: 0.45, writer: writer)
        #expect(writer.written == 1)
        try checkWrittenThumbnail(root: scene.root, photo: scene.photo, uri: scene.uri, image: (2000, 1500), size: 1024, folder: "xx-large")
        // Drawn smaller, the smallest covering size is written: 200x150 is covered by large's 256x192.
        let smaller = try Scene(name: "Été/petite #2.jpg")
        _ = try decodeThroughQueue(smaller, scale: 0.1)
        try checkWrittenThumbnail(root: smaller.root, photo: smaller.photo, uri: smaller.uri, image: (2000, 1500), size: 256, folder: "large")
        #expect(!FileManager.default.fileExists(atPath: smaller.root + "/xx-large"))
    }

    @Test func whereNoSizeCoversTheCardTheLargestIsWrittenOnceNotOnEveryDecode() throws {
        let scene = try Scene()
        // Drawn at its own size, 2000x1500: no standard size covers it.
        let writer = scene.writer()
        let first = try decodeThroughQueue(scene, scale: 1, writer: writer)
        #expect(first.counts.fromFile == 1 && writer.written == 1)
        try checkWrittenThumbnail(root: scene.root, photo: scene.photo, uri: scene.uri, image: (2000, 1500), size: 1024, folder: "xx-large")
        let again = try decodeThroughQueue(scene, scale: 1, writer: writer)
        #expect(again.counts.fromFile == 1 && writer.written == 1, "decoded again, the valid xx-large kept")
    }

    @Test func anUndecodableFileGetsItsFailEntryAndIsNotTriedAgainUntilItChanges() throws {
        let scene = try Scene()
        _ = FileManager.default.createFile(atPath: scene.photo, contents: Data("not a JPEG at all".utf8))
        let writer = scene.writer()
        let queue = DecodeQueue(workerCount: 0)
        queue.thumbnails = writer
        func attempt() -> String? {
            let job = ImageDecoder.Job(path: scene.photo)
            queue.decodeNow([(job, 0.45)])
            queue.finishWrites()
            guard case let .failed(message)? = queue.take(job) else { return nil }
            return message
        }
        let first = try #require(attempt())
        #expect(!first.contains("recorded"), "\(first)")
        let failPath = scene.root + "/fail/parallax-9.9.9/" + (try md5sum(scene.uri)) + ".png"
        let entry = try #require(pngChunks(try Data(contentsOf: URL(fileURLWithPath: failPath))))
        #expect(entry.texts["Thumb::URI"] == scene.uri && entry.texts["Thumb::MTime"] == String(modificationSeconds(scene.photo)))
        #expect(fileMode(failPath) == 0o600 && fileMode((failPath as NSString).deletingLastPathComponent) == 0o700)
        #expect(writer.failuresRecorded == 1)
        #expect(try #require(attempt()).contains("recorded"), "not decoded again")
        #expect(writer.failuresRecorded == 1)
        // Changed: tried again.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: scene.photo)
        #expect(!(try #require(attempt())).contains("recorded"))
        #expect(writer.failuresRecorded == 2)
    }

    @Test func aCacheFolderThatCannotBeMadeIsOneLogLineAndNothingWritten() throws {
        let scene = try Scene()
        // XDG_CACHE_HOME under a regular file: root ignores modes, not this.
        let file = scene.folder + "-file"
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let lines = LogLines()
        let writer = ThumbnailWriter(cache: ThumbnailCache(root: file + "/cache/thumbnails", version: "9.9.9"), photos: scene.folder) { lines.append($0) }
        for _ in 0..<3 {
            let shown = try decodeThroughQueue(scene, scale: 0.45, writer: writer)
            #expect(shown.counts.fromFile == 1 && shown.colour.r > 180, "the photo shows all the same")
        }
        #expect(lines.lines.count == 1, "\(lines.lines)")
        #expect(lines.lines.first?.contains(file) == true)
        #expect(writer.written == 0)
    }

    @Test func theColourIndexLeavesEveryPhotoItsThumbnailAndReadsItsOwnBack() throws {
        let scene = try Scene()
        let writer = scene.writer()
        let index = PhotoIndex(folder: scene.folder, photos: [scene.photo], cacheFolder: scene.folder + "-index",
                               logger: Logger(label: "test"), thumbnails: writer)
        index.waitUntilBuilt()
        #expect(writer.written == 1)
        try checkWrittenThumbnail(root: scene.root, photo: scene.photo, uri: scene.uri, image: (2000, 1500), size: 1024, folder: "xx-large")
        let colour = try #require(index.entry(for: scene.photo)?.thumbnail.pixels.first)
        #expect(colour >> 16 & 0xFF > 180 && colour & 0xFF < 60, "the photo's red: \(String(colour, radix: 16))")
        // Indexed again (another index file): from the thumbnail, nothing written.
        let again = PhotoIndex(folder: scene.folder, photos: [scene.photo], cacheFolder: scene.folder + "-index2",
                               logger: Logger(label: "test"), thumbnails: writer)
        again.waitUntilBuilt()
        #expect(writer.written == 1)
        #expect(again.entry(for: scene.photo)?.thumbnail == index.entry(for: scene.photo)?.thumbnail)
    }

    @Test func filesInsideTheCacheAreNeverThumbnailed() throws {
        let scene = try Scene()
        // The photos folder is the cache's own folder.
        let inside = scene.root + "/xx-large/photo.jpg"
        try FileManager.default.createDirectory(atPath: scene.root + "/xx-large", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scene.photo, toPath: inside)
        let writer = ThumbnailWriter(cache: scene.cache, photos: scene.root) { _ in }
        #expect(writer.cache(for: inside) == nil)
        #expect(writer.cache(for: scene.photo) == nil, "outside the photos folder")
        let queue = DecodeQueue(workerCount: 0)
        queue.thumbnails = writer
        queue.decodeNow([(ImageDecoder.Job(path: inside), 0.45)])
        queue.finishWrites()
        #expect(writer.written == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.root + "/xx-large") == ["photo.jpg"])
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
