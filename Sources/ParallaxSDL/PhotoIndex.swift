import CSDL2
import Foundation
import Logging

/// A folder's photos in small (docs/photo-folders.md, "Colour placeholders"): each file's mean
/// colour and a thumbnail at most 16 px a side, so a cell's first paint is its photo's colours.
/// Built in the background on the first visit, while no decode waits (`DecodeQueue.isIdle`), and
/// kept in `$XDG_CACHE_HOME/parallax` (else `~/.cache/parallax`), one file per folder; a file
/// whose size or modification time changed is indexed again.
public final class PhotoIndex: @unchecked Sendable {
    public struct Entry: Sendable, Equatable {
        let size: Int
        let modified: Int
        public let width: Int
        public let height: Int
        /// 0x00RRGGBB, row by row.
        public let pixels: [UInt32]

        /// The mean of the thumbnail's pixels, 0x00RRGGBB.
        public var meanColor: UInt32 {
            var sums = (0, 0, 0)
            for p in pixels { sums.0 += Int(p >> 16 & 0xFF); sums.1 += Int(p >> 8 & 0xFF); sums.2 += Int(p & 0xFF) }
            let n = max(1, pixels.count)
            return UInt32((sums.0 + n / 2) / n) << 16 | UInt32((sums.1 + n / 2) / n) << 8 | UInt32((sums.2 + n / 2) / n)
        }
    }

    public static let side = 16
    static let header = "parallax-photo-index 1"

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
    public init(folder: String, photos: [String], cacheFolder: String = PhotoIndex.defaultCacheFolder(), logger: Logger,
                canWork: @escaping @Sendable () -> Bool = { true }) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        file = cacheFolder + "/" + Self.fileName(for: self.folder)
        self.logger = logger
        entries = load()
        let missing = photos.filter { path in
            guard let entry = entries[path], let stamp = Self.stamp(path) else { return true }
            return entry.size != stamp.size || entry.modified != stamp.modified
        }
        guard !missing.isEmpty else {
            building = false
            return
        }
        Thread { [self] in build(missing, canWork: canWork) }.start()
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

    private func build(_ paths: [String], canWork: @Sendable () -> Bool) {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        for path in paths {
            while !canWork() { usleep(20_000) }
            guard let stamp = Self.stamp(path) else { continue }
            var entry = Entry(size: stamp.size, modified: stamp.modified, width: 1, height: 1, pixels: [0x3A3F4B])
            // Enough pixels for a 16 px thumbnail: a JPEG decodes at 1/8.
            let factor = Double(Self.side) / max(1, Double(ImageDecoder.orientedSize(of: path).map { max($0.width, $0.height) } ?? Self.side))
            if case let .success(image) = ImageDecoder.load(path, factor: factor) {
                let thumbnail = PixelOperations.thumbnail(of: image.surface, maxSide: Self.side)
                SDL_FreeSurface(image.surface)
                entry = Entry(size: stamp.size, modified: stamp.modified, width: thumbnail.width, height: thumbnail.height,
                              pixels: thumbnail.pixels.map { $0 & 0xFF_FFFF })
            }
            // A file that cannot be decoded keeps the flat placeholder's colour, so it is not tried on every visit.
            lock.withLock { entries[path] = entry }
        }
        save()
        built.lock()
        building = false
        built.broadcast()
        built.unlock()
    }

    /// Lines of: name relative to the folder, size, modification time, width, height, pixels as hex RRGGBB.
    private func save() {
        let snapshot = lock.withLock { entries }
        var text = Self.header + "\n"
        for (path, e) in snapshot.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder + "/") {
            let name = String(path.dropFirst(folder.count + 1))
            guard !name.contains("\t"), !name.contains("\n") else { continue }
            text += "\(name)\t\(e.size)\t\(e.modified)\t\(e.width)\t\(e.height)\t" + e.pixels.map { String(format: "%06x", $0) }.joined() + "\n"
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
        guard let data = FileManager.default.contents(atPath: file) else { return [:] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.header) else { return [:] }
        var loaded: [String: Entry] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let size = Int(fields[1]), let modified = Int(fields[2]), let w = Int(fields[3]), let h = Int(fields[4]),
                  (1...Self.side).contains(w), (1...Self.side).contains(h), fields[5].utf8.count == w * h * 6 else { continue }
            let hex = Array(fields[5].utf8)
            let pixels = (0..<(w * h)).compactMap { UInt32(String(decoding: hex[($0 * 6)..<($0 * 6 + 6)], as: UTF8.self), radix: 16) }
            guard pixels.count == w * h else { continue }
            loaded[folder + "/" + fields[0]] = Entry(size: size, modified: modified, width: w, height: h, pixels: pixels)
        }
        return loaded
    }
}
