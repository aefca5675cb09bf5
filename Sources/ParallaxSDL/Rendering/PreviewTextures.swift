import CSDL2
import ParallaxEngine
import ParallaxPhotos

/// What stands in for a photo while its texture is not ready, as small textures: its quick image
/// (`QuickImage`), else its thumbnail (`PhotoSource.thumbnail(of:)`, made a texture once).
final class PreviewTextures {
    /// 200 at 192x144 is 22 MB: a few screens of cards either way.
    static let maxQuickImages = 200

    private let renderer: OpaquePointer
    /// Thumbnails as textures, by photo; quick images standing in for their photos, at most
    /// `maxQuickImages`, the oldest dropped first.
    private var thumbnails: [PhotoID: OpaquePointer] = [:]
    private var quickImages: [PhotoID: OpaquePointer] = [:]
    private var quickOrder: [PhotoID] = []

    init(renderer: OpaquePointer) { self.renderer = renderer }

    deinit { destroyTextures() }

    /// A static, linearly filtered texture of `width` x `height` 32-bit pixels (B, G, R, X).
    private func smallTexture(width: Int, height: Int, _ pixels: UnsafeRawBufferPointer) -> OpaquePointer? {
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(width), Int32(height)) else { return nil }
        SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(width * 4))
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    /// What stands in for the photo while its texture is not ready: its quick image, else its
    /// thumbnail (made a texture once).
    func texture(of image: PhotoID, thumbnail: () -> ImageThumbnail?) -> OpaquePointer? {
        if let quick = quickImages[image] { return quick }
        if let texture = thumbnails[image] { return texture }
        guard let thumbnail = thumbnail(),
              let texture = thumbnail.pixels.withUnsafeBytes({ smallTexture(width: thumbnail.width, height: thumbnail.height, $0) }) else { return nil }
        thumbnails[image] = texture
        return texture
    }

    func hasQuickImage(_ image: PhotoID) -> Bool { quickImages[image] != nil }

    /// A quick image arrived: it goes up as its photo's placeholder (a few KB).
    func addQuickImage(_ image: PhotoID, pixels: PhotoPixels) {
        guard let texture = pixels.bytes.withUnsafeBytes({ smallTexture(width: pixels.width, height: pixels.height, $0) }) else { return }
        if let old = quickImages.updateValue(texture, forKey: image) {
            SDL_DestroyTexture(old)
        } else {
            quickOrder.append(image)
        }
        while quickOrder.count > Self.maxQuickImages {
            quickImages.removeValue(forKey: quickOrder.removeFirst()).map { SDL_DestroyTexture($0) }
        }
    }

    /// Drops these photos' textures.
    func forget(_ images: Set<PhotoID>) {
        for image in images {
            quickImages.removeValue(forKey: image).map { SDL_DestroyTexture($0) }
            thumbnails.removeValue(forKey: image).map { SDL_DestroyTexture($0) }
        }
        quickOrder.removeAll { images.contains($0) }
    }

    /// Destroys every texture made here, before the renderer goes (`TextureCache.destroyTextures`).
    func destroyTextures() { forget(Set(thumbnails.keys).union(quickImages.keys)) }
}
