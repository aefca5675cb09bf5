import Foundation

/// What a camera JPEG's EXIF block (its APP1 segment) says about showing it: which way up it is and
/// when it was taken. Read from the file's first 128 KB (APP1 is at most 64 KB, near the start);
/// anything malformed reads as "not said".
struct Exif: Equatable {
    /// EXIF orientation, 1...8 (1: as stored; 6: turn 90° clockwise to show; ...).
    var orientation = 1
    /// DateTimeOriginal as the camera wrote it, "YYYY:MM:DD HH:MM:SS" (local time, no zone).
    var dateTaken: String?
    /// The small JPEG cameras embed for previews (IFD1's JPEGInterchangeFormat and its length), stored
    /// the same way round as the photo: its bytes' range in the bytes parsed.
    var thumbnail: Range<Int>?

    static func read(path: String) -> Exif {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Exif() }
        defer { try? handle.close() }
        return parse([UInt8]((try? handle.read(upToCount: 128 * 1024)) ?? Data()))
    }

    /// Parses a JPEG's start: walks the markers up to the first scan, reading the "Exif" APP1.
    static func parse(_ b: [UInt8]) -> Exif {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return Exif() }
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }  // start of scan, end of image
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { break }
            let body = i + 4, end = min(b.count, i + 2 + length)
            if marker == 0xE1, end - body > 14, Array(b[body..<body + 6]) == Array("Exif\0\0".utf8) {
                var exif = tiff(Array(b[(body + 6)..<end]))
                exif.thumbnail = exif.thumbnail.map { ($0.lowerBound + body + 6)..<($0.upperBound + body + 6) }
                return exif
            }
            i += 2 + length
        }
        return Exif()
    }

    /// The TIFF structure inside APP1: IFD0's Orientation (0x0112), and DateTimeOriginal (0x9003)
    /// in the EXIF IFD that IFD0's tag 0x8769 points to.
    private static func tiff(_ t: [UInt8]) -> Exif {
        guard t.count >= 8 else { return Exif() }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return Exif()
        }
        func value(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= t.count else { return nil }
            return (0..<size).reduce(0) { acc, k in acc | Int(t[at + k]) << (8 * (little ? k : size - 1 - k)) }
        }
        /// The entries of the IFD at `offset`: tag, type, count, and where the value (or its offset) is.
        func entries(_ offset: Int) -> [(tag: Int, type: Int, count: Int, at: Int)] {
            guard let n = value(offset, 2), n < 1000 else { return [] }
            return (0..<n).compactMap { k in
                let e = offset + 2 + 12 * k
                guard let tag = value(e, 2), let type = value(e + 2, 2), let count = value(e + 4, 4) else { return nil }
                return (tag, type, count, e + 8)
            }
        }
        var exif = Exif()
        guard let ifd0 = value(4, 4) else { return exif }
        let first = entries(ifd0)
        // IFD1, after IFD0's entries: the thumbnail's offset (0x0201) and length (0x0202), within the block.
        if let count = value(ifd0, 2), let ifd1 = value(ifd0 + 2 + 12 * count, 4), ifd1 > 0 {
            let tags = Dictionary(entries(ifd1).map { ($0.tag, $0.at) }, uniquingKeysWith: { a, _ in a })
            if let at = tags[0x0201].flatMap({ value($0, 4) }), let length = tags[0x0202].flatMap({ value($0, 4) }),
               length > 0, at > 0, at + length <= t.count {
                exif.thumbnail = at..<(at + length)
            }
        }
        for entry in first {
            if entry.tag == 0x0112, entry.type == 3, let o = value(entry.at, 2), (1...8).contains(o) { exif.orientation = o }
            if entry.tag == 0x8769, let sub = value(entry.at, 4) {
                for inner in entries(sub) where inner.tag == 0x9003 && inner.type == 2 && inner.count >= 19 {
                    guard let start = value(inner.at, 4), start + 19 <= t.count else { continue }
                    let text = String(decoding: t[start..<start + 19], as: UTF8.self)
                    if isDate(text) { exif.dateTaken = text }
                }
            }
        }
        return exif
    }

    /// "YYYY:MM:DD HH:MM:SS" with digits where digits go (cameras write blanks or zeros when unset).
    static func isDate(_ s: String) -> Bool {
        let chars = Array(s.utf8)
        guard chars.count == 19, !s.hasPrefix("0000") else { return false }
        return chars.enumerated().allSatisfy { i, c in
            switch i {
            case 4, 7: c == UInt8(ascii: ":")
            case 10: c == UInt8(ascii: " ")
            case 13, 16: c == UInt8(ascii: ":")
            default: (48...57).contains(c)
            }
        }
    }
}
