import CSDL2
import ParallaxEngine
import ParallaxPhotos

/// A renderer's photos: the decodes of a `PhotoSource` made textures in a `TextureCache`. A photo is
/// drawn as a placeholder (its thumbnail or quick image) until its texture is up, then fades in; a
/// photo is decoded again at the size it is drawn (times the display scale) once it is drawn at
/// another, so frames copy it 1:1 and the byte budget counts drawn sizes, not files'.
public final class PhotoTextures {
    public enum State: Equatable { case loading, ready, failed }

    public let photos: PhotoSource
    public let cache: TextureCache
    let previews: PreviewTextures

    public init(photos: PhotoSource, cache: TextureCache) {
        self.photos = photos
        self.cache = cache
        previews = PreviewTextures(renderer: cache.renderer)
    }

    /// Destroys every texture made here, before the renderer goes (`TextureCache.destroyTextures`).
    func destroyTextures() {
        cache.destroyTextures()
        previews.destroyTextures()
    }

    /// A new frame, for `time`: its upload budget starts afresh, and quick images that arrived go up.
    func beginFrame(time: Double) {
        cache.beginFrame(time: time)
        for (image, pixels) in photos.takeQuickImages() { previews.addQuickImage(image, pixels: pixels) }
    }

    /// After a frame's draws: uploads under way go on (none is left half up), photos listed ahead
    /// (`prefetch`: with the scale and shade they will be drawn with and the seconds until they show,
    /// most urgent first) whose decodes arrived go up, and the rest are scheduled (`PhotoSource.schedule`).
    func endFrame(prefetch: [(image: PhotoID, drawnScale: Double?, shade: ImageDecoder.RowShade?, due: Double)]) {
        var listed: [PhotoSource.Listed] = []
        if !photos.decodesSynchronously {
            for key in cache.uploading { cache.continueUpload(key) }
            for item in prefetch where !photos.hasFailed(item.image) {
                let key = TextureCache.Key(item.image, shade: item.shade), job = photos.job(item.image, shade: item.shade)
                // Arrived ahead of its first draw: up it goes, within the frame's upload budget.
                guard !cache.has(key), !upload(key, job: job) else { continue }
                let scale = item.drawnScale ?? 1
                let texels = photos.knownSize(of: item.image).map { $0.width * scale * $0.height * scale } ?? 0
                let uploadFrames = (texels / Double(TextureCache.uploadBudget)).rounded(.up)
                let timing = PrefetchSchedule.Item(due: item.due, uploadSeconds: uploadFrames * cache.frameInterval,
                                                   needsQuick: !hasQuickImage(item.image))
                listed.append(PhotoSource.Listed(image: item.image, job: job, scale: item.drawnScale, timing: timing))
            }
        }
        photos.schedule(listed, placeholders: cache.waiting, listedAny: !prefetch.isEmpty, hasQuickTexture: previews.hasQuickImage)
    }

    /// The photo has a quick image or needs none.
    private func hasQuickImage(_ image: PhotoID) -> Bool { !photos.needsQuickImage(image) || previews.hasQuickImage(image) }

    /// The texture if ready (marking it used), else nil and the decode is under way. `drawnScale`
    /// (device pixels per image pixel this frame), when it differs from the texture's, asks for a
    /// decode at that scale; the current texture serves until it lands. `shade` (in the image's
    /// pixels) is baked into the texture returned.
    func texture(for image: PhotoID, drawnScale: Double? = nil, shade: ImageDecoder.RowShade? = nil) -> TextureCache.Drawable? {
        let key = TextureCache.Key(image, shade: shade), job = photos.job(image, shade: shade)
        collect(key, job: job, scale: drawnScale)
        guard cache.has(key) else {
            if !photos.decodesSynchronously { cache.drewPlaceholder(image) }
            return nil
        }
        if cache.wantsRescale(key, drawnScale: drawnScale) { decode(key, job: job, scale: drawnScale) }
        return cache.use(key)
    }

    /// The image's unshaded texture if it is ready (marked used), as `texture(for:)` gives it; starts no decode.
    func plainTexture(for image: PhotoID) -> TextureCache.Drawable? {
        cache.has(TextureCache.Key(image)) ? texture(for: image) : nil
    }

    /// What a draw of `image` with `shade` would show now (`PhotoLook`); changes nothing.
    func look(of image: PhotoID, shade: ImageDecoder.RowShade?) -> PhotoLook {
        PhotoLook(texture: cache.resident(TextureCache.Key(image, shade: shade)),
                  plainTexture: shade == nil ? nil : cache.resident(TextureCache.Key(image)),
                  hasQuickImage: previews.hasQuickImage(image), hasThumbnail: photos.thumbnail(of: image) != nil,
                  failed: photos.hasFailed(image))
    }

    public func state(of image: PhotoID) -> State {
        collect(TextureCache.Key(image), job: photos.job(image), scale: nil)
        if isResident(image) { return .ready }
        return photos.hasFailed(image) ? .failed : .loading
    }

    /// A texture of the image is ready; unlike `state(of:)`, starts no decode.
    public func isResident(_ image: PhotoID) -> Bool { cache.residentKey(of: image) != nil }

    /// What stands in for the photo while its texture is not ready (`PreviewTextures`).
    func preview(of image: PhotoID) -> OpaquePointer? { previews.texture(of: image) { photos.thumbnail(of: image) } }

    /// The thumbnail of the decode a ready texture of the photo was made from, for `BackdropBlur`.
    func decodedThumbnail(of image: PhotoID) -> (thumbnail: ImageThumbnail, imageSize: Size)? {
        details(of: image).map { ($0.thumbnail, $0.imageSize) }
    }

    /// Where the texture of `image` came from, if one is ready.
    public func textureOrigin(of image: PhotoID) -> ImageDecoder.Origin? { details(of: image)?.origin }

    private func details(of image: PhotoID) -> (thumbnail: ImageThumbnail, imageSize: Size, origin: ImageDecoder.Origin)? {
        cache.residentKey(of: image).flatMap { photos.decodeDetails(of: photos.job($0.image, shade: $0.shade)) }
    }

    /// How `image` shows while its texture is not ready: its quick image's origin, if it has one.
    public func quickImageOrigin(of image: PhotoID) -> QuickImage.Origin? {
        previews.hasQuickImage(image) ? photos.quickImageOrigin(of: image) : nil
    }

    /// Starts decoding these images in the background (`PhotoSource.request`); drawn at another
    /// size, an image is decoded again (`texture(for:)`).
    public func request(_ images: [PhotoID], fittingWidth: Double? = nil) {
        photos.request(images.filter { !cache.has(TextureCache.Key($0)) }, fittingWidth: fittingWidth)
    }

    /// Decodes, side by side and before returning, what these draws need that has no texture yet
    /// (headless: a frame's new photos at once rather than one after another; `texture(for:)` then
    /// takes them in).
    func decodeAhead(_ draws: [(image: PhotoID, drawnScale: Double?, shade: ImageDecoder.RowShade?)]) {
        photos.decodeNow(draws.compactMap { draw in
            cache.has(TextureCache.Key(draw.image, shade: draw.shade)) ? nil : (draw.image, photos.job(draw.image, shade: draw.shade), draw.drawnScale)
        })
    }

    /// Decodes these images and uploads them before returning (headless capture: every frame complete).
    public func preload(_ images: [PhotoID]) {
        request(images)
        photos.queue.waitForAll()
        for image in images where !cache.has(TextureCache.Key(image)) && !photos.hasFailed(image) {
            _ = upload(TextureCache.Key(image), job: photos.job(image), whole: true)
        }
    }

    /// Drops everything known of these images (files rewritten or gone): textures, sizes, quick
    /// images, failures; drawn again, they are read afresh.
    public func forget(_ images: Set<PhotoID>) {
        cache.forget(images)
        previews.forget(images)
        photos.forget(images)
    }

    /// Uploads the decode result for `key` if one has arrived, or starts its decode.
    private func collect(_ key: TextureCache.Key, job: ImageDecoder.Job, scale: Double?) {
        guard !cache.has(key), !photos.hasFailed(key.image) else { return }
        decode(key, job: job, scale: scale)
    }

    /// Takes in the decode of `key` at `scale` once it has arrived (at once when decoding
    /// synchronously), replacing any texture it had.
    private func decode(_ key: TextureCache.Key, job: ImageDecoder.Job, scale: Double?) {
        photos.decodeIfSynchronous(job, scale: scale)
        if !upload(key, job: job) { photos.requestDrawn(job, scale: scale) }
    }

    /// Takes in the decode result for `key` if one has arrived: uploads as much of it as this frame's
    /// budget allows (all of it when `whole` or headless). False while no result has arrived.
    private func upload(_ key: TextureCache.Key, job: ImageDecoder.Job, whole: Bool = false) -> Bool {
        let whole = whole || photos.decodesSynchronously
        if cache.isUploading(key) {
            cache.continueUpload(key, whole: whole)
            return true
        }
        switch photos.take(key.image, job: job, shown: cache.has(key)) {
        case nil:
            return false
        case .failed?:
            return true
        case let .decoded(decoded)?:
            guard cache.startUpload(key, pixels: decoded.pixels, scale: decoded.scale, rowOffset: decoded.rowOffset) else {
                photos.textureFailed(key.image, shown: cache.has(key), message: "no texture: \(String(cString: SDL_GetError()))")
                return true
            }
            cache.continueUpload(key, whole: whole)
            return true
        }
    }
}

/// What a photo's draw comes from as its state stands: its texture (and, while a shaded one is
/// decoding, the plain one drawn under the shade), or while it has none what stands in for it (its
/// quick image, its thumbnail, the crossed panel of a failure). Two frames of one list whose photos
/// look the same draw the same pixels, fades aside (`DisplayListRenderer.lastDrawIsCurrent`).
struct PhotoLook: Equatable {
    let texture: OpaquePointer?
    let plainTexture: OpaquePointer?
    let hasQuickImage: Bool
    let hasThumbnail: Bool
    let failed: Bool
}
