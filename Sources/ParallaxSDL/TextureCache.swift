import CSDL2
import CSDL2Image
import Logging
import ParallaxEngine

/// Loads images with SDL2_image into textures for one renderer, on first use, and answers the
/// scenes' size questions. An image that cannot be used is logged once and drawn as a placeholder.
public final class TextureCache: ImageMetrics {
    /// Larger images are refused: a texture that size may not even be creatable.
    public static let maxSide: Int32 = 8192

    struct Entry {
        let texture: OpaquePointer
        let size: Size
    }

    private let renderer: OpaquePointer
    private let folder: String
    private let logger: Logger
    private var entries: [ImageID: Entry] = [:]
    private var failed: Set<ImageID> = []

    public init(renderer: OpaquePointer, imagesFolder: String, logger: Logger) {
        self.renderer = renderer
        self.folder = imagesFolder
        self.logger = logger
    }

    deinit {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
    }

    public func pixelSize(of image: ImageID) -> Size? { entry(for: image)?.size }

    func texture(for image: ImageID) -> OpaquePointer? { entry(for: image)?.texture }

    /// Decodes every image up front, so the first frame (and every capture) shows them all.
    public func preload(_ images: [ImageID]) {
        for image in images { _ = entry(for: image) }
    }

    private func entry(for image: ImageID) -> Entry? {
        if let entry = entries[image] { return entry }
        if failed.contains(image) { return nil }
        do {
            let entry = try load(image)
            entries[image] = entry
            return entry
        } catch {
            failed.insert(image)
            logger.warning("\(error)")
            return nil
        }
    }

    private func load(_ image: ImageID) throws -> Entry {
        let path = folder + "/" + image.name
        guard let surface = IMG_Load(path) else { throw SDLError("image \(path) cannot be loaded") }
        defer { SDL_FreeSurface(surface) }
        let w = surface.pointee.w, h = surface.pointee.h
        guard w > 0, h > 0, w <= Self.maxSide, h <= Self.maxSide else {
            throw SDLError(message: "image \(path) is \(w)x\(h), outside 1...\(Self.maxSide) px a side")
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw SDLError("image \(path): no texture")
        }
        // Photos are scaled on every frame; linear filtering keeps them smooth. (The renderer turns
        // blending on only for translucent draws: SDL's software renderer scales blended blits nearest.)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return Entry(texture: texture, size: Size(width: Double(w), height: Double(h)))
    }
}
