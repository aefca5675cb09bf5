/// Measures text as the platform will draw it, so scenes can lay text out without touching fonts.
public protocol TextMeasuring: AnyObject {
    /// The width of `text` and the font's line height, in logical pixels.
    func size(of text: String, font: Font) -> Size
}

/// Tells scenes the pixel size of images, so they can compute source rects (aspect-fill), and
/// what an image looks like before it is decoded.
public protocol ImageMetrics: AnyObject {
    /// nil while the image is not (or cannot be) loaded; the renderer draws a placeholder then.
    func pixelSize(of image: PhotoID) -> Size?
    /// The image in small from a photo index, known before its decode; nil where no index has it.
    func thumbnail(of image: PhotoID) -> ImageThumbnail?
}

extension ImageMetrics {
    /// The tone of `region` of the image (fractions of its width and height) from its thumbnail:
    /// its mean colour and how busy it is (`ImageTone`); nil where no thumbnail is known.
    public func tone(of image: PhotoID, in region: Rect) -> ImageTone? { thumbnail(of: image)?.tone(in: region) }
}

/// What a scene may ask of the world around it: measurements only, never drawing or time.
public struct SceneEnvironment {
    public var text: TextMeasuring
    public var images: ImageMetrics
    public init(text: TextMeasuring, images: ImageMetrics) { self.text = text; self.images = images }
}

/// A scene turns input and absolute time into a display list. It never reads a clock or draws.
public protocol Scene: AnyObject {
    var name: String { get }
    var viewport: Size { get }
    /// Events arrive in time order with the time they happened; `.resize` carries the new viewport.
    func handle(_ event: InputEvent, at time: Double)
    /// Brings the scene's state to `time` (closed form: any sequence of times gives the same state).
    func update(to time: Double)
    func draw(into list: inout DisplayList)
}

/// A scene that places the platform's frame-time panel among its own layers, so its other panels
/// never meet it (the playground: docs/architecture.md, "Layers over a scene").
public protocol FrameOverlayHosting: Scene {
    /// The panel's size for the next draw (nil while it is hidden). The scene then reserves its
    /// place in the list (`DisplayList.reserveOverlay`), or leaves it out where a panel needs the room.
    var frameOverlaySize: Size? { get set }
}

/// A scene that can tell the user something in passing (a toast), with a flash for a screenshot.
public protocol Notifying: Scene {
    /// Shows `message` from `time` on (the frames' time, as `update(to:)` gets it).
    func notify(_ message: String, flash: Bool, at time: Double)
}

/// A scene with panels over it: the dismiss key (Esc) closes them, topmost first, before it quits.
public protocol PanelHosting: Scene {
    var hasOpenPanel: Bool { get }
}
