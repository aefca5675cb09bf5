import CPNG
import Foundation

/// The desktop's shared thumbnail cache, by the freedesktop Thumbnail Managing Standard
/// (docs/photo-folders.md, "The shared thumbnail cache"): PNGs under `$XDG_CACHE_HOME/thumbnails`
/// (else `~/.cache/thumbnails`) in one folder per size, each named by the MD5 of its file's URI and
/// valid while its `Thumb::URI` and `Thumb::MTime` are the file's. GNOME Files, GLib, gThumb and
/// Shotwell read and write the same files, so a photo any of them has shown needs no decode here,
/// and one decoded here needs none there. Pure Foundation and libpng: no SDL.
public struct ThumbnailCache: Sendable {
    /// The standard's sizes: a thumbnail fits a square of this side (an image already smaller is kept at its size).
    public enum Size: Int, CaseIterable, Sendable, Comparable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }

        public static func < (a: Size, b: Size) -> Bool { a.rawValue < b.rawValue }
    }

    /// A file as the cache keys it.
    public struct Source: Sendable, Equatable {
        public let path: String
        public let uri: String
        /// Modification time, whole seconds (`Thumb::MTime`).
        public let modified: Int
        public let bytes: Int

        /// Nil unless `path` is a regular file.
        public init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            self.path = path
            uri = ThumbnailCache.uri(of: path)
            modified = Int(info.st_mtim.tv_sec)
            bytes = Int(info.st_size)
        }
    }

    /// `.../thumbnails`.
    public let root: String
    /// The app's version (`parallax --version`): the standard keys failures by app and version.
    public let version: String
    /// Where this version's failures go: `fail/parallax-<version>`.
    public var failFolder: String { root + "/fail/parallax-" + version }
    var software: String { "Parallax Playground " + version }
    /// Thumbnails are small; a PNG claiming more than this a side is not one.
    static let maxSide: UInt32 = 4096

    public init(root: String, version: String) {
        self.root = root
        self.version = version
    }

    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/thumbnails" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/thumbnails"
    }

    /// The file's URI as GLib's `g_filename_to_uri` makes it (what GNOME Files and GLib hash): the
    /// absolute path's bytes with all but letters, digits and `-_.!~*'()/&=:@+$,` percent-encoded,
    /// upper-case hex.
    public static func uri(of path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/&=:@+$,".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public func path(forURI uri: String, size: Size) -> String { root + "/" + size.folder + "/" + MD5.hex(uri) + ".png" }
    public func failPath(forURI uri: String) -> String { failFolder + "/" + MD5.hex(uri) + ".png" }

    /// Files inside the cache are never thumbnailed (the standard's rule: no thumbnails of thumbnails).
    public func contains(_ path: String) -> Bool { path.hasPrefix(root + "/") }

    /// A thumbnail's size in `size`'s folder of a `width` x `height` image: scaled to fit the square,
    /// never enlarged.
    public static func dimensions(width: Int, height: Int, size: Size) -> (width: Int, height: Int) {
        let side = size.rawValue
        guard max(width, height) > side else { return (width, height) }
        let scale = Double(side) / Double(max(width, height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The sizes, smallest first, whose thumbnail of a `width` x `height` image is at least
    /// `drawnWidth` x `drawnHeight` pixels (empty: none covers it, as a card drawn at scale 2).
    public static func sizes(covering drawnWidth: Int, _ drawnHeight: Int, width: Int, height: Int) -> [Size] {
        Size.allCases.filter { size in
            let d = dimensions(width: width, height: height, size: size)
            return d.width >= drawnWidth && d.height >= drawnHeight
        }
    }

    /// The valid thumbnail of `source` in `size`'s folder at least `covering` pixels, if there is
    /// one: its `Thumb::URI` the file's URI and its `Thumb::MTime` the file's modification time.
    /// Anything else (missing, another URI or time, a broken PNG, too small or too large for its
    /// folder) is stale: nil.
    public func read(_ source: Source, size: Size, covering: (width: Int, height: Int)) -> PhotoPixels? {
        guard let data = FileManager.default.contents(atPath: path(forURI: source.uri, size: size)),
              let (pixels, texts) = Self.decodePNG(data),
              Self.isValid(texts, for: source),
              pixels.width <= size.rawValue, pixels.height <= size.rawValue,
              pixels.width >= covering.width, pixels.height >= covering.height else { return nil }
        return pixels
    }

    /// `source` has a valid thumbnail in `size`'s folder: its text chunks alone are read, no pixels.
    public func hasValid(_ source: Source, size: Size) -> Bool {
        guard let data = FileManager.default.contents(atPath: path(forURI: source.uri, size: size)) else { return false }
        var texts: UnsafeMutablePointer<CChar>?
        var textsSize = 0
        let status = data.withUnsafeBytes { cpng_texts($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, &texts, &textsSize) }
        defer { free(texts) }
        guard status == 0, let texts else { return false }
        return Self.isValid(Self.textMap(texts, count: textsSize), for: source)
    }

    /// "key\0value\0..." as a dictionary.
    static func textMap(_ texts: UnsafeMutablePointer<CChar>, count: Int) -> [String: String] {
        let fields = UnsafeBufferPointer(start: UnsafeRawPointer(texts).assumingMemoryBound(to: UInt8.self), count: count)
            .split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var map: [String: String] = [:]
        for k in stride(from: 0, to: fields.count - 1, by: 2) { map[fields[k]] = fields[k + 1] }
        return map
    }

    /// This version failed on the file as it is now (its `fail/` entry is valid): not tried again
    /// until its modification time changes.
    public func hasFailed(_ source: Source) -> Bool {
        guard let data = FileManager.default.contents(atPath: failPath(forURI: source.uri)),
              let (_, texts) = Self.decodePNG(data) else { return false }
        return Self.isValid(texts, for: source)
    }

    static func isValid(_ texts: [String: String], for source: Source) -> Bool {
        texts["Thumb::URI"] == source.uri && texts["Thumb::MTime"] == String(source.modified)
    }

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `pixels` as `source`'s thumbnail in `size`'s folder, with the standard's keys, to a
    /// temporary name in the same folder renamed over it (mode 0600; folders made 0700). `image` is
    /// the original's size.
    public func write(_ pixels: PhotoPixels, of source: Source, size: Size, image: (width: Int, height: Int), mimeType: String) throws(WriteError) {
        let texts = [("Thumb::URI", source.uri), ("Thumb::MTime", String(source.modified)), ("Thumb::Size", String(source.bytes)),
                     ("Thumb::Mimetype", mimeType), ("Thumb::Image::Width", String(image.width)),
                     ("Thumb::Image::Height", String(image.height)), ("Software", software)]
        try store(pixels, texts: texts, at: path(forURI: source.uri, size: size))
    }

    /// Records that `source` cannot be thumbnailed by this version: an empty (1x1) PNG with its URI
    /// and time under `fail/parallax-<version>/`.
    public func writeFailure(of source: Source) throws(WriteError) {
        let texts = [("Thumb::URI", source.uri), ("Thumb::MTime", String(source.modified)), ("Software", software)]
        try store(PhotoPixels(width: 1, height: 1, bytes: [0, 0, 0, 255]), texts: texts, at: failPath(forURI: source.uri))
    }

    private func store(_ pixels: PhotoPixels, texts: [(String, String)], at path: String) throws(WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        guard Self.makeFolders(folder) else {
            throw WriteError(description: "thumbnail folder \(folder) cannot be made: \(String(cString: strerror(errno)))")
        }
        guard let png = PNGEncoder.encode(pixels.bytes, width: pixels.width, height: pixels.height, layout: .bgrx, texts: texts) else {
            throw WriteError(description: "thumbnail \(path) cannot be encoded")
        }
        let temporary = folder + "/.parallax-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).png"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(description: "thumbnail \(temporary) cannot be made: \(String(cString: strerror(errno)))") }
        let written = png.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == png.count, closed == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(description: "thumbnail \(path) cannot be written: \(reason)")
        }
    }

    /// Makes `folder` and those missing above it, mode 0700 (the standard's: thumbnails show what
    /// the user's files hold).
    static func makeFolders(_ folder: String) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            if !isFolder.boolValue { errno = ENOTDIR }
            return isFolder.boolValue
        }
        let parent = (folder as NSString).deletingLastPathComponent
        guard parent != folder, folder.count > 1, makeFolders(parent) else { return false }
        return mkdir(folder, 0o700) == 0 || errno == EEXIST
    }

    /// A PNG's pixels and text chunks; nil for anything libpng will not read.
    public static func decodePNG(_ data: Data) -> (PhotoPixels, [String: String])? {
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var texts: UnsafeMutablePointer<CChar>?
        var textsSize = 0
        let status = data.withUnsafeBytes { buffer in
            cpng_decode(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, maxSide, &width, &height, &pixels, &texts, &textsSize)
        }
        defer {
            free(pixels)
            free(texts)
        }
        guard status == 0, let pixels, let texts else { return nil }
        let image = PhotoPixels(width: Int(width), height: Int(height), bytes: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
        return (image, textMap(texts, count: textsSize))
    }
}

extension ThumbnailCache {
    /// What a decode leaves for the cache, done later at the lowest priority (`ThumbnailWriter`).
    public enum Work: Sendable {
        /// `pixels` as `source`'s thumbnail in `size`'s folder; `image` is the original's size.
        case write(PhotoPixels, of: Source, size: Size, image: (width: Int, height: Int), mimeType: String)
        /// The file cannot be decoded: its `fail/` entry.
        case failure(Source)
    }
}

/// Writes what decodes leave for the shared cache (`ThumbnailCache.Work`) for the user's photos
/// under one folder, counting what it wrote. The first write that fails (a cache folder that cannot
/// be made, a full disk) is reported once and ends writing for the run: nothing is written after it.
public final class ThumbnailWriter: @unchecked Sendable {
    public let cache: ThumbnailCache
    /// Photos under this folder have thumbnails read and written (the app's own resources do not).
    public let photos: String
    private let report: @Sendable (String) -> Void
    private let lock = NSLock()
    private var stopped = false
    private var writtenCount = 0
    private var failuresCount = 0

    public init(cache: ThumbnailCache, photos: String, report: @escaping @Sendable (String) -> Void) {
        self.cache = cache
        self.photos = URL(fileURLWithPath: photos).standardizedFileURL.path
        self.report = report
    }

    /// The cache for `path` if it is one of the photos (nil: a bundled image, or a file in the cache).
    public func cache(for path: String) -> ThumbnailCache? {
        path.hasPrefix(photos + "/") && !cache.contains(path) ? cache : nil
    }

    /// Thumbnails written so far, and failures recorded.
    public var written: Int { lock.withLock { writtenCount } }
    public var failuresRecorded: Int { lock.withLock { failuresCount } }

    public func perform(_ work: ThumbnailCache.Work) {
        guard !lock.withLock({ stopped }) else { return }
        do throws(ThumbnailCache.WriteError) {
            switch work {
            case let .write(pixels, source, size, image, mimeType):
                try cache.write(pixels, of: source, size: size, image: image, mimeType: mimeType)
                lock.withLock { writtenCount += 1 }
            case let .failure(source):
                try cache.writeFailure(of: source)
                lock.withLock { failuresCount += 1 }
            }
        } catch {
            let first = lock.withLock {
                defer { stopped = true }
                return !stopped
            }
            if first { report("\(error.description): no thumbnails are written to the shared cache in this run") }
        }
    }
}
