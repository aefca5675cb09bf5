import CSDL2
import Logging
import ParallaxEngine

/// Photos as textures for one renderer. Files decode off the main thread (`DecodeQueue`); the
/// renderer draws a placeholder (the photo's colours: a bundled photo's from `BundledThumbnails`, a
/// folder's from its `PhotoIndex` once it has them) until an image is ready, then its texture is
/// uploaded here, on the render thread, and fades in. A photo is decoded again at the size it is
/// drawn (times the display scale) once it is drawn at another, so frames copy it 1:1 and the byte
/// budget counts drawn sizes, not files'.
/// Textures are kept within that budget, least recently used out. An image that cannot be used is
/// logged once and stays a placeholder.
public final class TextureCache: ImageMetrics {
    public enum State: Equatable { case loading, ready, failed }

    public static let defaultBudget = 256 << 20

    /// For a folder's photos, the default budget: what `screensOfTextures` screens of `pixels` (the
    /// window's device pixels) hold, a few screens of cards ahead and behind, at least 32 MB. At
    /// 1280x800 that is 49 MB, some 18 feed cards; cards further away are decoded again when they
    /// come back, from the shared thumbnail cache once it has them.
    public static func budget(forScreen pixels: Size) -> Int {
        max(32 << 20, Int(pixels.width * pixels.height) * 4 * screensOfTextures)
    }

    public static let screensOfTextures = 12

    struct Entry {
        let texture: OpaquePointer
        let bytes: Int
        /// Texture pixels per image pixel.
        let scale: Double
        /// Rows of the image at `scale` above the texture's first (cropped away).
        let rowOffset: Int
        /// Decoded for a scale it was drawn at (not at the file's own size, before any drawing).
        let fitted: Bool
        var lastUsed: Int
        /// Another scale it is drawn at, and on how many draws in a row.
        var wanted: (scale: Double, draws: Int)?
        /// The whole image, small (`Thumbnail`).
        let thumbnail: Thumbnail
        /// Decoded from the file, or from the shared thumbnail cache.
        let origin: ImageDecoder.Origin
    }

    /// How far the drawn scale may drift from the texture's before it is decoded again: within it a
    /// frame resamples slightly rather than decode on every step of a resize or a stretch.
    static let rescaleTolerance = 0.01
    /// Draws in a row at one new scale (half a second at 60 fps) before a fitted texture is decoded
    /// again: a stretch or a live resize changes the scale every frame, and a pull held for a moment
    /// is let go again; decoding and uploading each would cost more frames than it saves. Once the
    /// scale settles, one decode.
    static let settleDraws = 30

    private let renderer: OpaquePointer
    private let folder: String
    private let logger: Logger
    /// Where files decode (a test withholds decodes with a queue of no workers: every photo stays a placeholder).
    var queue = DecodeQueue()
    /// Bytes of texture pixels kept at most (`--cache-mb`); a single texture larger than it is kept alone.
    public var budget: Int
    /// The photos' colours while they decode (`--photos`).
    public private(set) var index: PhotoIndex?
    /// The bundled photos' colours, from the file beside them.
    let bundled: BundledThumbnails
    /// Seconds a photo that arrives after its placeholder was shown takes to fade in over it.
    static let fadeSeconds = 0.2
    /// Headless work decodes an image when first asked for, waiting for it: every frame complete.
    public var decodesSynchronously = false
    /// Texels a frame uploads at most while the window runs: one feed card (900x675) a frame. A
    /// 1280x800 photo at once took 4-5 ms of a frame on llvmpipe, which made frames late; in bands it
    /// goes up over two frames. At 256,000 a card took three frames, and at 8,000 px/s 5 % more cards
    /// came into view as placeholders (docs/photo-folders.md, "Prefetch"). Headless frames upload whole.
    static let uploadBudget = 640_000
    private var uploadedThisFrame = 0
    /// Decodes on their way up, band by band: the texture, the decoded pixels, and the rows done.
    private struct Staging {
        let image: ImageID
        let texture: OpaquePointer
        let decoded: ImageDecoder.Decoded
        var rows: Int32
    }
    private var staging: [ImageDecoder.Job: Staging] = [:]
    /// By image and the shade baked into it (`ImageShade`); most images have only the unshaded one.
    private var entries: [ImageDecoder.Job: Entry] = [:]
    /// Sizes outlive evicted textures, so layouts stay put while an image is decoded again.
    private var sizes: [ImageID: Size] = [:]
    private var failed: Set<ImageID> = []
    private var damaged: Set<ImageID> = []
    private var headersRead: Set<ImageID> = []
    private var useCounter = 0
    public private(set) var residentBytes = 0
    /// The time of the frame being drawn (`DisplayList.time`).
    private var frameTime = 0.0
    /// Seconds from the frame before to this one (a frame at 60 Hz until two have been drawn); uploads go up one budget a frame.
    private var frameInterval = 1.0 / 60
    /// Decodes asked for by this frame's draws (`DecodeQueue.Urgency.drawn`).
    private var drawnJobs: Set<ImageDecoder.Job> = []
    /// Images drawn as placeholders, and the frame time at which each of those became ready (its fade's start).
    private var waiting: Set<ImageID> = []
    private var fadeStart: [ImageID: Double] = [:]
    /// The index's thumbnails as textures, by image.
    private var previews: [ImageID: OpaquePointer] = [:]
    /// Quick images (`QuickImage`) as textures, standing in for their photos until the full decode
    /// fades in over them; at most `maxQuickImages`, the oldest dropped first.
    private var quickImages: [ImageID: (texture: OpaquePointer, origin: QuickImage.Origin)] = [:]
    private var quickOrder: [ImageID] = []
    /// Asked for and not arrived; and those whose files have none.
    private var quickAsked: Set<ImageID> = []
    private var quickMissing: Set<ImageID> = []
    /// 200 at 192x144 is 22 MB: a few screens of cards either way.
    static let maxQuickImages = 200

    /// `bundled`: the thumbnails of the photos in `imagesFolder` (`BundledThumbnails.load`).
    public init(renderer: OpaquePointer, imagesFolder: String, logger: Logger, budget: Int = TextureCache.defaultBudget,
                bundled: BundledThumbnails = BundledThumbnails([:])) {
        self.renderer = renderer
        self.folder = imagesFolder
        self.logger = logger
        self.budget = budget
        self.bundled = bundled
    }

    deinit { destroyTextures() }

    /// Destroys every texture made here; the renderer's owner calls it before the renderer goes
    /// (`Canvas`), as SDL_DestroyRenderer frees them all and a later destroy would touch freed memory.
    func destroyTextures() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        for preview in previews.values { SDL_DestroyTexture(preview) }
        for quick in quickImages.values { SDL_DestroyTexture(quick.texture) }
        quickImages.removeAll()
        quickOrder.removeAll()
        for stage in staging.values {
            SDL_DestroyTexture(stage.texture)
            SDL_FreeSurface(stage.decoded.surface)
        }
        entries.removeAll()
        previews.removeAll()
        staging.removeAll()
        residentBytes = 0
    }

    /// A new frame, for `time`: its upload budget starts afresh.
    func beginFrame(time: Double) {
        uploadedThisFrame = 0
        if time > frameTime, time - frameTime <= 0.1 { frameInterval = time - frameTime }
        frameTime = time
        takeQuickImages()
    }

    /// Quick images that arrived go up as their photos' placeholders (a few KB each).
    private func takeQuickImages() {
        for image in quickAsked {
            guard let made = queue.takeQuick(path(image)) else {
                // Dropped from the queue before it was made (its card went by): asked for again when it matters.
                if !queue.isMakingQuick(path(image)) { quickAsked.remove(image) }
                continue
            }
            quickAsked.remove(image)
            guard let made else {
                quickMissing.insert(image)
                continue
            }
            let pixels = made.pixels
            guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                  Int32(pixels.width), Int32(pixels.height)) else { continue }
            _ = pixels.bgrx.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(pixels.width * 4)) }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            if let old = quickImages.updateValue((texture, made.origin), forKey: image) {
                SDL_DestroyTexture(old.texture)
            } else {
                quickOrder.append(image)
            }
            while quickOrder.count > Self.maxQuickImages {
                let oldest = quickOrder.removeFirst()
                quickImages.removeValue(forKey: oldest).map { SDL_DestroyTexture($0.texture) }
            }
        }
    }

    /// Where the texture of `image` came from, if one is ready.
    func textureOrigin(of image: ImageID) -> ImageDecoder.Origin? { resident(image)?.origin }

    /// How `image` shows while its texture is not ready: its quick image's origin, if it has one.
    func quickImageOrigin(of image: ImageID) -> QuickImage.Origin? { quickImages[image]?.origin }

    /// The image has a quick image or needs none: its file has none to give, or it is a bundled
    /// photo (small, decoded at start, its thumbnail committed beside it). One asked for and not
    /// made yet is asked for again each frame it still matters, or its request is dropped.
    private func hasQuickImage(_ image: ImageID) -> Bool {
        !image.name.hasPrefix("/") || quickImages[image] != nil || quickMissing.contains(image)
    }

    /// After a frame's draws: `prefetch` (images with the scale and shade they will be drawn with and
    /// the seconds until they show, most urgent first) and the decodes for what it drew are queued, the frame's
    /// first while nothing is listed (at rest), after the list while the content moves (cells a
    /// fling passes were lost anyway); queued decodes for anything else are dropped. Of the list,
    /// `PrefetchSchedule` picks what can be up before it shows, by the recent decode time and the
    /// frames its upload takes, and runs it in the order it shows.
    func endFrame(prefetch: [(image: ImageID, drawnScale: Double?, shade: ImageDecoder.RowShade?, due: Double)]) {
        defer { drawnJobs.removeAll(keepingCapacity: true) }
        guard !decodesSynchronously else { return }
        // Uploads under way finish whether or not their image is still listed: none is left half up.
        for (job, stage) in staging { _ = upload(stage.image, job: job) }
        var candidates: [(job: ImageDecoder.Job, scale: Double?)] = []
        var images: [ImageID] = []
        var timings: [PrefetchSchedule.Item] = []
        for item in prefetch where !failed.contains(item.image) {
            let job = ImageDecoder.Job(path: path(item.image), shade: item.shade)
            guard entries[job] == nil else { continue }
            // Arrived ahead of its first draw: up it goes, within the frame's upload budget.
            if upload(item.image, job: job) { continue }
            let scale = item.drawnScale ?? 1
            let texels = sizes[item.image].map { $0.width * scale * $0.height * scale } ?? 0
            let uploadFrames = (texels / Double(Self.uploadBudget)).rounded(.up)
            candidates.append((job, item.drawnScale))
            images.append(item.image)
            timings.append(PrefetchSchedule.Item(due: item.due, uploadSeconds: uploadFrames * frameInterval, needsQuick: !hasQuickImage(item.image)))
        }
        let plan = PrefetchSchedule.plan(timings, decodeSeconds: queue.typicalDecodeSeconds, quickSeconds: queue.typicalQuickSeconds,
                                         workers: queue.workerCount)
        // Quick images: first for what this frame drew as placeholders, then those the plan wants.
        let drawnPlaceholders = waiting.filter { image in !hasQuickImage(image) && drawnJobs.contains { $0.path == path(image) } }
        let quick = drawnPlaceholders.sorted { $0.name < $1.name } + plan.quick.map { images[$0] }
        quickAsked.formUnion(quick)
        queue.requestQuick(quick.map(path))
        queue.schedule(drawn: drawnJobs, prefetch: plan.full.map { candidates[$0] }, drawnFirst: prefetch.isEmpty)
    }

    /// Loads the colour index of a folder's photos (absolute paths), building what it lacks in the
    /// background while no decode is queued.
    public func indexPhotos(folder: String, paths: [String], cacheFolder: String = PhotoIndex.defaultCacheFolder()) {
        let queue = queue
        index = PhotoIndex(folder: folder, photos: paths, cacheFolder: cacheFolder, logger: logger, canWork: { queue.isIdle },
                           thumbnails: queue.thumbnails)
    }

    /// Reads and writes the desktop's shared thumbnail cache for the photos under `folder`
    /// (docs/photo-folders.md, "The shared thumbnail cache"); a problem writing is one log line.
    public func shareThumbnails(of folder: String, cache: ThumbnailCache) {
        let logger = logger
        queue.thumbnails = ThumbnailWriter(cache: cache, photos: folder) { logger.warning("\($0)") }
    }

    /// The shared cache's writer, while it is on.
    public var thumbnailWriter: ThumbnailWriter? { queue.thumbnails }

    /// Decodes so far, from files and from the shared cache.
    public var decodedFromFile: Int { queue.decodeCounts.fromFile }
    public var decodedFromThumbnailCache: Int { queue.decodeCounts.fromThumbnailCache }

    /// Writes the thumbnails still queued (before the process exits).
    public func finishThumbnailWrites() { queue.finishWrites() }

    /// Drops everything known of these images (files rewritten or gone): textures, sizes, quick
    /// images, failures; drawn again, they are read afresh.
    public func forget(_ images: Set<ImageID>) {
        let paths = Set(images.map(path))
        for (job, entry) in entries where paths.contains(job.path) {
            SDL_DestroyTexture(entry.texture)
            residentBytes -= entry.bytes
            entries[job] = nil
        }
        for (job, stage) in staging where paths.contains(job.path) {
            SDL_DestroyTexture(stage.texture)
            SDL_FreeSurface(stage.decoded.surface)
            staging[job] = nil
        }
        for image in images {
            quickImages.removeValue(forKey: image).map { SDL_DestroyTexture($0.texture) }
            previews.removeValue(forKey: image).map { SDL_DestroyTexture($0) }
            sizes[image] = nil
            fadeStart[image] = nil
        }
        quickOrder.removeAll { images.contains($0) }
        failed.subtract(images)
        damaged.subtract(images)
        headersRead.subtract(images)
        quickMissing.subtract(images)
        waiting.subtract(images)
    }

    /// Seconds each background decode took since the last call (`bench --photos`).
    public func takeDecodeTimes() -> [Double] { queue.takeDurations() }

    /// The opacity of a photo `elapsed` seconds after it became ready over its placeholder, closed
    /// form in time so the fade looks the same at any frame rate: u = elapsed / `fadeSeconds`
    /// clamped to 0...1, eased as u^2 (3 - 2u) (leaves and lands softly, as `MotionEase`).
    static func fadeOpacity(elapsed: Double) -> Double {
        let u = min(1, max(0, elapsed / fadeSeconds))
        return u * u * (3 - 2 * u)
    }

    /// How far a photo that arrived after its placeholder was drawn has faded in at this frame's
    /// time (0...1), or nil when it shows fully.
    func fadeIn(of image: ImageID) -> Double? {
        guard let start = fadeStart[image] else { return nil }
        // Time that went back (another run on this target) starts the fade again.
        if frameTime < start { fadeStart[image] = frameTime }
        let elapsed = frameTime - min(start, frameTime)
        if elapsed >= Self.fadeSeconds { fadeStart[image] = nil; return nil }
        return Self.fadeOpacity(elapsed: elapsed)
    }

    /// The image in small before its decode: a bundled photo's from the file beside them, a folder
    /// photo's from the folder's index once it has it.
    public func thumbnail(of image: ImageID) -> ImageThumbnail? {
        image.name.hasPrefix("/") ? index?.entry(for: image.name)?.thumbnail : bundled.thumbnails[image.name]
    }

    /// The photo's thumbnail (`thumbnail(of:)`) as a texture, if there is one.
    func preview(of image: ImageID) -> OpaquePointer? {
        if let quick = quickImages[image] { return quick.texture }
        if let texture = previews[image] { return texture }
        guard let thumbnail = thumbnail(of: image) else { return nil }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(thumbnail.width), Int32(thumbnail.height)) else { return nil }
        _ = thumbnail.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(thumbnail.width * 4)) }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        previews[image] = texture
        return texture
    }

    /// From the file's header when it tells (no decode: an image drawn shaded never needs its plain
    /// texture), else once decoded.
    public func pixelSize(of image: ImageID) -> Size? {
        if let size = sizes[image] { return size }
        if headersRead.insert(image).inserted, let (w, h) = ImageDecoder.orientedSize(of: path(image)), w > 0, h > 0 {
            sizes[image] = Size(width: Double(w), height: Double(h))
            return sizes[image]
        }
        collect(image)
        return sizes[image]
    }

    /// The image's thumbnail once a texture of it is ready, for `BackdropBlur` (no decode is started for it).
    func decodedThumbnail(of image: ImageID) -> Thumbnail? { resident(image)?.thumbnail }

    /// A texture of the image, plain or shaded, if one is ready.
    private func resident(_ image: ImageID) -> Entry? {
        let path = path(image)
        return entries.first { $0.key.path == path }?.value
    }

    /// A texture of the image is ready; unlike `state(of:)`, starts no decode.
    func isResident(_ image: ImageID) -> Bool { resident(image) != nil }

    /// The image cannot be shown (logged once); unlike `state(of:)`, starts no decode.
    func hasFailed(_ image: ImageID) -> Bool { failed.contains(image) }

    /// The image's unshaded texture if it is ready (marked used), as `texture(for:)` gives it; starts no decode.
    func plainTexture(for image: ImageID) -> (texture: OpaquePointer, scale: Double, rowOffset: Int)? {
        entries[job(image)] == nil ? nil : texture(for: image)
    }

    public func state(of image: ImageID) -> State {
        collect(image)
        if resident(image) != nil { return .ready }
        return failed.contains(image) ? .failed : .loading
    }

    /// The texture if ready (marking it used) and its texture pixels per image pixel, else nil and the
    /// decode is under way. `drawnScale` (device pixels per image pixel this frame), when it differs
    /// from the texture's, asks for a decode at that scale; the current texture serves until it lands.
    /// `shade` (in the image's pixels) is baked into the texture returned.
    /// The texture's row 0 is row `rowOffset` of the image at `scale`.
    func texture(for image: ImageID, drawnScale: Double? = nil, shade: ImageDecoder.RowShade? = nil)
        -> (texture: OpaquePointer, scale: Double, rowOffset: Int)? {
        let job = ImageDecoder.Job(path: path(image), shade: shade)
        collect(image, job: job, scale: drawnScale)
        guard var entry = entries[job] else {
            if !decodesSynchronously { waiting.insert(image) }
            return nil
        }
        if let drawnScale, drawnScale.isFinite, drawnScale > 0, abs(drawnScale / entry.scale - 1) > Self.rescaleTolerance {
            if let wanted = entry.wanted, abs(drawnScale / wanted.scale - 1) <= Self.rescaleTolerance {
                entry.wanted = (drawnScale, wanted.draws + 1)
            } else {
                entry.wanted = (drawnScale, 1)
            }
            entries[job] = entry
            if !entry.fitted || entry.wanted!.draws >= Self.settleDraws {
                decode(image, job: job, scale: drawnScale)
                entry = entries[job] ?? entry
            }
        } else {
            entry.wanted = nil
        }
        useCounter += 1
        entry.lastUsed = useCounter
        entries[job] = entry
        return (entry.texture, entry.scale, entry.rowOffset)
    }

    /// Starts decoding these images in the background, each shrunk to at most `fittingWidth` pixels
    /// wide if given: before its first draw a window needs no more, and a 2560 px photo at its own
    /// size is 16 MB of texture. Drawn at another size, an image is decoded again (`texture(for:)`).
    public func request(_ images: [ImageID], fittingWidth: Double? = nil) {
        for image in images where entries[job(image)] == nil && !failed.contains(image) {
            let scale = fittingWidth.flatMap { width in pixelSize(of: image).map { min(1, width / $0.width) } }
            queue.request(job(image), scale: scale)
        }
    }

    /// Decodes, side by side and before returning, what these draws need that has no texture yet
    /// (headless: a frame's new photos at once rather than one after another; `texture(for:)` then
    /// takes them in).
    func decodeAhead(_ draws: [(image: ImageID, drawnScale: Double?, shade: ImageDecoder.RowShade?)]) {
        queue.decodeNow(draws.compactMap { draw in
            let job = ImageDecoder.Job(path: path(draw.image), shade: draw.shade)
            return entries[job] == nil && !failed.contains(draw.image) ? (job, draw.drawnScale) : nil
        })
    }

    /// Decodes these images and uploads them before returning (headless capture: every frame complete).
    public func preload(_ images: [ImageID]) {
        request(images)
        queue.waitForAll()
        for image in images where entries[job(image)] == nil && !failed.contains(image) { _ = upload(image, job: job(image), whole: true) }
    }

    /// A folder's photos are named by their absolute paths; the bundled ones by file name.
    private func path(_ image: ImageID) -> String { image.name.hasPrefix("/") ? image.name : folder + "/" + image.name }
    private func job(_ image: ImageID) -> ImageDecoder.Job { ImageDecoder.Job(path: path(image)) }

    /// Uploads the decode result for `image` if one has arrived, or starts its decode.
    private func collect(_ image: ImageID, job: ImageDecoder.Job? = nil, scale: Double? = nil) {
        let job = job ?? self.job(image)
        guard entries[job] == nil, !failed.contains(image) else { return }
        decode(image, job: job, scale: scale)
    }

    /// Takes in the decode of `image` at `scale` once it has arrived (at once when decoding
    /// synchronously), replacing any texture it had.
    private func decode(_ image: ImageID, job: ImageDecoder.Job, scale: Double?) {
        if decodesSynchronously {
            queue.request(job, scale: scale)
            queue.waitForAll()
        }
        if !upload(image, job: job) {
            queue.request(job, scale: scale, urgency: .drawn)
            drawnJobs.insert(job)
        }
    }

    /// Takes in the decode result for `image` if one has arrived: uploads as much of it as this
    /// frame's budget allows (all of it when `whole`), and once all of it is up, makes it the image's
    /// texture. False while no result has arrived.
    private func upload(_ image: ImageID, job: ImageDecoder.Job, whole: Bool = false) -> Bool {
        var stage: Staging
        if let started = staging[job] {
            stage = started
        } else {
            switch queue.take(job) {
            case nil:
                return false
            case let .failed(message)?:
                // A texture already shown stays: only an image never shown turns into a broken placeholder.
                if entries[job] == nil { failed.insert(image) }
                logger.warning("\(message)")
                return true
            case let .decoded(decoded)?:
                // Once per file: a damaged one decoded again at another size says nothing new.
                if let damage = decoded.damage, damaged.insert(image).inserted { logger.warning("\(damage)") }
                let surface = decoded.surface
                guard let texture = SDL_CreateTexture(renderer, surface.pointee.format.pointee.format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                      surface.pointee.w, surface.pointee.h) else {
                    SDL_FreeSurface(surface)
                    if entries[job] == nil { failed.insert(image) }
                    logger.warning("image \(path(image)): no texture: \(String(cString: SDL_GetError()))")
                    return true
                }
                // Sub-pixel offsets and the frames between a resize and the decode at the new size
                // resample; linear filtering keeps them smooth. (The renderer turns blending on only for
                // translucent draws: SDL's software renderer scales blended blits nearest.)
                SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
                stage = Staging(image: image, texture: texture, decoded: decoded, rows: 0)
            }
        }
        let surface = stage.decoded.surface
        let w = surface.pointee.w, h = surface.pointee.h, pitch = surface.pointee.pitch
        let rows = whole || decodesSynchronously ? h - stage.rows
            : min(h - stage.rows, Int32(clamping: max(0, Self.uploadBudget - uploadedThisFrame) / max(1, Int(w))))
        if rows > 0 {
            var band = SDL_Rect(x: 0, y: stage.rows, w: w, h: rows)
            SDL_UpdateTexture(stage.texture, &band, surface.pointee.pixels + Int(stage.rows) * Int(pitch), pitch)
            uploadedThisFrame += Int(rows) * Int(w)
            stage.rows += rows
        }
        guard stage.rows == h else {
            staging[job] = stage
            return true
        }
        staging[job] = nil
        SDL_FreeSurface(surface)
        if let old = entries.removeValue(forKey: job) {
            SDL_DestroyTexture(old.texture)
            residentBytes -= old.bytes
        }
        useCounter += 1
        let decoded = stage.decoded
        let entry = Entry(texture: stage.texture, bytes: Int(w) * Int(h) * 4, scale: decoded.scale ?? 1, rowOffset: decoded.rowOffset,
                          fitted: decoded.scale != nil, lastUsed: useCounter, thumbnail: decoded.thumbnail, origin: decoded.origin)
        entries[job] = entry
        sizes[image] = decoded.imageSize
        if waiting.remove(image) != nil { fadeStart[image] = frameTime }
        residentBytes += entry.bytes
        evict(keeping: job)
        return true
    }

    /// Drops least recently used textures until within the budget (never the one just added).
    private func evict(keeping keep: ImageDecoder.Job) {
        guard residentBytes > budget else { return }
        for (job, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where job != keep {
            SDL_DestroyTexture(entry.texture)
            entries[job] = nil
            residentBytes -= entry.bytes
            if residentBytes <= budget { return }
        }
    }
}
