import ParallaxEngine

/// The photos shipped under `Resources/Images`, by file name (a string literal `PhotoID` is one):
/// their thumbnails are committed beside them (`BundledPhotoIndex`); small, decoded at start, they
/// need no quick image.
public struct BundledPhotos: PhotoOrigin {
    public let name = PhotoID.bundledOrigin
    let folder: String
    let thumbnails: BundledPhotoIndex

    public init(folder: String, thumbnails: BundledPhotoIndex = BundledPhotoIndex([:])) {
        self.folder = folder
        self.thumbnails = thumbnails
    }

    public func path(of key: String) -> String { folder + "/" + key }
    public func thumbnail(of key: String) -> ImageThumbnail? { thumbnails.thumbnails[key] }
    public let offersQuickImages = false
}

extension PhotoID {
    /// A shipped photo, by its file name under `Resources/Images`.
    public static func bundled(_ name: String) -> PhotoID { PhotoID(origin: PhotoID.bundledOrigin, key: name) }
}
