import ArgumentParser
import Logging
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL
import ParallaxPhotos

/// `--photos` and `--cache-mb`, shared by run, capture, verify and bench (docs/photo-folders.md).
struct PhotoOptions: ParsableArguments {
    @Option(help: "Show this folder's JPEG and PNG photos (at any depth, by date taken) in the feed.")
    var photos: String?

    @Option(name: .customLong("cache-mb"), help: "Megabytes of decoded photos to keep as textures (default: with --photos, \(TextureCache.screensOfTextures) screens of the window; else \(TextureCache.defaultBudget >> 20)).")
    var cacheMB: Double?

    @Flag(name: .customLong("thumbnail-cache"), inversion: .prefixedNo,
          help: "Read and write the photos' thumbnails in the desktop's shared cache ($XDG_CACHE_HOME/thumbnails; default on).")
    var thumbnailCache: Bool?

    func validate() throws {
        if let cacheMB, !PlaygroundSettings.PhotoLimits.cacheMB.contains(cacheMB) {
            throw ValidationError("--cache-mb must be from \(Int(PlaygroundSettings.PhotoLimits.cacheMB.lowerBound)) to \(Int(PlaygroundSettings.PhotoLimits.cacheMB.upperBound))")
        }
    }

    /// Puts the folder's photos (the flag's, else the config's) in the feed; a missing folder, or
    /// one without images, ends the process with its one-line error and exit code 2.
    func apply(to options: inout SceneRegistry.Options) throws {
        if let photos { options.settings.photos = photos }
        if let cacheMB { options.settings.photoCacheMB = cacheMB }
        if let thumbnailCache { options.settings.thumbnailCache = thumbnailCache }
        guard let folder = options.settings.photos else { return }
        let items: [PhotoFolder.Item]
        do throws(PhotoFolder.Failure) {
            // Unchanged files take their dates from the last visit's colour index: no EXIF read
            // before the window opens (docs/photo-folders.md, "The first frame with a photo, warm").
            items = try PhotoFolder.scan(folder, known: PhotoIndex.savedStamps(folder: folder))
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
        options.feed.photos = items.map(\.photo)
        options.feed.itemCount = items.count
    }
}

/// Gives the canvas the options' photo cache budget and, for a folder of photos, its colour index
/// and the shared thumbnail cache (unless turned off).
func attachPhotos(to canvas: Canvas, options: SceneRegistry.Options, logger: Logger) {
    if let mb = options.settings.photoCacheMB { canvas.textures.cache.budget = Int(mb * 1_048_576) }
    guard let folder = options.settings.photos else { return }
    if options.settings.photoCacheMB == nil { canvas.textures.cache.budget = TextureCache.budget(forScreen: canvas.sizes.drawable) }
    if options.settings.thumbnailCache {
        canvas.photos.shareThumbnails(of: folder, cache: ThumbnailCache(root: ThumbnailCache.defaultRoot(), version: Parallax.version))
    }
    canvas.photos.indexPhotos(folder: folder, paths: options.feed.photos.map(\.image.description))
}
