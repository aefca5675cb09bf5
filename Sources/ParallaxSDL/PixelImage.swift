import CSDL2
import CSDL2Image
import Foundation

/// Decoded 8-bit RGB pixels: what captures are compared by (never PNG bytes).
public struct PixelImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.bytes = bytes ?? [UInt8](repeating: 0, count: width * height * 3)
    }

    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }

    /// Decodes any image SDL2_image reads (PNG, JPEG) into RGB.
    public static func load(path: String) throws -> PixelImage {
        guard let loaded = IMG_Load(path) else { throw SDLError("\(path) cannot be decoded") }
        defer { SDL_FreeSurface(loaded) }
        guard let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw SDLError("\(path) cannot be converted to RGB")
        }
        defer { SDL_FreeSurface(rgb) }
        let w = Int(rgb.pointee.w), h = Int(rgb.pointee.h), pitch = Int(rgb.pointee.pitch)
        var image = PixelImage(width: w, height: h)
        let source = rgb.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<(w * 3) { image.bytes[y * w * 3 + x] = source[y * pitch + x] }
        }
        return image
    }

    /// Writes a PNG (through SDL2_image), creating the folder if needed.
    public func savePNG(path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var copy = bytes
        let status: Int32 = copy.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3), SDL_PIXELFORMAT_RGB24.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard status == 0 else { throw SDLError("cannot write \(path)") }
    }
}
