import CSDL2
import CSDL2Image

/// Formats other than JPEG (PNG, GIF, BMP, WebP, ...) through SDL2_image: the one place the photos
/// module uses SDL, and only its surfaces (no SDL_Init, no video). The surface becomes
/// `PhotoPixels` here and is freed before anything else sees it.
enum SDLImageFile {
    /// The file, whole, as 32-bit pixels: ARGB when the image has transparency, else XRGB.
    static func load(_ path: String) -> Result<PhotoPixels, ImageDecoder.Failure> {
        guard let loaded = IMG_Load(path) else {
            return .failure(ImageDecoder.Failure(message: "image \(path) cannot be loaded: \(String(cString: SDL_GetError()))"))
        }
        let w = loaded.pointee.w, h = loaded.pointee.h
        guard w > 0, h > 0, w <= ImageDecoder.maxSide, h <= ImageDecoder.maxSide else {
            SDL_FreeSurface(loaded)
            return .failure(ImageDecoder.Failure(message: "image \(path) is \(w)x\(h), outside 1...\(ImageDecoder.maxSide) px a side"))
        }
        let hasAlpha = loaded.pointee.format.pointee.Amask != 0 || SDL_HasColorKey(loaded) == SDL_TRUE
        let converted = SDL_ConvertSurfaceFormat(loaded, hasAlpha ? SDL_PIXELFORMAT_ARGB8888.rawValue : SDL_PIXELFORMAT_RGB888.rawValue, 0)
        SDL_FreeSurface(loaded)
        guard let converted else {
            return .failure(ImageDecoder.Failure(message: "image \(path) cannot be converted to 32 bits a pixel: \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(converted) }
        return .success(pixels(of: converted, format: hasAlpha ? .argb8888 : .xrgb8888))
    }

    /// A 32-bit surface's rows, copied.
    private static func pixels(of surface: UnsafeMutablePointer<SDL_Surface>, format: PhotoPixels.Format) -> PhotoPixels {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let from = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var pixels = PhotoPixels(width: width, height: height, format: format)
        let row = pixels.pitch
        pixels.bytes.withUnsafeMutableBufferPointer { to in
            for y in 0..<height { (to.baseAddress! + y * row).update(from: from + y * pitch, count: row) }
        }
        return pixels
    }
}
