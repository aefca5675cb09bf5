import Foundation

/// A folder of the user's photos for the feed (`--photos`, docs/photo-folders.md): its JPEG and PNG
/// files at any depth, oldest first by the date taken (EXIF DateTimeOriginal, else the file's
/// modification time, local), then by path.
public enum PhotoFolder {
    public struct Item: Sendable, Equatable {
        /// Absolute.
        public let path: String
        /// Relative to the folder: the caption's title.
        public let name: String
        /// "YYYY:MM:DD HH:MM:SS", local time.
        public let dateTaken: String
        /// EXIF said it (false: the file's modification time).
        public let fromExif: Bool

        /// "2024-05-01 14:03", for the caption.
        public var dateText: String {
            let d = Array(dateTaken)
            return String(d[0..<4]) + "-" + String(d[5..<7]) + "-" + String(d[8..<10]) + " " + String(d[11..<16])
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    static let extensions: Set<String> = ["jpg", "jpeg", "png"]

    /// What a file held when it was last read: its size, modification time and EXIF date taken
    /// (nil: it has none), as the colour index keeps them (`PhotoIndex.savedStamps`).
    public struct Stamp: Sendable, Equatable {
        public let size: Int
        public let modified: Int
        public let exifDate: String?

        public init(size: Int, modified: Int, exifDate: String?) {
            self.size = size; self.modified = modified; self.exifDate = exifDate
        }
    }

    /// The folder's images in feed order; a missing folder, a file, or a folder without images is a
    /// `Failure` naming it. Files whose size and modification time are those in `known` (by
    /// absolute path) take their date from it, without reading their EXIF block.
    public static func scan(_ folder: String, known: [String: Stamp] = [:]) throws(Failure) -> [Item] {
        let items = try Scanner(known: known).scan(folder)
        guard !items.isEmpty else { throw Failure(description: "\(folder): no JPEG or PNG files in it") }
        return items
    }

    /// Scans a folder again and again (as it changes, `FolderWatcher`), reading the EXIF block only of
    /// files new or changed since the last scan (size or modification time). One thread at a time.
    public final class Scanner: @unchecked Sendable {
        private var known: [String: (size: Int, modified: Int, item: Item)] = [:]
        /// Stamps from before the first scan (the colour index's, from the last visit), by path: an
        /// unchanged file's date comes from here. Reading every file's EXIF block (128 KB) was the
        /// scan's time before the window opened (docs/photo-folders.md, "The first frame with a
        /// photo, warm").
        private var remembered: [String: Stamp]

        public init(known: [String: Stamp] = [:]) { remembered = known }

        /// Adds stamps from before (`init(known:)`) for the next scan.
        public func remember(_ stamps: [String: Stamp]) { remembered.merge(stamps) { _, new in new } }

        /// The folder's images in feed order (none: an empty list); a missing folder or a file is a `Failure`.
        /// Folders are walked without following symbolic links to folders (a link looping back is
        /// never walked); links to files count. Hidden files and folders (`.name`) are skipped.
        public func scan(_ folder: String) throws(Failure) -> [Item] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
                throw Failure(description: "\(folder): no such folder")
            }
            guard isFolder.boolValue else { throw Failure(description: "\(folder): not a folder") }
            let root = URL(fileURLWithPath: folder).standardizedFileURL.path
            guard let top = try? FileManager.default.contentsOfDirectory(atPath: root) else { throw Failure(description: "\(folder): cannot be read") }
            var items: [Item] = []
            var seen: [String: (size: Int, modified: Int, item: Item)] = [:]
            var folders: [(relative: String, names: [String])] = [("", top)]
            while let (relative, names) = folders.popLast() {
                for name in names where !name.hasPrefix(".") {
                    let inFolder = relative.isEmpty ? name : relative + "/" + name
                    let path = root + "/" + inFolder
                    var link = stat()
                    guard lstat(path, &link) == 0 else { continue }
                    if link.st_mode & S_IFMT == S_IFDIR {
                        if let inner = try? FileManager.default.contentsOfDirectory(atPath: path) { folders.append((inFolder, inner)) }
                        continue
                    }
                    var info = stat()
                    guard extensions.contains((name as NSString).pathExtension.lowercased()), stat(path, &info) == 0,
                          info.st_mode & S_IFMT == S_IFREG else { continue }
                    let size = Int(info.st_size), modified = Int(info.st_mtim.tv_sec)
                    let item: Item
                    if let old = known[path], old.size == size, old.modified == modified, old.item.name == inFolder {
                        item = old.item
                    } else if let stamp = remembered[path], stamp.size == size, stamp.modified == modified {
                        item = Item(path: path, name: inFolder, dateTaken: stamp.exifDate ?? exifText(Date(timeIntervalSince1970: Double(modified))),
                                    fromExif: stamp.exifDate != nil)
                    } else if let date = Exif.read(path: path).dateTaken {
                        item = Item(path: path, name: inFolder, dateTaken: date, fromExif: true)
                    } else {
                        item = Item(path: path, name: inFolder, dateTaken: exifText(Date(timeIntervalSince1970: Double(modified))), fromExif: false)
                    }
                    seen[path] = (size, modified, item)
                    items.append(item)
                }
            }
            known = seen
            remembered = [:]
            return items.sorted { ($0.dateTaken, $0.name) < ($1.dateTaken, $1.name) }
        }

        /// The size and modification time each photo had at the last scan, by path.
        public var stamps: [String: (size: Int, modified: Int)] { known.mapValues { ($0.size, $0.modified) } }
    }

    /// `date` in local time, as EXIF writes dates.
    static func exifText(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
