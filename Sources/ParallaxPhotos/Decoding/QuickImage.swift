import Foundation

/// A photo in small, ready in a few milliseconds where its full decode cannot be ready when its
/// card comes into view (docs/photo-folders.md, "A photo at entry"): it stands in as the card's
/// placeholder, and the full decode cross-fades over it. From the first that has one: a valid
/// thumbnail of a smaller size in the shared cache, the JPEG's embedded EXIF thumbnail (a few KB),
/// a decode at 1/8 in the DCT.
public enum QuickImage {
    /// Longer side at most: 192x144 is 110 KB of texture, and a 900 px card shows it blurred, not blocky.
    static let maxSide = 192

    public enum Origin: Equatable, Sendable {
        case thumbnailCache
        case exif
        case dct
    }

    struct Made: Sendable {
        let pixels: PhotoPixels
        let origin: Origin
    }

    static func make(path: String, thumbnails: ThumbnailCache?) -> Made? {
        if let thumbnails, let source = ThumbnailCache.Source(path: path) {
            for size in [ThumbnailCache.Size.large, .normal, .xLarge] {
                guard let pixels = thumbnails.read(source, size: size, covering: (1, 1)) else { continue }
                return Made(pixels: shrunk(pixels), origin: .thumbnailCache)
            }
        }
        guard let (w, h) = ImageDecoder.orientedSize(of: path), w > 0, h > 0 else { return nil }
        if let embedded = exifThumbnail(path: path, width: w, height: h) {
            return Made(pixels: shrunk(embedded), origin: .exif)
        }
        guard case let .success(image) = ImageDecoder.load(path, factor: Double(maxSide) / Double(max(w, h))) else { return nil }
        return Made(pixels: shrunk(image.pixels), origin: .dct)
    }

    /// The JPEG's EXIF thumbnail decoded the right way up, if it has one of the photo's shape (some
    /// cameras pad a wide photo's thumbnail to 4:3 with black bars: those are not used).
    static func exifThumbnail(path: String, width: Int, height: Int) -> PhotoPixels? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 128 * 1024)) ?? Data())
        let exif = Exif.parse(head)
        guard let range = exif.thumbnail,
              case let .success(image) = ImageDecoder.jpeg(Array(head[range]), path: path, factor: 1, orientation: exif.orientation) else { return nil }
        let aspect = image.imageSize.width / image.imageSize.height, photo = Double(width) / Double(height)
        guard abs(aspect / photo - 1) < 0.03 else { return nil }
        return image.pixels
    }

    /// `pixels` shrunk to at most `maxSide` a side.
    private static func shrunk(_ pixels: PhotoPixels) -> PhotoPixels {
        let w = pixels.width, h = pixels.height
        let scale = min(1, Double(maxSide) / Double(max(w, h)))
        return PixelOperations.resample(pixels, to: (max(1, Int((Double(w) * scale).rounded())), max(1, Int((Double(h) * scale).rounded()))))
    }
}
