import CPNG
import Foundation

/// PNG writing through libpng (`CPNG`): the shared cache's thumbnails and every frame written as a
/// PNG (captures, goldens, diffs, screenshots). zlib level 1 and the Sub filter alone, not
/// libpng's defaults (level 6 and a trial of all five filters on every row): 4 to 10 times less
/// time for files 2 to 5 % larger on a frame of the feed (docs/file-formats.md, "PNG files").
public enum PNGEncoder {
    /// How the pixels to encode lie in memory, row after row without padding.
    public enum Layout: Sendable {
        /// Red, green, blue: three bytes a pixel (`PixelImage` in ParallaxFrame).
        case rgb
        /// Blue, green, red and an ignored fourth byte (`PhotoPixels`).
        case bgrx

        var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
    }

    /// `bytes` (`width` x `height` pixels in `layout`) as an 8-bit RGB PNG with these tEXt chunks;
    /// nil if libpng fails.
    public static func encode(_ bytes: [UInt8], width: Int, height: Int, layout: Layout, texts: [(String, String)] = []) -> Data? {
        guard width > 0, height > 0, bytes.count >= width * height * layout.bytesPerPixel else { return nil }
        var keys = texts.map { strdup($0.0) }, values = texts.map { strdup($0.1) }
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            keys.withUnsafeMutableBufferPointer { k in
                values.withUnsafeMutableBufferPointer { v in
                    k.withMemoryRebound(to: UnsafePointer<CChar>?.self) { k in
                        v.withMemoryRebound(to: UnsafePointer<CChar>?.self) { v in
                            cpng_encode(buffer.baseAddress, UInt32(width), UInt32(height), width * layout.bytesPerPixel,
                                        layout == .bgrx ? 1 : 0, k.baseAddress, v.baseAddress, Int32(texts.count), 1, &out, &size)
                        }
                    }
                }
            }
        }
        defer { free(out) }
        guard status == 0, let out else { return nil }
        return Data(bytes: out, count: size)
    }
}
