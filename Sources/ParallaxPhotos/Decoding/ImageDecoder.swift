import CTurboJPEG
import Foundation
import ParallaxEngine

/// Decodes one image file to the size it is drawn at: JPEGs through libjpeg-turbo, scaled in the
/// DCT to the smallest of its factors (1/8, 1/4, 3/8, 1/2, ... 1) that still covers that size, then
/// area-averaged down (`PixelOperations.resample`); other formats through SDL2_image
/// (`SDLImageFile`), whole, then resampled. EXIF orientation is applied. Pure work on the calling
/// thread: `DecodeQueue` runs it.
public enum ImageDecoder {
    /// `pixels` is the image resampled by `scale` (nil: at its own size, `imageSize`), less its
    /// first `rowOffset` rows (a shaded image keeps only the rows its quad shows).
    public struct Decoded: Sendable {
        public let pixels: PhotoPixels
        /// The whole image's size, the right way up.
        public let imageSize: Size
        public let scale: Double?
        public let rowOffset: Int
        /// The whole image, small (`thumbnailSide`), for bars' materials (`BackdropBlur`).
        public let thumbnail: ImageThumbnail
        /// What was wrong with a file decoded all the same (a truncated JPEG: grey below what arrived).
        public var damage: String?
        public var origin = Origin.file
    }

    public enum Result: Sendable {
        case decoded(Decoded)
        case failed(String)
    }

    /// A colour laid over the image rows `startRow...endRow` (image pixels), alpha `topAlpha` above
    /// them, linear to `bottomAlpha` at `endRow` (`ImageShade`, placed on one quad's source, which
    /// spans `firstRow..<endRow`: only those rows are kept).
    public struct RowShade: Hashable, Sendable {
        public var color: Color
        public var topAlpha: UInt8
        public var bottomAlpha: UInt8
        public var firstRow: Double
        public var startRow: Double
        public var endRow: Double

        public init(color: Color, topAlpha: UInt8, bottomAlpha: UInt8, firstRow: Double, startRow: Double, endRow: Double) {
            self.color = color; self.topAlpha = topAlpha; self.bottomAlpha = bottomAlpha
            self.firstRow = firstRow; self.startRow = startRow; self.endRow = endRow
        }

        func alpha(atRow y: Double) -> Double {
            let t = endRow > startRow ? min(1, max(0, (y - startRow) / (endRow - startRow))) : (y < startRow ? 0 : 1)
            return Double(topAlpha) + (Double(bottomAlpha) - Double(topAlpha)) * t
        }
    }

    /// One texture's worth: a file, and the shade baked into it if any.
    public struct Job: Hashable, Sendable {
        public var path: String
        public var shade: RowShade?

        public init(path: String, shade: RowShade? = nil) {
            self.path = path
            self.shade = shade
        }
    }

    /// The longer side of a decode's thumbnail (`Decoded.thumbnail`) at most: the whole image
    /// averaged down, small enough to sample on the CPU. Made from the photo's decode (a JPEG's is
    /// DCT-scaled to at least its drawn size, so thumbnails of two decodes differ by a level or two at
    /// most). At 128 a 12 px cell of a bar holds about two texels of a feed photo (1280-2560 px photos
    /// drawn 750 px wide) and one of a header or pager photo.
    static let thumbnailSide = 128

    /// Larger images are refused: a texture that size may not even be creatable.
    static let maxSide = 8192

    /// The image's size the right way up, from its header (and EXIF for a JPEG), without decoding.
    public static func orientedSize(of path: String) -> (width: Int, height: Int)? {
        guard let (w, h) = ImageHeader.dimensions(of: path) else { return nil }
        return Exif.read(path: path).orientation >= 5 ? (h, w) : (w, h)
    }

    /// Where a decode's pixels came from.
    public enum Origin: Equatable, Sendable {
        /// The file itself (a JPEG decoded, a PNG loaded).
        case file
        /// A valid thumbnail of it in the shared cache, of this size.
        case thumbnail(ThumbnailCache.Size)
    }

    /// `job` decoded at `scale`. With `thumbnails` (the shared cache, for the user's photos), the
    /// smallest valid thumbnail that covers the drawn size stands in for the file; without one, the
    /// file is decoded large enough for the thumbnail that would have (the smallest covering size,
    /// else the largest), which is returned to be written, or a failure to be recorded. A file whose
    /// failure is recorded and unchanged since is not decoded again.
    public static func decode(_ job: Job, scale: Double?, thumbnails: ThumbnailCache? = nil) -> (result: Result, thumbnail: ThumbnailCache.Work?) {
        let path = job.path
        let scale = scale.flatMap { $0 > 0 ? $0 : nil }
        let factor = scale ?? 1
        var cached: Loaded?
        // The file as the cache keys it, and the thumbnail its decode is to leave there.
        var source: ThumbnailCache.Source?
        var plan: (size: ThumbnailCache.Size, image: (width: Int, height: Int), dimensions: (width: Int, height: Int))?
        if let thumbnails, !thumbnails.contains(path), let file = ThumbnailCache.Source(path: path) {
            source = file
            // Drawn at a size (not at the file's own, before its size is known): a thumbnail may serve.
            if scale != nil, let (w, h) = orientedSize(of: path), w > 0, h > 0 {
                let drawn = (width: max(1, Int((Double(w) * factor).rounded())), height: max(1, Int((Double(h) * factor).rounded())))
                let covering = ThumbnailCache.sizes(covering: drawn.width, drawn.height, width: w, height: h)
                for size in covering {
                    guard let pixels = thumbnails.read(file, size: size, covering: drawn) else { continue }
                    cached = Loaded(pixels: pixels, imageSize: Size(width: Double(w), height: Double(h)), origin: .thumbnail(size))
                    break
                }
                // Where no size covers the card (a portrait 900 px wide, scale 2), the largest is
                // written, unless it is there already: not rewritten on every decode.
                if cached == nil, covering.first != nil || !thumbnails.hasValid(file, size: .xxLarge) {
                    let size = covering.first ?? .xxLarge
                    plan = (size, (w, h), ThumbnailCache.dimensions(width: w, height: h, size: size))
                }
            }
            if cached == nil, thumbnails.hasFailed(file) {
                return (.failed("image \(path) cannot be decoded (recorded in \(thumbnails.failFolder); tried again once the file changes)"), nil)
            }
        }
        var work: ThumbnailCache.Work?
        let loaded: Loaded
        if let cached {
            loaded = cached
        } else {
            // Decoded large enough for the thumbnail too (a 4000 px photo for a 1024 px one: 3/8, not 1/4).
            let needed = plan.map { plan in
                max(factor, Double(plan.dimensions.width) / Double(plan.image.width), Double(plan.dimensions.height) / Double(plan.image.height))
            } ?? factor
            switch load(path, factor: needed) {
            case let .success(image):
                loaded = image
                // A damaged file is shown as far as it goes, but not kept so for other applications.
                if let source, let plan, image.damage == nil {
                    work = .write(PixelOperations.resample(image.pixels, to: plan.dimensions), of: source, size: plan.size, image: plan.image,
                                  mimeType: image.mimeType)
                }
            case let .failure(failure):
                return (.failed(failure.message), source.map { .failure($0) })
            }
        }
        let imageSize = loaded.imageSize
        // Made from the scaled decode; the backdrop samples it per pixel of the whole image (`imageSize`).
        let thumbnail = PixelOperations.thumbnail(of: loaded.pixels, maxSide: thumbnailSide)
        let target = (width: max(1, Int((imageSize.width * factor).rounded())), height: max(1, Int((imageSize.height * factor).rounded())))
        let resampled = PixelOperations.resample(loaded.pixels, to: target)
        guard let shade = job.shade else {
            return (.decoded(Decoded(pixels: resampled, imageSize: imageSize, scale: scale, rowOffset: 0, thumbnail: thumbnail,
                                     damage: loaded.damage, origin: loaded.origin)), work)
        }
        let first = max(0, min(resampled.height - 1, Int((shade.firstRow * factor).rounded(.down))))
        let end = max(first + 1, min(resampled.height, Int((shade.endRow * factor).rounded(.up))))
        var rows = PixelOperations.crop(resampled, rows: first..<end)
        PixelOperations.apply(shade, to: &rows, scale: factor, firstRow: first)
        return (.decoded(Decoded(pixels: rows, imageSize: imageSize, scale: scale, rowOffset: first, thumbnail: thumbnail,
                                 damage: loaded.damage, origin: loaded.origin)), work)
    }

    struct Failure: Error {
        let message: String
    }

    /// A file's pixels the right way up, the whole image's size, and any damage decoded past.
    struct Loaded {
        let pixels: PhotoPixels
        let imageSize: Size
        var damage: String?
        var origin = Origin.file
        var mimeType = "image/png"
    }

    /// The file's pixels the right way up, at least `factor` times its size (a JPEG) or
    /// whole (other formats), with the whole image's size.
    static func load(_ path: String, factor: Double) -> Swift.Result<Loaded, Failure> {
        if let (w, h) = ImageHeader.dimensions(of: path), w > maxSide || h > maxSide || w < 1 || h < 1 {
            return .failure(Failure(message: "image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side"))
        }
        if let data = FileManager.default.contents(atPath: path), data.count >= 2, data[data.startIndex] == 0xFF, data[data.startIndex + 1] == 0xD8 {
            return jpeg([UInt8](data), path: path, factor: factor)
        }
        return SDLImageFile.load(path).map { Loaded(pixels: $0, imageSize: Size(width: Double($0.width), height: Double($0.height))) }
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

    /// `bytes` (a JPEG) at least `factor` times its size, turned by `orientation` (nil: its own EXIF's).
    static func jpeg(_ bytes: [UInt8], path: String, factor: Double, orientation: Int? = nil)
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
        let orientation = orientation ?? Exif.parse(bytes).orientation
        let dct = dctFactor(width: Int(w), height: Int(h), factor: factor)
        let sw = Int32(scaled(Int(w), dct)), sh = Int32(scaled(Int(h), dct))
        var pixels = PhotoPixels(width: Int(sw), height: Int(sh), format: .xrgb8888)
        // `PhotoPixels` are B, G, R, X in memory: libjpeg-turbo's BGRX.
        let pitch = Int32(pixels.pitch)
        let status = pixels.bytes.withUnsafeMutableBufferPointer { buffer in
            tjDecompress2(handle, bytes, UInt(bytes.count), buffer.baseAddress, sw, pitch, sh, Int32(TJPF_BGRX.rawValue), 0)
        }
        // A warning (a truncated or slightly corrupt file) leaves a picture, grey where data was
        // missing, shown as viewers show it, with a log line.
        var damage: String?
        if status != 0 {
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                return .failure(problem("cannot be decoded"))
            }
            damage = "image \(path) is damaged, shown as far as it decodes: \(String(cString: tjGetErrorStr2(handle)))"
        }
        let upright = PixelOperations.orient(pixels, orientation)
        let size = orientation >= 5 ? Size(width: Double(h), height: Double(w)) : Size(width: Double(w), height: Double(h))
        return .success(Loaded(pixels: upright, imageSize: size, damage: damage, mimeType: "image/jpeg"))
    }
}
