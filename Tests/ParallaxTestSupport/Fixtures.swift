import CTurboJPEG
import Foundation

// What the test targets share: where the package and its resources are, scratch folders, JPEGs
// made in the test.

public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
public let resourcesFolder = packageRoot.appendingPathComponent("Resources").path

/// The folder a test process keeps its files in: `parallax-tests-<pid>` in the system's temporary
/// folder, removed as the process exits, so a run of the suite leaves nothing behind there. One that
/// an earlier process of the same pid left (it crashed) is emptied first.
public let scratchFolder: URL = {
    let folder = scratchFolder(of: getpid())
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchFolder(of: getpid())) }
    return folder
}()

private func scratchFolder(of process: pid_t) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("parallax-tests-\(process)")
}

/// A new path in `scratchFolder`, not made yet: `name`, a UUID, then `suffix`.
public func scratchURL(_ name: String, suffix: String = "") -> URL {
    scratchFolder.appendingPathComponent("\(name)-\(UUID().uuidString)\(suffix)")
}

/// A new, empty folder in `scratchFolder`, its name beginning with `name`.
public func newScratchFolder(_ name: String) throws -> URL {
    let folder = scratchURL(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// `newScratchFolder`'s path, for a caller that cannot throw: where the folder cannot be made, the
/// path all the same, and what the test writes there fails.
public func temporaryFolder(_ name: String = "folder") -> String {
    (try? newScratchFolder(name))?.path ?? scratchURL(name).path
}

/// A JPEG made here: `width` x `height` pixels from `pixel(x, y)` (0xRRGGBB), with an EXIF block
/// holding `orientation` and `dateTaken` when given (big-endian TIFF, as cameras write).
public func makeJPEG(width: Int, height: Int, orientation: Int? = nil, dateTaken: String? = nil, quality: Int32 = 95,
              pixel: (Int, Int) -> UInt32) -> Data {
    var bgrx = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y), i = (y * width + x) * 4
            bgrx[i] = UInt8(p & 0xFF); bgrx[i + 1] = UInt8(p >> 8 & 0xFF); bgrx[i + 2] = UInt8(p >> 16 & 0xFF)
        }
    }
    let handle = tjInitCompress()!
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(handle, bgrx, Int32(width), 0, Int32(height), Int32(TJPF_BGRX.rawValue), &buffer, &size,
                             Int32(TJSAMP_444.rawValue), quality, 0)
    precondition(status == 0)
    var jpeg = [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
    tjFree(buffer)
    guard orientation != nil || dateTaken != nil else { return Data(jpeg) }
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    // TIFF: header, IFD0 (orientation, pointer to the EXIF IFD), the EXIF IFD (DateTimeOriginal), the date.
    var ifd0: [[UInt8]] = []
    if let orientation { ifd0.append(be16(0x0112) + be16(3) + be32(1) + be16(orientation) + [0, 0]) }
    let ifd0Size = 2 + 12 * (ifd0.count + (dateTaken == nil ? 0 : 1)) + 4
    if dateTaken != nil { ifd0.append(be16(0x8769) + be16(4) + be32(1) + be32(8 + ifd0Size)) }
    var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(ifd0.count) + ifd0.flatMap { $0 } + be32(0)
    if let dateTaken {
        let dateAt = tiff.count + 2 + 12 + 4
        tiff += be16(1) + be16(0x9003) + be16(2) + be32(20) + be32(dateAt) + be32(0) + Array(dateTaken.utf8) + [0]
    }
    let app1: [UInt8] = [0xFF, 0xE1] + be16(2 + 6 + tiff.count) + Array("Exif".utf8) + [0, 0] + tiff
    jpeg.insert(contentsOf: app1, at: 2)
    return Data(jpeg)
}
