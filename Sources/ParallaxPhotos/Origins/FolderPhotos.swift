import ParallaxEngine

/// The user's photos (`--photos`), by absolute path: their colours come from the folder's
/// `PhotoIndex` once `PhotoSource.indexPhotos` has started it; camera files may hold a quick image.
public final class FolderPhotos: PhotoOrigin {
    /// Its `name`: what `PhotoID.file` says.
    public static let originName = "folder"
    public var name: String { Self.originName }
    /// The photos' colours while they decode.
    var index: PhotoIndex?

    public init() {}

    public func path(of key: String) -> String { key }
    public func thumbnail(of key: String) -> ImageThumbnail? { index?.entry(for: key)?.thumbnail }
    public let offersQuickImages = true
}

extension PhotoID {
    /// One of the user's photos, by its absolute path.
    public static func file(_ path: String) -> PhotoID { PhotoID(origin: FolderPhotos.originName, key: path) }
}
