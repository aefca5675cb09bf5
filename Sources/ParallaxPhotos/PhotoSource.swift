import Foundation
import Logging
import ParallaxEngine

/// The photos the scenes draw, without a window: what they measure (`ImageMetrics`: a photo's size
/// from its header, its thumbnail from its `PhotoOrigin`), their decodes
/// (off the main thread, `DecodeQueue`), which of them to queue each frame (`PrefetchSchedule`), their
/// quick images, and what could not be decoded (logged once; it stays a placeholder). Decoded pixels
/// are handed out (`take`) for a renderer to upload; nothing here knows of textures.
public final class PhotoSource: ImageMetrics {
    /// Each origin by its name (`PhotoID.origin`).
    private var origins: [String: any PhotoOrigin] = [:]
    private let logger: Logger
    /// Where files decode (a test withholds decodes with a queue of no workers: every photo stays a placeholder).
    public var queue = DecodeQueue()
    /// The folder's photos' colours while they decode (`--photos`).
    public var index: PhotoIndex? { folderPhotos?.index }
    /// Headless work decodes an image when first asked for, waiting for it: every frame complete.
    public var decodesSynchronously = false
    /// Sizes outlive evicted textures, so layouts stay put while an image is decoded again.
    private var sizes: [PhotoID: Size] = [:]
    private var failed: Set<PhotoID> = []
    private var damaged: Set<PhotoID> = []
    private var headersRead: Set<PhotoID> = []
    /// Decodes taken from the queue to learn a size (`pixelSize(of:)`), not handed out yet.
    private var arrived: [ImageDecoder.Job: ImageDecoder.Decoded] = [:]
    /// What each decode handed out made besides its pixels, by job, for the texture made of them.
    private var handedOut: [ImageDecoder.Job: (thumbnail: ImageThumbnail, imageSize: Size, origin: ImageDecoder.Origin)] = [:]
    /// Decodes asked for by this frame's draws (`DecodeQueue.Urgency.drawn`).
    private var drawnJobs: Set<ImageDecoder.Job> = []
    /// Quick images asked for and not arrived; those whose files have none; where those made came from.
    private var quickAsked: Set<PhotoID> = []
    private var quickMissing: Set<PhotoID> = []
    private var quickOrigins: [PhotoID: QuickImage.Origin] = [:]

    /// The origins of `PhotoOrigins.standard`; `bundled`: the thumbnails of the photos in
    /// `imagesFolder` (`BundledPhotoIndex.load`).
    public init(imagesFolder: String, logger: Logger, bundled: BundledPhotoIndex = BundledPhotoIndex([:])) {
        self.logger = logger
        for origin in PhotoOrigins.standard(imagesFolder: imagesFolder, bundled: bundled) { add(origin) }
    }

    /// Serves the photos whose `PhotoID.origin` is `origin.name` (in place of an origin of that name).
    public func add(_ origin: any PhotoOrigin) { origins[origin.name] = origin }

    private var folderPhotos: FolderPhotos? { origins[FolderPhotos.originName] as? FolderPhotos }

    /// Its file. A photo of an origin not added has none: its `origin:key`, which opens no file,
    /// fails to decode with one log line naming it.
    func path(_ image: PhotoID) -> String { origins[image.origin]?.path(of: image.key) ?? image.origin + ":" + image.key }
    public func job(_ image: PhotoID, shade: ImageDecoder.RowShade? = nil) -> ImageDecoder.Job {
        ImageDecoder.Job(path: path(image), shade: shade)
    }

    /// The image in small before its decode, from its origin.
    public func thumbnail(of image: PhotoID) -> ImageThumbnail? { origins[image.origin]?.thumbnail(of: image.key) }

    /// From the file's header when it tells (no decode: an image drawn shaded never needs its plain
    /// decode), else once decoded.
    public func pixelSize(of image: PhotoID) -> Size? {
        if let size = sizes[image] { return size }
        if headersRead.insert(image).inserted, let (w, h) = ImageDecoder.orientedSize(of: path(image)), w > 0, h > 0 {
            sizes[image] = Size(width: Double(w), height: Double(h))
            return sizes[image]
        }
        let job = job(image)
        guard !failed.contains(image), arrived[job] == nil else { return sizes[image] }
        decodeIfSynchronous(job, scale: nil)
        switch take(image, job: job, shown: false) {
        case let .decoded(decoded)?: arrived[job] = decoded
        case .failed?: break
        case nil: requestDrawn(job, scale: nil)
        }
        return sizes[image]
    }

    /// The size known so far, without reading a header or starting a decode.
    public func knownSize(of image: PhotoID) -> Size? { sizes[image] }

    /// The image cannot be shown (logged once).
    public func hasFailed(_ image: PhotoID) -> Bool { failed.contains(image) }

    /// A texture of the image could not be made: it fails as a decode would, unless one is shown.
    public func textureFailed(_ image: PhotoID, shown: Bool, message: String) {
        if !shown { failed.insert(image) }
        logger.warning("image \(path(image)): \(message)")
    }

    /// Headless: decodes `job` at `scale` now and waits for it (then `take` has it).
    public func decodeIfSynchronous(_ job: ImageDecoder.Job, scale: Double?) {
        guard decodesSynchronously else { return }
        queue.request(job, scale: scale)
        queue.waitForAll()
    }

    /// Asks for `job` at `scale` as drawn this frame, most urgent.
    public func requestDrawn(_ job: ImageDecoder.Job, scale: Double?) {
        queue.request(job, scale: scale, urgency: .drawn)
        drawnJobs.insert(job)
    }

    /// The decode of `job` once it has arrived: a failure is logged and, unless a texture of it is
    /// shown (`shown`: one decoded before at another size), the image fails; damage is logged once.
    public func take(_ image: PhotoID, job: ImageDecoder.Job, shown: Bool) -> ImageDecoder.Result? {
        if let decoded = arrived.removeValue(forKey: job) { return hand(decoded, job: job) }
        switch queue.take(job) {
        case nil:
            return nil
        case let .failed(message)?:
            if !shown { failed.insert(image) }
            logger.warning("\(message)")
            return .failed(message)
        case let .decoded(decoded)?:
            // Once per file: a damaged one decoded again at another size says nothing new.
            if let damage = decoded.damage, damaged.insert(image).inserted { logger.warning("\(damage)") }
            sizes[image] = decoded.imageSize
            return hand(decoded, job: job)
        }
    }

    private func hand(_ decoded: ImageDecoder.Decoded, job: ImageDecoder.Job) -> ImageDecoder.Result {
        handedOut[job] = (decoded.thumbnail, decoded.imageSize, decoded.origin)
        return .decoded(decoded)
    }

    /// The thumbnail, whole image's size and origin of the decode last handed out for `job`.
    public func decodeDetails(of job: ImageDecoder.Job) -> (thumbnail: ImageThumbnail, imageSize: Size, origin: ImageDecoder.Origin)? {
        handedOut[job]
    }

    /// Starts decoding these images in the background, each shrunk to at most `fittingWidth` pixels
    /// wide if given: before its first draw a window needs no more, and a 2560 px photo at its own
    /// size is 16 MB of texture.
    public func request(_ images: [PhotoID], fittingWidth: Double? = nil) {
        for image in images where !failed.contains(image) {
            let scale = fittingWidth.flatMap { width in pixelSize(of: image).map { min(1, width / $0.width) } }
            queue.request(job(image), scale: scale)
        }
    }

    /// Decodes these jobs side by side before returning (headless: a frame's new photos at once).
    public func decodeNow(_ jobs: [(image: PhotoID, job: ImageDecoder.Job, scale: Double?)]) {
        queue.decodeNow(jobs.filter { !failed.contains($0.image) }.map { ($0.job, $0.scale) })
    }

    /// A photo listed ahead (`DisplayList.prefetch`) with no texture for its decode.
    public struct Listed {
        public var image: PhotoID
        public var job: ImageDecoder.Job
        public var scale: Double?
        public var timing: PrefetchSchedule.Item
        public init(image: PhotoID, job: ImageDecoder.Job, scale: Double?, timing: PrefetchSchedule.Item) {
            self.image = image; self.job = job; self.scale = scale; self.timing = timing
        }
    }

    /// After a frame's draws: of `listed` (most urgent first), `PrefetchSchedule` picks what can be up
    /// before it shows, by the recent decode time and the frames its upload takes, and runs it in the
    /// order it shows; the decodes for what the frame drew go first while nothing is listed (at rest),
    /// after the list while the content moves (cells a fling passes were lost anyway). Queued decodes
    /// for anything else are dropped. Quick images: first for `placeholders` (drawn as such this
    /// frame), then those the plan wants.
    public func schedule(_ listed: [Listed], placeholders: Set<PhotoID>, listedAny: Bool, hasQuickTexture: (PhotoID) -> Bool) {
        defer { drawnJobs.removeAll(keepingCapacity: true) }
        guard !decodesSynchronously else { return }
        let plan = PrefetchSchedule.plan(listed.map(\.timing), decodeSeconds: queue.typicalDecodeSeconds,
                                         quickSeconds: queue.typicalQuickSeconds, workers: queue.workerCount)
        let drawnPlaceholders = placeholders.filter { image in
            needsQuickImage(image) && !hasQuickTexture(image) && drawnJobs.contains { $0.path == path(image) }
        }
        let quick = drawnPlaceholders.sorted { $0.description < $1.description } + plan.quick.map { listed[$0].image }
        quickAsked.formUnion(quick)
        queue.requestQuick(quick.map(path))
        queue.schedule(drawn: drawnJobs, prefetch: plan.full.map { (listed[$0].job, listed[$0].scale) }, drawnFirst: !listedAny)
    }

    /// A photo whose origin offers quick images (`PhotoOrigin.offersQuickImages`) and whose file
    /// has not said it has none.
    public func needsQuickImage(_ image: PhotoID) -> Bool {
        origins[image.origin]?.offersQuickImages == true && !quickMissing.contains(image)
    }

    /// Quick images that arrived since the last call, by image. One asked for and dropped from the
    /// queue before it was made (its card went by) is asked for again when it matters.
    public func takeQuickImages() -> [(image: PhotoID, pixels: PhotoPixels)] {
        var made: [(image: PhotoID, pixels: PhotoPixels)] = []
        for image in quickAsked {
            guard let taken = queue.takeQuick(path(image)) else {
                if !queue.isMakingQuick(path(image)) { quickAsked.remove(image) }
                continue
            }
            quickAsked.remove(image)
            guard let taken else {
                quickMissing.insert(image)
                continue
            }
            quickOrigins[image] = taken.origin
            made.append((image, taken.pixels))
        }
        return made
    }

    /// Where the image's last quick image came from.
    public func quickImageOrigin(of image: PhotoID) -> QuickImage.Origin? { quickOrigins[image] }

    /// Loads the colour index of a folder's photos (absolute paths), building what it lacks in the
    /// background while no decode is queued.
    public func indexPhotos(folder: String, paths: [String], cacheFolder: String = PhotoIndex.defaultCacheFolder()) {
        let queue = queue
        folderPhotos?.index = PhotoIndex(folder: folder, photos: paths, cacheFolder: cacheFolder, logger: logger,
                                         canWork: { queue.isIdle }, thumbnails: queue.thumbnails)
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

    /// Seconds each background decode took since the last call (`bench --photos`).
    public func takeDecodeTimes() -> [Double] { queue.takeDurations() }

    /// Drops everything known of these images (files rewritten or gone): sizes, quick images,
    /// failures, decodes waiting; asked for again, they are read afresh.
    public func forget(_ images: Set<PhotoID>) {
        let paths = Set(images.map(path))
        for job in arrived.keys where paths.contains(job.path) { arrived[job] = nil }
        for job in handedOut.keys where paths.contains(job.path) { handedOut[job] = nil }
        for image in images {
            sizes[image] = nil
            quickOrigins[image] = nil
        }
        failed.subtract(images)
        damaged.subtract(images)
        headersRead.subtract(images)
        quickMissing.subtract(images)
    }
}
