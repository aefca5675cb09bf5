/// The app's version: thumbnails it writes name it (`Software`, and the failure folder
/// `fail/parallax-<version>/` of the thumbnail standard, which keys failures by app and version).
public enum ParallaxVersion {
    public static let current = "0.1.0"
}
