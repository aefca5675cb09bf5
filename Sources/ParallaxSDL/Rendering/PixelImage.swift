import CSDL2
import CSDL2Image
import Foundation
import ParallaxEngine
import ParallaxFrame

/// Reading and writing PNG (and reading JPEG) through SDL2_image.
extension PixelImage {
    /// Decodes any image SDL2_image reads (PNG, JPEG) into RGB.
    public static func load(path: String) throws -> PixelImage {
        guard let loaded = IMG_Load(path) else { throw SDLError("\(path) cannot be decoded") }
        return try PixelImage(taking: loaded, what: path)
    }

    /// Decodes PNG (or JPEG) bytes through SDL2_image, as `load` does a file.
    public init(pngData data: Data) throws {
        let loaded = data.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap { SDL_RWFromConstMem($0, Int32(buffer.count)) }.flatMap { IMG_Load_RW($0, 1) }
        }
        guard let loaded else { throw SDLError("PNG data (\(data.count) bytes) cannot be decoded") }
        self = try PixelImage(taking: loaded, what: "PNG data")
    }

    /// Converts a decoded surface to RGB and frees it.
    private init(taking loaded: UnsafeMutablePointer<SDL_Surface>, what: String) throws {
        defer { SDL_FreeSurface(loaded) }
        guard let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw SDLError("\(what) cannot be converted to RGB")
        }
        defer { SDL_FreeSurface(rgb) }
        let w = Int(rgb.pointee.w), h = Int(rgb.pointee.h), pitch = Int(rgb.pointee.pitch)
        var image = PixelImage(width: w, height: h)
        let source = rgb.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<(w * 3) { image.bytes[y * w * 3 + x] = source[y * pitch + x] }
        }
        self = image
    }

    /// Writes a PNG (through SDL2_image), creating the folder if needed.
    public func savePNG(path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Encoded whole, then written under a temporary name and renamed: the file appears only
        // complete (a screenshot encoding at nice 19 was there, half written, for seconds).
        let png = try pngData()
        do {
            try png.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SDLError(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The image as PNG bytes, encoded by SDL2_image as `savePNG` writes them.
    public func pngData() throws -> Data {
        // PNG at worst stores the rows uncompressed: 3 bytes a pixel, a filter byte a row, and
        // chunk and block headers, which the slack covers.
        var encoded = Data(count: width * height * 4 + 1024)
        let written: Int = encoded.withUnsafeMutableBytes { buffer in
            guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(buffer.count)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard withSurface({ IMG_SavePNG_RW($0, rw, 0) }) == 0 else { return -1 }
            return Int(SDL_RWtell(rw))
        }
        guard written > 0 else { throw SDLError("cannot encode a \(width)x\(height) image as PNG") }
        return Data(encoded.prefix(written))
    }

    /// Runs `body` with an SDL surface over a copy of the pixels; -1 when none can be made.
    private func withSurface(_ body: (UnsafeMutablePointer<SDL_Surface>) -> Int32) -> Int32 {
        var copy = bytes
        return copy.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3), SDL_PIXELFORMAT_RGB24.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return body(surface)
        }
    }
}

extension Capture {
    /// Runs until the last capture time (and the last scripted event), writing a PNG for each capture
    /// time (`fileName`); returns the paths written.
    public static func run(target: any RenderTarget, driver: SceneDriver, captures: [Double], outputFolder: String, baseName: String,
                           overlay: FrameOverlay? = nil, onFrame: FrameObserver? = nil) throws -> [String] {
        var written: [String] = []
        try frames(target: target, driver: driver, captures: captures, overlay: overlay, onFrame: onFrame) { time, pixels in
            let path = outputFolder + "/" + fileName(base: baseName, time: time)
            try pixels.savePNG(path: path)
            written.append(path)
        }
        return written
    }
}
