import CSDL2
import CSDL2Image
import CTurboJPEG
import Foundation
import ParallaxEngine

/// Decodes one image file to the size it is drawn at: JPEGs through libjpeg-turbo, scaled in the
/// DCT to the smallest of its factors (1/8, 1/4, 3/8, 1/2, ... 1) that still covers that size, then
/// area-averaged down (`PixelOperations.resample`); other formats through SDL2_image, whole, then
/// resampled. EXIF orientation is applied. Pure work on the calling thread: `DecodeQueue` runs it.
enum ImageDecoder {
    /// `surface` is the image resampled by `scale` (nil: at its own size, `imageSize`), less its
    /// first `rowOffset` rows (a shaded image keeps only the rows its quad shows).
    struct Decoded {
        let surface: UnsafeMutablePointer<SDL_Surface>
        /// The whole image's size, the right way up.
        let imageSize: Size
        let scale: Double?
        let rowOffset: Int
        /// The whole image, small, for bars' materials (`BackdropBlur`).
        let thumbnail: Thumbnail
        /// What was wrong with a file decoded all the same (a truncated JPEG: grey below what arrived).
        var damage: String?
    }

    enum Result {
        case decoded(Decoded)
        case failed(String)
    }

    /// A colour laid over the image rows `startRow...endRow` (image pixels), alpha `topAlpha` above
    /// them, linear to `bottomAlpha` at `endRow` (`ImageShade`, placed on one quad's source, which
    /// spans `firstRow..<endRow`: only those rows are kept).
    struct RowShade: Hashable, Sendable {
        var color: Color
        var topAlpha: UInt8
        var bottomAlpha: UInt8
        var firstRow: Double
        var startRow: Double
        var endRow: Double

        func alpha(atRow y: Double) -> Double {
            let t = endRow > startRow ? min(1, max(0, (y - startRow) / (endRow - startRow))) : (y < startRow ? 0 : 1)
            return Double(topAlpha) + (Double(bottomAlpha) - Double(topAlpha)) * t
        }
    }

    /// One texture's worth: a file, and the shade baked into it if any.
    struct Job: Hashable, Sendable {
        var path: String
        var shade: RowShade?
    }

    /// Larger images are refused: a texture that size may not even be creatable.
    static let maxSide: Int32 = 8192

    /// The image's size the right way up, from its header (and EXIF for a JPEG), without decoding.
    static func orientedSize(of path: String) -> (width: Int, height: Int)? {
        guard let (w, h) = ImageHeader.dimensions(of: path) else { return nil }
        return Exif.read(path: path).orientation >= 5 ? (h, w) : (w, h)
    }

    static func decode(_ job: Job, scale: Double?) -> Result {
        let path = job.path
        let scale = scale.flatMap { $0 > 0 ? $0 : nil }
        let factor = scale ?? 1
        let loaded: Loaded
        switch load(path, factor: factor) {
        case let .success(image): loaded = image
        case let .failure(failure): return .failed(failure.message)
        }
        let imageSize = loaded.imageSize
        // Made from the scaled decode; its scales are per pixel of the whole image, as the backdrop samples it.
        let small = PixelOperations.thumbnail(of: loaded.surface)
        let thumbnail = Thumbnail(width: small.width, height: small.height, pixels: small.pixels,
                                  scaleX: Double(small.width) / imageSize.width, scaleY: Double(small.height) / imageSize.height)
        let target = (w: max(1, Int32((imageSize.width * factor).rounded())), h: max(1, Int32((imageSize.height * factor).rounded())))
        guard let resampled = PixelOperations.resample(loaded.surface, to: target) else {
            return .failed("image \(path) cannot be resampled to \(target.w)x\(target.h): \(String(cString: SDL_GetError()))")
        }
        guard let shade = job.shade else {
            return .decoded(Decoded(surface: resampled, imageSize: imageSize, scale: scale, rowOffset: 0, thumbnail: thumbnail, damage: loaded.damage))
        }
        let first = max(0, min(Int(resampled.pointee.h) - 1, Int((shade.firstRow * factor).rounded(.down))))
        let end = max(first + 1, min(Int(resampled.pointee.h), Int((shade.endRow * factor).rounded(.up))))
        guard let rows = PixelOperations.crop(resampled, rows: first..<end) else {
            return .failed("image \(path): out of memory cropping it: \(String(cString: SDL_GetError()))")
        }
        PixelOperations.apply(shade, to: rows, scale: factor, firstRow: first)
        return .decoded(Decoded(surface: rows, imageSize: imageSize, scale: scale, rowOffset: first, thumbnail: thumbnail, damage: loaded.damage))
    }

    struct Failure: Error {
        let message: String
    }

    /// A file's pixels the right way up, the whole image's size, and any damage decoded past.
    struct Loaded {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let imageSize: Size
        var damage: String?
    }

    /// The file as a 32-bit surface the right way up, at least `factor` times its size (a JPEG) or
    /// whole (other formats), with the whole image's size.
    static func load(_ path: String, factor: Double) -> Swift.Result<Loaded, Failure> {
        if let (w, h) = ImageHeader.dimensions(of: path), w > maxSide || h > maxSide || w < 1 || h < 1 {
            return .failure(Failure(message: "image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side"))
        }
        if let data = FileManager.default.contents(atPath: path), data.count >= 2, data[data.startIndex] == 0xFF, data[data.startIndex + 1] == 0xD8 {
            return jpeg([UInt8](data), path: path, factor: factor)
        }
        guard let loaded = IMG_Load(path) else {
            return .failure(Failure(message: "image \(path) cannot be loaded: \(String(cString: SDL_GetError()))"))
        }
        let w = loaded.pointee.w, h = loaded.pointee.h
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            SDL_FreeSurface(loaded)
            return .failure(Failure(message: "image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side"))
        }
        guard let surface = PixelOperations.thirtyTwoBit(loaded) else {
            return .failure(Failure(message: "image \(path) cannot be converted to 32 bits a pixel: \(String(cString: SDL_GetError()))"))
        }
        return .success(Loaded(surface: surface, imageSize: Size(width: Double(w), height: Double(h))))
    }

    /// libjpeg-turbo's DCT scaling factors no larger than 1, smallest first.
    static let scalingFactors: [tjscalingfactor] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [tjscalingfactor(num: 1, denom: 1)] }
        return (0..<Int(count)).map { factors[$0] }.filter { $0.num <= $0.denom }
            .sorted { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
    }()

    /// `dimension` scaled by `factor`, rounded up as libjpeg-turbo's TJSCALED does.
    static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    /// The smallest DCT factor whose decode of a `width` x `height` JPEG is at least
    /// `ceil(width * factor)` x `ceil(height * factor)`.
    static func dctFactor(width: Int, height: Int, factor: Double) -> tjscalingfactor {
        let needW = Int((Double(width) * factor).rounded(.up)), needH = Int((Double(height) * factor).rounded(.up))
        return scalingFactors.first { scaled(width, $0) >= needW && scaled(height, $0) >= needH } ?? tjscalingfactor(num: 1, denom: 1)
    }

    private static func jpeg(_ bytes: [UInt8], path: String, factor: Double)
        -> Swift.Result<Loaded, Failure> {
        guard let handle = tjInitDecompress() else { return .failure(Failure(message: "image \(path): libjpeg-turbo cannot start")) }
        defer { tjDestroy(handle) }
        func problem(_ what: String) -> Failure {
            Failure(message: "image \(path) \(what): \(String(cString: tjGetErrorStr2(handle)))")
        }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0 else {
            return .failure(problem("is not a readable JPEG"))
        }
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            return .failure(Failure(message: "image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side"))
        }
        let orientation = Exif.parse(bytes).orientation
        let dct = dctFactor(width: Int(w), height: Int(h), factor: factor)
        let sw = Int32(scaled(Int(w), dct)), sh = Int32(scaled(Int(h), dct))
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_RGB888.rawValue) else {
            return .failure(Failure(message: "image \(path): out of memory for \(sw)x\(sh): \(String(cString: SDL_GetError()))"))
        }
        // XRGB8888 in memory (little endian) is B, G, R, X: libjpeg-turbo's BGRX.
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                                   sw, surface.pointee.pitch, sh, Int32(TJPF_BGRX.rawValue), 0)
        // A warning (a truncated or slightly corrupt file) leaves a picture, grey where data was
        // missing, shown as viewers show it, with a log line.
        var damage: String?
        if status != 0 {
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                SDL_FreeSurface(surface)
                return .failure(problem("cannot be decoded"))
            }
            damage = "image \(path) is damaged, shown as far as it decodes: \(String(cString: tjGetErrorStr2(handle)))"
        }
        guard let upright = PixelOperations.orient(surface, orientation) else {
            return .failure(Failure(message: "image \(path): out of memory turning it: \(String(cString: SDL_GetError()))"))
        }
        let size = orientation >= 5 ? Size(width: Double(h), height: Double(w)) : Size(width: Double(w), height: Double(h))
        return .success(Loaded(surface: upright, imageSize: size, damage: damage))
    }
}
