import ParallaxEngine

/// Where a kind of photo comes from (docs/architecture.md, "Where to add"): the photos shipped with
/// the app, a folder's (`--photos`), or any other kind, each one type in its own file under `Origins/`
/// and one line in `PhotoOrigins.standard`. A `PhotoID` names its origin and its key there;
/// `PhotoSource` asks the origin, by that name, and decodes, measures and schedules every photo alike.
public protocol PhotoOrigin {
    /// What `PhotoID.origin` says for its photos.
    var name: String { get }
    /// The file holding the photo `key` names: what is decoded, its header read, its quick image looked for.
    func path(of key: String) -> String
    /// The photo in small before its decode (its colour placeholder); nil while it has none, and
    /// the placeholder is plain.
    func thumbnail(of key: String) -> ImageThumbnail?
    /// Whether its files may hold a quick image (an EXIF preview, the shared thumbnail cache's)
    /// worth reading before the full decode: large camera files do; small files decoded at start need none.
    var offersQuickImages: Bool { get }
}

/// The origins the app knows, one line each.
public enum PhotoOrigins {
    /// `imagesFolder` and `bundled`: the shipped photos' folder and their thumbnails (`BundledPhotoIndex.load`).
    public static func standard(imagesFolder: String, bundled: BundledPhotoIndex) -> [any PhotoOrigin] {
        [BundledPhotos(folder: imagesFolder, thumbnails: bundled),
         FolderPhotos()]
    }
}
