import Foundation

// Photos made in the test for the decoding tests of both the photos and the SDL targets.

/// A 48x32 picture, upright: four quadrants red, green, blue, white (clockwise from the top left),
/// with a black 8x8 mark in the top-left corner.
public func uprightPattern(_ x: Int, _ y: Int) -> UInt32 {
    if x < 8 && y < 8 { return 0x000000 }
    switch (x < 24, y < 16) {
    case (true, true): return 0xFF0000
    case (false, true): return 0x00FF00
    case (false, false): return 0x0000FF
    default: return 0xFFFFFF
    }
}

/// The stored picture for EXIF `orientation` whose upright view is `uprightPattern`, from the EXIF
/// definitions of where the stored 0th row and 0th column are seen: 2: row at the top, column on the
/// right; 3: bottom, right; 4: bottom, left; 5: row on the left, column at the top; 6: right, top;
/// 7: right, bottom; 8: left, bottom. Stored sizes: w x h for 1-4, h x w for 5-8.
public func stored(_ orientation: Int, width w: Int, height h: Int) -> (Int, Int) -> UInt32 {
    { x, y in
        switch orientation {
        case 2: return uprightPattern(w - 1 - x, y)
        case 3: return uprightPattern(w - 1 - x, h - 1 - y)
        case 4: return uprightPattern(x, h - 1 - y)
        case 5: return uprightPattern(y, x)
        case 6: return uprightPattern(w - 1 - y, x)
        case 7: return uprightPattern(w - 1 - y, h - 1 - x)
        case 8: return uprightPattern(y, h - 1 - x)
        default: return uprightPattern(x, y)
        }
    }
}

/// `uprightPattern` (48x32) stored for EXIF `orientation`, as `orientation-N.jpg` in a new folder
/// (taken on June N, 2024): its path.
public func writeOrientedPhoto(_ orientation: Int) -> String {
    let (w, h) = (48, 32)
    let (sw, sh) = orientation >= 5 ? (h, w) : (w, h)
    let path = temporaryFolder() + "/orientation-\(orientation).jpg"
    _ = FileManager.default.createFile(atPath: path, contents: makeJPEG(width: sw, height: sh, orientation: orientation,
                                                                       dateTaken: "2024:06:0\(orientation) 12:00:00",
                                                                       pixel: stored(orientation, width: w, height: h)))
    return path
}

/// `jpeg` with an EXIF block (big-endian TIFF) whose IFD0 holds `orientation` and whose IFD1 points
/// at `thumbnail` (JPEGInterchangeFormat 0x0201 and its length 0x0202), as cameras write them.
public func withExifThumbnail(_ jpeg: Data, thumbnail: Data, orientation: Int = 1) -> Data {
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    // Header (8), IFD0 at 8 (2 + 12 + 4 = 18), IFD1 at 26 (2 + 24 + 4 = 30), the thumbnail at 56.
    var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8)
    tiff += be16(1) + be16(0x0112) + be16(3) + be32(1) + be16(orientation) + [0, 0] + be32(26)
    tiff += be16(2) + be16(0x0201) + be16(4) + be32(1) + be32(56) + be16(0x0202) + be16(4) + be32(1) + be32(thumbnail.count) + be32(0)
    tiff += [UInt8](thumbnail)
    var bytes = [UInt8](jpeg)
    bytes.insert(contentsOf: [0xFF, 0xE1] + be16(2 + 6 + tiff.count) + Array("Exif".utf8) + [0, 0] + tiff, at: 2)
    return Data(bytes)
}

/// A `main`-coloured 640x480 photo with a `thumbnail`-coloured 160x120 EXIF thumbnail, in a new
/// folder: which colour shows says where a picture came from.
public func photoWithExifThumbnail(main: UInt32, thumbnail: UInt32) -> String {
    let path = temporaryFolder() + "/camera.jpg"
    let photo = makeJPEG(width: 640, height: 480) { _, _ in main }
    _ = FileManager.default.createFile(atPath: path, contents: withExifThumbnail(photo, thumbnail: makeJPEG(width: 160, height: 120) { _, _ in thumbnail }))
    return path
}

/// Whether `p` is `colour` (0xRRGGBB) give or take `tolerance` a channel.
public func isClose(_ p: (r: UInt8, g: UInt8, b: UInt8), _ colour: UInt32, within tolerance: Int = 24) -> Bool {
    abs(Int(p.r) - Int(colour >> 16 & 0xFF)) <= tolerance && abs(Int(p.g) - Int(colour >> 8 & 0xFF)) <= tolerance
        && abs(Int(p.b) - Int(colour & 0xFF)) <= tolerance
}
