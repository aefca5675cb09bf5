import Foundation
import Logging
import ParallaxEngine

/// A folder's photos in small (docs/photo-folders.md, "Colour placeholders"): each file's mean
/// colour and a thumbnail at most 16 px a side, so a cell's first paint is its photo's colours.
/// Built in the background on the first visit, while no decode waits (`DecodeQueue.isIdle`), and
/// kept in `$XDG_CACHE_HOME/parallax` (else `~/.cache/parallax`), one file per folder; a file
/// whose size or modification time changed is indexed again. Each line also keeps the file's EXIF
/// date taken, so that the next visit's folder scan need not read it (`savedStamps`).
public final class PhotoIndex: @unchecked Sendable {
    public struct Entry: Sendable, Equatable {
        let size: Int
        let modified: Int
        /// EXIF DateTimeOriginal (nil: the file has none).
        let exifDate: String?
        public let thumbnail: ImageThumbnail
    }

    public static let side = 16
    /// Version 2 added the date taken; an index of version 1 is built again.
    static let header = "parallax-photo-index 2"
    /// The date field of a file without an EXIF date taken.
    static let noDate = "-"

    public let file: String
    private let folder: String
    private let lock = NSLock()
    private let built = NSCondition()
    /// By absolute path.
    private var entries: [String: Entry] = [:]
    private var building = true
    private let logger: Logger

    /// Loads the folder's index from `cacheFolder` and starts indexing the files it lacks.
    /// `canWork` is asked before each file: the build waits while it says no.
    /// With `thumbnails` (the shared cache on), each photo indexed is read through its `xx-large`
    /// thumbnail, made and written where it has none: after the first visit, every photo has one.
    public init(folder: String, photos: [String], cacheFolder: String = PhotoIndex.defaultCacheFolder(), logger: Logger,
                canWork: @escaping @Sendable () -> Bool = { true }, thumbnails: ThumbnailWriter? = nil) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        file = cacheFolder + "/" + Self.fileName(for: self.folder)
        self.logger = logger
        entries = load()
        // Which files changed is a `stat` a photo: found on the build's thread, not before the first frame.
        Thread { [self] in
            BackgroundPriority.lowest()
            let saved = lock.withLock { entries }
            let missing = photos.filter { path in
                guard let entry = saved[path], let stamp = Self.stamp(path) else { return true }
                return entry.size != stamp.size || entry.modified != stamp.modified
            }
            build(missing, canWork: canWork, thumbnails: thumbnails)
        }.start()
    }

    public func entry(for path: String) -> Entry? { lock.withLock { entries[path] } }

    /// Blocks until the background build is done and saved (tests, `bench`).
    public func waitUntilBuilt() {
        built.lock()
        while building { built.wait() }
        built.unlock()
    }

    public static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/parallax" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/parallax"
    }

    /// One file per folder, named by a hash of its path (FNV-1a, 64 bits).
    static func fileName(for folder: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in folder.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(format: "%016llx.index", hash)
    }

    private static func stamp(_ path: String) -> (size: Int, modified: Int)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return ((attributes[.size] as? Int) ?? 0, Int(modified.rounded(.down)))
    }

    /// Indexes `paths` and saves the index (unless there were none), then says it is built.
    private func build(_ paths: [String], canWork: @Sendable () -> Bool, thumbnails: ThumbnailWriter?) {
        for path in paths {
            while !canWork() { usleep(20_000) }
            guard let stamp = Self.stamp(path) else { continue }
            // A file that cannot be decoded keeps the flat placeholder's colour, so it is not tried on every visit.
            let made = thumbnails.flatMap { Self.thumbnail(sharing: $0, path: path) } ?? Self.thumbnail(ofFile: path, maxSide: Self.side)
            let thumbnail = made ?? ImageThumbnail(width: 1, height: 1, pixels: [0x3A3F4B])
            let entry = Entry(size: stamp.size, modified: stamp.modified, exifDate: Exif.read(path: path).dateTaken, thumbnail: thumbnail)
            lock.withLock { entries[path] = entry }
        }
        if !paths.isEmpty { save() }
        built.lock()
        building = false
        built.broadcast()
        built.unlock()
    }

    /// Lines of: name relative to the folder, size, modification time, EXIF date taken (`noDate`:
    /// none), width, height, pixels as hex RRGGBB.
    private func save() {
        let snapshot = lock.withLock { entries }
        var text = Self.header + "\n"
        for (path, e) in snapshot.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder + "/") {
            let name = String(path.dropFirst(folder.count + 1))
            let date = e.exifDate ?? Self.noDate
            guard !name.contains("\t"), !name.contains("\n"), !date.contains("\t"), !date.contains("\n") else { continue }
            text += "\(name)\t\(e.size)\t\(e.modified)\t\(date)\t" + Self.fields(of: e.thumbnail) + "\n"
        }
        let folderPath = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            logger.warning("photo index \(file) cannot be written: \(error.localizedDescription) (built again on the next visit)")
        }
    }

    /// The saved index; a malformed line is skipped (indexed again), an unreadable file is none.
    private func load() -> [String: Entry] {
        var loaded: [String: Entry] = [:]
        for line in Self.savedLines(file: file, folder: folder) {
            let fields = line.thumbnail.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { Substring(String(decoding: $0, as: UTF8.self)) }
            guard let thumbnail = Self.thumbnail(fields[...], maxSide: Self.side) else { continue }
            loaded[line.path] = Entry(size: line.stamp.size, modified: line.stamp.modified, exifDate: line.stamp.exifDate, thumbnail: thumbnail)
        }
        return loaded
    }

    /// The lines of the index `file` of `folder`, each as its file's absolute path, its stamp and
    /// its thumbnail's fields uncut (the hex is most of the file: the folder scan needs only the
    /// stamps); a line without a whole stamp is skipped, a missing file or an older index is none.
    private static func savedLines(file: String, folder: String) -> [(path: String, stamp: PhotoFolder.Stamp, thumbnail: ArraySlice<UInt8>)] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else { return [] }
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5 else { return nil }
            let text = fields.prefix(4).map { String(decoding: $0, as: UTF8.self) }
            guard let size = Int(text[1]), let modified = Int(text[2]) else { return nil }
            return (folder + "/" + text[0], PhotoFolder.Stamp(size: size, modified: modified, exifDate: date(Substring(text[3]))), fields[4])
        }
    }

    private static func date(_ field: Substring) -> String? { field == noDate ? nil : String(field) }

    /// The size, modification time and EXIF date of each file in `folder`'s saved index, by absolute
    /// path, for the folder scan (`PhotoFolder.scan(_:known:)`); none for a missing or older index.
    public static func savedStamps(folder: String, cacheFolder: String = PhotoIndex.defaultCacheFolder()) -> [String: PhotoFolder.Stamp] {
        let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        let lines = savedLines(file: cacheFolder + "/" + fileName(for: folder), folder: folder)
        return Dictionary(lines.map { ($0.path, $0.stamp) }) { _, later in later }
    }
}

extension PhotoIndex {
    /// A thumbnail of the file at most `maxSide` px a side (the mean of spread samples of each block,
    /// `PixelOperations.thumbnail`) from a JPEG decoded at 1/8 (or what still covers `maxSide`); nil
    /// when the file cannot be decoded.
    static func thumbnail(ofFile path: String, maxSide: Int) -> ImageThumbnail? {
        let factor = Double(maxSide) / max(1, Double(ImageDecoder.orientedSize(of: path).map { max($0.width, $0.height) } ?? maxSide))
        guard case let .success(image) = ImageDecoder.load(path, factor: factor) else { return nil }
        return PixelOperations.thumbnail(of: image.pixels, maxSide: maxSide)
    }

    /// The colour thumbnail of a photo through the shared cache: from its valid `xx-large` thumbnail
    /// (no JPEG decode), else decoded at the scale that thumbnail needs (3/8 of a 4000 px photo),
    /// which is then written too. Nil for a file outside the photos or one that cannot be decoded
    /// (its failure is recorded).
    static func thumbnail(sharing writer: ThumbnailWriter, path: String) -> ImageThumbnail? {
        guard let cache = writer.cache(for: path) else { return nil }
        let longer = ImageDecoder.orientedSize(of: path).map { max($0.width, $0.height) } ?? ThumbnailCache.Size.xxLarge.rawValue
        let scale = min(1, Double(ThumbnailCache.Size.xxLarge.rawValue) / Double(max(1, longer)))
        let (result, work) = ImageDecoder.decode(ImageDecoder.Job(path: path), scale: scale, thumbnails: cache)
        if let work { writer.perform(work) }
        guard case let .decoded(decoded) = result else { return nil }
        return PixelOperations.thumbnail(of: decoded.pixels, maxSide: side)
    }

    /// An index file's non-empty lines, each cut into its tab-separated fields. Cut in an array of
    /// bytes (a tab or a newline byte is never inside a longer UTF-8 character): splitting the text
    /// Character by Character, or `Data` itself, took 4-5 ms of the first frame for the bundled 79 KB.
    static func tabSeparatedLines(_ data: Data) -> [[Substring]] {
        [UInt8](data).split(separator: UInt8(ascii: "\n")).map { line in
            line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// A thumbnail as an index line's last fields: width, height and the pixels as hex RRGGBB.
    static func fields(of thumbnail: ImageThumbnail) -> String {
        "\(thumbnail.width)\t\(thumbnail.height)\t" + thumbnail.pixels.map { String(format: "%06x", $0) }.joined()
    }

    /// The thumbnail of an index line's last three fields (`fields(of:)`); nil unless they are
    /// well formed and at most `maxSide` a side.
    static func thumbnail(_ fields: ArraySlice<Substring>, maxSide: Int) -> ImageThumbnail? {
        guard fields.count == 3, let w = Int(fields[fields.startIndex]), let h = Int(fields[fields.startIndex + 1]),
              (1...maxSide).contains(w), (1...maxSide).contains(h) else { return nil }
        let hex = Array(fields[fields.startIndex + 2].utf8)
        guard hex.count == w * h * 6 else { return nil }
        var pixels = [UInt32](repeating: 0, count: w * h)
        for i in pixels.indices {
            var value: UInt32 = 0
            for digit in hex[(i * 6)..<(i * 6 + 6)] {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            pixels[i] = value
        }
        return ImageThumbnail(width: w, height: h, pixels: pixels)
    }
}

/// The bundled photos' thumbnails (`Resources/Images/thumbnails.index`, docs/photo-folders.md,
/// "Colour placeholders"), committed with them so that the very first launch shows each photo's
/// colours while it decodes. `theCommittedThumbnailsAreTheBundledPhotosOwn` (PlaceholderTests) fails
/// when a photo no longer matches its line and writes the file again when asked to record.
public struct BundledPhotoIndex: Sendable {
    public static let fileName = "thumbnails.index"
    static let header = "parallax-bundled-thumbnails 1"
    /// Twice the folder index's side: the pager reads the tone under its text from these.
    public static let side = 32

    /// By file name.
    public let thumbnails: [String: ImageThumbnail]

    public init(_ thumbnails: [String: ImageThumbnail]) { self.thumbnails = thumbnails }

    /// Made from the files themselves (the names of those that cannot be decoded are left out).
    public init(folder: String, names: [String]) {
        var made: [String: ImageThumbnail] = [:]
        for name in names { made[name] = PhotoIndex.thumbnail(ofFile: folder + "/" + name, maxSide: Self.side) }
        thumbnails = made
    }

    /// Read from `file`. A missing or unreadable file is an error naming it; a malformed line, one
    /// naming the line (the others are kept).
    public static func load(_ file: String) -> (BundledPhotoIndex, problems: [String]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            return (BundledPhotoIndex([:]), ["\(file): missing: bundled photos show flat placeholders while they decode"])
        }
        let lines = PhotoIndex.tabSeparatedLines(data)
        guard lines.first == [Substring(header)] else {
            return (BundledPhotoIndex([:]), ["\(file): not a thumbnail index (its first line is not \"\(header)\")"])
        }
        var thumbnails: [String: ImageThumbnail] = [:], problems: [String] = []
        for (number, fields) in lines.enumerated().dropFirst() {
            guard fields.count == 4, let thumbnail = PhotoIndex.thumbnail(fields[1...], maxSide: side) else {
                problems.append("\(file):\(number + 1): malformed (name, width, height and hex pixels, tab-separated)")
                continue
            }
            thumbnails[String(fields[0])] = thumbnail
        }
        return (BundledPhotoIndex(thumbnails), problems)
    }

    /// The file's text: a line a photo, by name.
    public var text: String {
        thumbnails.keys.sorted().reduce(Self.header + "\n") { $0 + $1 + "\t" + PhotoIndex.fields(of: thumbnails[$1]!) + "\n" }
    }
}
