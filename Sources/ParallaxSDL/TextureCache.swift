import CSDL2
import Logging
import ParallaxEngine

/// Photos as textures for one renderer. Files decode off the main thread (`ImageDecoder`); the
/// renderer draws a placeholder until an image is ready, then its texture is uploaded here, on the
/// render thread. Textures are kept within a byte budget, least recently used out. An image that
/// cannot be used is logged once and stays a placeholder.
public final class TextureCache: ImageMetrics {
    public enum State: Equatable { case loading, ready, failed }

    public static let defaultBudget = 256 << 20

    struct Entry {
        let texture: OpaquePointer
        let bytes: Int
        var lastUsed: Int
    }

    private let renderer: OpaquePointer
    private let folder: String
    private let logger: Logger
    private let decoder = ImageDecoder()
    public let budget: Int
    /// Headless work decodes an image when first asked for, waiting for it: every frame complete.
    public var decodesSynchronously = false
    private var entries: [ImageID: Entry] = [:]
    /// Sizes outlive evicted textures, so layouts stay put while an image is decoded again.
    private var sizes: [ImageID: Size] = [:]
    private var failed: Set<ImageID> = []
    private var useCounter = 0
    public private(set) var residentBytes = 0

    public init(renderer: OpaquePointer, imagesFolder: String, logger: Logger, budget: Int = TextureCache.defaultBudget) {
        self.renderer = renderer
        self.folder = imagesFolder
        self.logger = logger
        self.budget = budget
    }

    deinit {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
    }

    public func pixelSize(of image: ImageID) -> Size? {
        collect(image)
        return sizes[image]
    }

    public func state(of image: ImageID) -> State {
        collect(image)
        if entries[image] != nil { return .ready }
        return failed.contains(image) ? .failed : .loading
    }

    /// The texture if ready (marking it used), else nil and the decode is under way.
    func texture(for image: ImageID) -> OpaquePointer? {
        collect(image)
        guard var entry = entries[image] else { return nil }
        useCounter += 1
        entry.lastUsed = useCounter
        entries[image] = entry
        return entry.texture
    }

    /// Starts decoding these images in the background.
    public func request(_ images: [ImageID]) {
        for image in images where entries[image] == nil && !failed.contains(image) { decoder.request(path(image)) }
    }

    /// Decodes these images and uploads them before returning (headless capture: every frame complete).
    public func preload(_ images: [ImageID]) {
        request(images)
        decoder.waitForAll()
        for image in images { collect(image) }
    }

    private func path(_ image: ImageID) -> String { folder + "/" + image.name }

    /// Uploads the decode result for `image` if one has arrived, or starts its decode.
    private func collect(_ image: ImageID) {
        guard entries[image] == nil, !failed.contains(image) else { return }
        if decodesSynchronously {
            decoder.request(path(image))
            decoder.waitForAll()
        }
        switch decoder.take(path(image)) {
        case nil:
            decoder.request(path(image))
        case let .failed(message)?:
            failed.insert(image)
            logger.warning("\(message)")
        case let .decoded(surface)?:
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
                failed.insert(image)
                logger.warning("image \(path(image)): no texture: \(String(cString: SDL_GetError()))")
                return
            }
            // Photos are scaled on every frame; linear filtering keeps them smooth. (The renderer turns
            // blending on only for translucent draws: SDL's software renderer scales blended blits nearest.)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
            useCounter += 1
            let entry = Entry(texture: texture, bytes: w * h * 4, lastUsed: useCounter)
            entries[image] = entry
            sizes[image] = Size(width: Double(w), height: Double(h))
            residentBytes += entry.bytes
            evict(keeping: image)
        }
    }

    /// Drops least recently used textures until within the budget (never the one just added).
    private func evict(keeping keep: ImageID) {
        guard residentBytes > budget else { return }
        for (image, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where image != keep {
            SDL_DestroyTexture(entry.texture)
            entries[image] = nil
            residentBytes -= entry.bytes
            if residentBytes <= budget { return }
        }
    }
}
