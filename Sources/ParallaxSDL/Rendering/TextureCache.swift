import CSDL2
import ParallaxEngine
import ParallaxPhotos

/// Photos as textures for one renderer, by photo and the shade baked into it: uploads within a
/// per-frame budget, the least recently shown out past a byte budget, and the fade of a photo that
/// arrives after its placeholder was shown. It is handed pixels (`startUpload`) and knows nothing of
/// files or decodes (`PhotoTextures` joins it to a `PhotoSource`).
public final class TextureCache {
    public static let defaultBudget = 256 << 20

    /// For a folder's photos, the default budget: what `screensOfTextures` screens of `pixels` (the
    /// window's device pixels) hold, a few screens of cards ahead and behind, at least 32 MB. At
    /// 1280x800 that is 49 MB, some 18 feed cards; cards further away are decoded again when they
    /// come back, from the shared thumbnail cache once it has them.
    public static func budget(forScreen pixels: Size) -> Int {
        max(32 << 20, Int(pixels.width * pixels.height) * 4 * screensOfTextures)
    }

    public static let screensOfTextures = 12

    /// A texture's photo and the shade baked into it (`ImageShade`); most photos have only the unshaded one.
    public struct Key: Hashable {
        public var image: PhotoID
        public var shade: ImageDecoder.RowShade?
        public init(_ image: PhotoID, shade: ImageDecoder.RowShade? = nil) { self.image = image; self.shade = shade }
    }

    /// `texture` holds the image resampled by `scale` (texture pixels per image pixel) from row `rowOffset` on.
    public typealias Drawable = (texture: OpaquePointer, scale: Double, rowOffset: Int)

    struct Entry {
        let texture: OpaquePointer
        let bytes: Int
        let scale: Double
        let rowOffset: Int
        /// Made for a scale it was drawn at (not at the file's own size, before any drawing).
        let fitted: Bool
        var lastUsed: Int
        /// Another scale it is drawn at, and in how many frames in a row (drawn or kept).
        var wanted: (scale: Double, frames: Int)?
    }

    /// How far the drawn scale may drift from the texture's before it is made again: within it a
    /// frame resamples slightly rather than decode on every step of a resize or a stretch.
    static let rescaleTolerance = 0.01
    /// Frames in a row showing one new scale, drawn or kept (half a second at 60 fps), before a
    /// fitted texture is made again: a stretch or a live resize changes the scale every frame, and a
    /// pull held for a moment is let go again; decoding and uploading each would cost more frames
    /// than it saves. Once the scale settles, one decode.
    static let settleFrames = 30
    /// Seconds a photo that arrives after its placeholder was shown takes to fade in over it.
    static let fadeSeconds = 0.2
    /// Texels a frame uploads at most while the window runs: one feed card (900x675) a frame. A
    /// 1280x800 photo at once took 4-5 ms of a frame on llvmpipe, which made frames late; in bands it
    /// goes up over two frames. At 256,000 a card took three frames, and at 8,000 px/s 5 % more cards
    /// came into view as placeholders (docs/photo-folders.md, "Prefetch"). Headless frames upload whole.
    static let uploadBudget = 640_000
    let renderer: OpaquePointer
    /// Bytes of texture pixels kept at most (`--cache-mb`); a single texture larger than it is kept alone.
    public var budget: Int
    public private(set) var residentBytes = 0
    /// By photo, then by shade.
    private var entries: [PhotoID: [ImageDecoder.RowShade?: Entry]] = [:]
    /// Uploads under way, band by band: the texture, the pixels (freed once up), the rows done.
    private var staging: [Key: (texture: OpaquePointer, pixels: PhotoPixels, scale: Double?, rowOffset: Int, rows: Int32)] = [:]
    private var uploadedThisFrame = 0
    private var useCounter = 0
    /// The time of the frame being drawn (`DisplayList.time`), and the seconds from the frame before
    /// (a frame at 60 Hz until two have been drawn); uploads go up one budget a frame.
    private var frameTime = 0.0
    private(set) var frameInterval = 1.0 / 60
    /// Photos drawn as placeholders, and the frame time at which each of those became ready (its fade's start).
    private(set) var waiting: Set<PhotoID> = []
    private var fadeStart: [PhotoID: Double] = [:]

    public init(renderer: OpaquePointer, budget: Int = TextureCache.defaultBudget) {
        self.renderer = renderer
        self.budget = budget
    }

    deinit { destroyTextures() }

    /// Destroys every texture made here; the renderer's owner calls it before the renderer goes
    /// (`Canvas`), as SDL_DestroyRenderer frees them all and a later destroy would touch freed memory.
    func destroyTextures() {
        forget(Set(entries.keys).union(staging.keys.map(\.image)))
        residentBytes = 0
    }

    /// A new frame, for `time`: its upload budget starts afresh.
    func beginFrame(time: Double) {
        uploadedThisFrame = 0
        if time > frameTime, time - frameTime <= 0.1 { frameInterval = time - frameTime }
        frameTime = time
    }

    func has(_ key: Key) -> Bool { entries[key.image]?[key.shade] != nil }
    /// `key`'s texture if it has one, without marking it used.
    func resident(_ key: Key) -> OpaquePointer? { entries[key.image]?[key.shade]?.texture }
    /// A texture of the photo, plain or shaded, is ready.
    func residentKey(of image: PhotoID) -> Key? { entries[image]?.keys.first.map { Key(image, shade: $0) } }
    func isUploading(_ key: Key) -> Bool { staging[key] != nil }
    var uploading: [Key] { Array(staging.keys) }

    /// Notes a frame, drawn or kept, showing `key`'s texture at `drawnScale`; true when it should be
    /// made again at that scale: at once if it was not made for a drawn scale, else once the scale
    /// has settled.
    func wantsRescale(_ key: Key, drawnScale: Double?) -> Bool {
        guard var entry = entries[key.image]?[key.shade] else { return false }
        defer { entries[key.image]?[key.shade] = entry }
        guard let drawnScale, drawnScale.isFinite, drawnScale > 0, abs(drawnScale / entry.scale - 1) > Self.rescaleTolerance else {
            entry.wanted = nil
            return false
        }
        if let wanted = entry.wanted, abs(drawnScale / wanted.scale - 1) <= Self.rescaleTolerance {
            entry.wanted = (drawnScale, wanted.frames + 1)
        } else {
            entry.wanted = (drawnScale, 1)
        }
        return !entry.fitted || entry.wanted!.frames >= Self.settleFrames
    }

    /// The texture for `key` if ready, marked used.
    func use(_ key: Key) -> Drawable? {
        guard var entry = entries[key.image]?[key.shade] else { return nil }
        useCounter += 1
        entry.lastUsed = useCounter
        entries[key.image]?[key.shade] = entry
        return (entry.texture, entry.scale, entry.rowOffset)
    }

    /// Starts uploading `pixels` (an image resampled by `scale`, nil: at its own size, less its first
    /// `rowOffset` rows) as `key`'s texture; they are let go once up. False when no texture can be made.
    func startUpload(_ key: Key, pixels: PhotoPixels, scale: Double?, rowOffset: Int) -> Bool {
        guard let texture = SDL_CreateTexture(renderer, pixels.format.sdlFormat, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(pixels.width), Int32(pixels.height)) else {
            return false
        }
        // Sub-pixel offsets and the frames between a resize and the decode at the new size
        // resample; linear filtering keeps them smooth. (The renderer turns blending on only for
        // translucent draws: SDL's software renderer scales blended blits nearest.)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        staging[key] = (texture, pixels, scale, rowOffset, 0)
        return true
    }

    /// Uploads as much of `key`'s upload under way as this frame's budget allows (all of it when
    /// `whole`); once all of it is up, it is `key`'s texture. False while rows are left.
    @discardableResult
    func continueUpload(_ key: Key, whole: Bool = false) -> Bool {
        guard var stage = staging[key] else { return false }
        let w = Int32(stage.pixels.width), h = Int32(stage.pixels.height), pitch = Int32(stage.pixels.pitch)
        let rows = whole ? h - stage.rows
            : min(h - stage.rows, Int32(clamping: max(0, Self.uploadBudget - uploadedThisFrame) / max(1, Int(w))))
        if rows > 0 {
            var band = SDL_Rect(x: 0, y: stage.rows, w: w, h: rows)
            stage.pixels.bytes.withUnsafeBytes { bytes in
                _ = SDL_UpdateTexture(stage.texture, &band, bytes.baseAddress! + Int(stage.rows) * Int(pitch), pitch)
            }
            uploadedThisFrame += Int(rows) * Int(w)
            stage.rows += rows
        }
        guard stage.rows == h else {
            staging[key] = stage
            return false
        }
        staging[key] = nil
        if let old = entries[key.image]?.removeValue(forKey: key.shade) {
            SDL_DestroyTexture(old.texture)
            residentBytes -= old.bytes
        }
        useCounter += 1
        let entry = Entry(texture: stage.texture, bytes: Int(w) * Int(h) * 4, scale: stage.scale ?? 1, rowOffset: stage.rowOffset,
                          fitted: stage.scale != nil, lastUsed: useCounter)
        entries[key.image, default: [:]][key.shade] = entry
        if waiting.remove(key.image) != nil { fadeStart[key.image] = frameTime }
        residentBytes += entry.bytes
        evict(keeping: key)
        return true
    }

    /// Drops least recently used textures until within the budget (never the one just added).
    private func evict(keeping keep: Key) {
        guard residentBytes > budget else { return }
        let byUse = entries.flatMap { image, shades in shades.map { (Key(image, shade: $0.key), $0.value) } }.sorted { $0.1.lastUsed < $1.1.lastUsed }
        for (key, entry) in byUse where key != keep {
            SDL_DestroyTexture(entry.texture)
            entries[key.image]?[key.shade] = nil
            if entries[key.image]?.isEmpty == true { entries[key.image] = nil }
            residentBytes -= entry.bytes
            if residentBytes <= budget { return }
        }
    }

    /// The photo was drawn as a placeholder: once its texture is up, it fades in.
    func drewPlaceholder(_ image: PhotoID) { waiting.insert(image) }

    /// The opacity of a photo `elapsed` seconds after it became ready over its placeholder, closed
    /// form in time so the fade looks the same at any frame rate: u = elapsed / `fadeSeconds`
    /// clamped to 0...1, eased as u^2 (3 - 2u) (leaves and lands softly, as `MotionEase`).
    static func fadeOpacity(elapsed: Double) -> Double {
        let u = min(1, max(0, elapsed / fadeSeconds))
        return u * u * (3 - 2 * u)
    }

    /// How far a photo that arrived after its placeholder was drawn has faded in at this frame's
    /// time (0...1), or nil when it shows fully.
    func fadeIn(of image: PhotoID) -> Double? {
        guard let start = fadeStart[image] else { return nil }
        // Time that went back (another run on this target) starts the fade again.
        if frameTime < start { fadeStart[image] = frameTime }
        let elapsed = frameTime - min(start, frameTime)
        if elapsed >= Self.fadeSeconds { fadeStart[image] = nil; return nil }
        return Self.fadeOpacity(elapsed: elapsed)
    }

    /// Drops every texture of these photos, and their uploads under way.
    func forget(_ images: Set<PhotoID>) {
        for image in images {
            for entry in entries.removeValue(forKey: image).map({ Array($0.values) }) ?? [] {
                SDL_DestroyTexture(entry.texture)
                residentBytes -= entry.bytes
            }
            fadeStart[image] = nil
        }
        for (key, stage) in staging where images.contains(key.image) {
            SDL_DestroyTexture(stage.texture)
            staging[key] = nil
        }
        waiting.subtract(images)
    }
}

extension PhotoPixels.Format {
    /// SDL's name for the same bytes.
    var sdlFormat: UInt32 {
        switch self {
        case .xrgb8888: SDL_PIXELFORMAT_RGB888.rawValue
        case .argb8888: SDL_PIXELFORMAT_ARGB8888.rawValue
        }
    }
}
