import CSDL2
import CSDL2Image
import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxPhotos

/// Reading PNG (and JPEG) through SDL2_image; writing PNG through libpng (`PNGEncoder`).
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
        if let source = rgb.pointee.pixels, w > 0 {
            image.bytes.withUnsafeMutableBytes { target in
                // Row by row: the surface's rows may be padded to a multiple of four bytes.
                for y in 0..<h { (target.baseAddress! + y * w * 3).copyMemory(from: source + y * pitch, byteCount: w * 3) }
            }
        }
        self = image
    }

    /// Writes a PNG, creating the folder if needed.
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

    /// The image as PNG bytes, as `savePNG` writes them (`PNGEncoder` in ParallaxPhotos).
    public func pngData() throws -> Data {
        guard let png = PNGEncoder.encode(bytes, width: width, height: height, layout: .rgb) else {
            throw SDLError("cannot encode a \(width)x\(height) image as PNG")
        }
        return png
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
