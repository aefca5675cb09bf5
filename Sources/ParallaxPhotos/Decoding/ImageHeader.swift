import Foundation

/// Reads an image's pixel size from its PNG or JPEG header without decoding it, so an oversized
/// file is refused before it costs its full size in memory.
enum ImageHeader {
    /// nil for other formats, or a header too short or malformed to say.
    static func dimensions(of path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
        return png(head) ?? jpeg(head)
    }

    static func png(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 24, Array(b[0..<8]) == signature, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(b, 16, 4), bigEndian(b, 20, 4))
    }

    static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            let length = bigEndian(b, i + 2, 2)
            // Start-of-frame markers carry the size: C0-CF but for C4 (tables), C8 and CC.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian(b, i + 7, 2), bigEndian(b, i + 5, 2))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(b[at + $1]) }
    }
}
