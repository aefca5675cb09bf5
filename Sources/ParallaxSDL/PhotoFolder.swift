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

    /// The folder's images in feed order; a missing folder, a file, or a folder without images is a
    /// `Failure` naming it.
    public static func scan(_ folder: String) throws(Failure) -> [Item] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw Failure(description: "\(folder): no such folder")
        }
        guard isFolder.boolValue else { throw Failure(description: "\(folder): not a folder") }
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(atPath: root) else { throw Failure(description: "\(folder): cannot be read") }
        var items: [Item] = []
        while let relative = walk.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            if let date = Exif.read(path: path).dateTaken {
                items.append(Item(path: path, name: relative, dateTaken: date, fromExif: true))
            } else {
                let modified = (attributes[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
                items.append(Item(path: path, name: relative, dateTaken: exifText(modified), fromExif: false))
            }
        }
        guard !items.isEmpty else { throw Failure(description: "\(folder): no JPEG or PNG files in it") }
        return items.sorted { ($0.dateTaken, $0.name) < ($1.dateTaken, $1.name) }
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
