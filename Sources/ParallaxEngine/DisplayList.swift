/// A photo the scenes draw: the name of the origin that holds it (a `PhotoOrigin` in ParallaxPhotos,
/// which tells where its file is and its colours before the decode) and its key there. A string
/// literal names one of the photos shipped under `Resources/Images` by its file name.
public struct PhotoID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let origin: String
    /// The photo within its origin (a shipped photo's file name, a folder photo's absolute path).
    public let key: String

    public init(origin: String, key: String) { self.origin = origin; self.key = key }

    /// The origin a string literal names: the photos shipped with the app (`BundledPhotos`).
    public static let bundledOrigin = "bundled"

    public init(stringLiteral name: String) { self.init(origin: Self.bundledOrigin, key: name) }

    /// Its key: what traces, logs and bench's JSON print.
    public var description: String { key }
}

public struct Font: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, bold }
    public var size: Double
    public var weight: Weight
    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }
}

public struct FillRect: Hashable, Sendable {
    public var rect: Rect
    public var color: Color
    public var clip: Rect?
    public var opacity: Double
}

/// A colour laid over an image (a legibility scrim): its alpha is `topAlpha` down to `start` (a
/// fraction of the image quad's height), then goes linearly to `bottomAlpha` at the bottom. The
/// platform may bake it into the image's texture, so the quad stays one opaque copy.
public struct ImageShade: Hashable, Sendable {
    public var color: Color
    public var topAlpha: UInt8
    public var bottomAlpha: UInt8
    public var start: Double
    public init(color: Color, topAlpha: UInt8, bottomAlpha: UInt8, start: Double) {
        self.color = color; self.topAlpha = topAlpha; self.bottomAlpha = bottomAlpha; self.start = start
    }
}

/// `source` is in the image's pixels; `destination` and `clip` in logical window pixels.
public struct ImageQuad: Hashable, Sendable {
    public var image: PhotoID
    public var source: Rect
    public var destination: Rect
    public var clip: Rect?
    public var opacity: Double
    public var shade: ImageShade?
}

/// One line of text; `origin` is the top-left of its line box.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var font: Font
    public var origin: Point
    public var color: Color
    public var clip: Rect?
    public var opacity: Double
    /// The opaque colour the run is drawn on, where the scene knows it: a renderer may then draw the
    /// line opaque, anti-aliased against it, instead of blending every pixel of its box.
    public var background: Color?
}

/// `rect` filled with `color`, its alpha going from `topAlpha` at the top edge to `bottomAlpha` at the
/// bottom (legibility scrims): one draw, where bands of fills would be hundreds.
public struct GradientRect: Hashable, Sendable {
    public var rect: Rect
    public var color: Color
    public var topAlpha: UInt8
    public var bottomAlpha: UInt8
    public var clip: Rect?
}

/// A filled circle, anti-aliased (edge pixels partly covered), at a sub-pixel centre.
public struct Disc: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    public var color: Color
    public var opacity: Double
    public var clip: Rect?
}

/// A bar's material: what the commands before it drew inside `rect` is blurred (drawn again at
/// 1/`downscale` of its size and scaled back up with linear filtering) and covered by `tint`, so
/// text scrolled under a bar never competes with the bar's own.
public struct Backdrop: Hashable, Sendable {
    public var rect: Rect
    /// How much smaller the blurred copy is drawn: the blur's radius is about this many pixels.
    public var downscale: Double
    public var tint: Color
}

public enum DrawCommand: Hashable, Sendable {
    case fill(FillRect)
    case gradient(GradientRect)
    case image(ImageQuad)
    case text(TextRun)
    case disc(Disc)
    case backdrop(Backdrop)
}

/// An image a scene will draw soon, as `quad`, `due` seconds after the frame's time.
public struct Prefetch: Hashable, Sendable {
    public var quad: ImageQuad
    public var due: Double
}

/// The frame-time panel's place in a display list: drawn at `frame`, before the command at `index`.
public struct OverlaySlot: Sendable, Equatable {
    public var index: Int
    public var frame: Rect
    public init(index: Int, frame: Rect) { self.index = index; self.frame = frame }
}

/// What a scene hands the renderer each frame, drawn in order (painter's algorithm).
public struct DisplayList: Sendable {
    public internal(set) var commands: [DrawCommand] = []
    /// The frame's time, in seconds (`SceneDriver.draw`): what the renderer's own transitions (a
    /// photo fading in over its placeholder) are computed from, closed-form, as scenes' are.
    public var time = 0.0
    /// Images not drawn this frame that will be soon, most urgent first (a fling's landing, then
    /// its way there): the platform decodes them ahead and drops work for images no longer listed.
    public private(set) var prefetch: [Prefetch] = []
    /// Where the platform's frame-time panel goes, if the scene placed it (`FrameOverlayHosting`).
    public private(set) var overlaySlot: OverlaySlot?
    public init() {}

    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        prefetch.removeAll(keepingCapacity: true)
        overlaySlot = nil
    }

    /// Places the frame-time panel at `frame`, drawn after the commands so far and before the rest
    /// (under a later panel's dimming, say).
    public mutating func reserveOverlay(at frame: Rect) {
        overlaySlot = OverlaySlot(index: commands.count, frame: frame)
    }

    /// Puts `other`'s commands at `index`, before the commands from there on.
    public mutating func insert(_ other: DisplayList, at index: Int) {
        commands.insert(contentsOf: other.commands, at: min(index, commands.count))
    }

    /// Asks for `image` to be ready to draw as this quad would (after those asked for before it),
    /// `due` seconds from the frame's time, when it comes into view; with the shade it will be drawn with.
    public mutating func prefetch(_ image: PhotoID, source: Rect, destination: Rect, shade: ImageShade? = nil, due: Double) {
        let quad = ImageQuad(image: image, source: source, destination: destination, clip: nil, opacity: 1, shade: shade)
        prefetch.append(Prefetch(quad: quad, due: due))
    }

    public mutating func fill(_ rect: Rect, _ color: Color, clip: Rect? = nil, opacity: Double = 1) {
        commands.append(.fill(FillRect(rect: rect, color: color, clip: clip, opacity: opacity)))
    }

    public mutating func verticalGradient(_ rect: Rect, _ color: Color, topAlpha: UInt8, bottomAlpha: UInt8, clip: Rect? = nil) {
        commands.append(.gradient(GradientRect(rect: rect, color: color, topAlpha: topAlpha, bottomAlpha: bottomAlpha, clip: clip)))
    }

    public mutating func image(_ image: PhotoID, source: Rect, destination: Rect, clip: Rect? = nil, opacity: Double = 1,
                               shade: ImageShade? = nil) {
        commands.append(.image(ImageQuad(image: image, source: source, destination: destination, clip: clip, opacity: opacity, shade: shade)))
    }

    /// `background`: the opaque colour under the run's whole box, if the scene knows it (`TextRun`).
    public mutating func text(_ text: String, font: Font, at origin: Point, color: Color, clip: Rect? = nil, opacity: Double = 1,
                              on background: Color? = nil) {
        commands.append(.text(TextRun(text: text, font: font, origin: origin, color: color, clip: clip, opacity: opacity,
                                      background: background)))
    }

    public mutating func disc(center: Point, radius: Double, _ color: Color, opacity: Double = 1, clip: Rect? = nil) {
        commands.append(.disc(Disc(center: center, radius: radius, color: color, opacity: opacity, clip: clip)))
    }

    /// Blurs what is drawn so far inside `rect` and tints it (`Backdrop`).
    public mutating func backdrop(_ rect: Rect, downscale: Double, tint: Color) {
        commands.append(.backdrop(Backdrop(rect: rect, downscale: downscale, tint: tint)))
    }
}


extension DisplayList {
    /// The image quads, in drawing order (for tests and tools that inspect a frame).
    public var imageQuads: [ImageQuad] {
        commands.compactMap { if case let .image(quad) = $0 { quad } else { nil } }
    }

    /// The text runs, in drawing order.
    public var textRuns: [TextRun] {
        commands.compactMap { if case let .text(run) = $0 { run } else { nil } }
    }
}

extension DisplayList {
    /// Appends `other`'s commands moved right by `dx` and clipped to `pane` (compare mode's panes).
    public mutating func append(_ other: DisplayList, movedBy dx: Double, within pane: Rect) {
        func clip(_ rect: Rect?) -> Rect {
            (rect?.offsetBy(dx: dx) ?? pane).intersection(pane) ?? Rect(x: pane.minX, y: pane.minY, width: 0, height: 0)
        }
        for command in other.commands {
            switch command {
            case var .fill(f): f.rect = f.rect.offsetBy(dx: dx); f.clip = clip(f.clip); commands.append(.fill(f))
            case var .gradient(g): g.rect = g.rect.offsetBy(dx: dx); g.clip = clip(g.clip); commands.append(.gradient(g))
            case var .image(q): q.destination = q.destination.offsetBy(dx: dx); q.clip = clip(q.clip); commands.append(.image(q))
            case var .text(t): t.origin.x += dx; t.clip = clip(t.clip); commands.append(.text(t))
            case var .disc(d): d.center.x += dx; d.clip = clip(d.clip); commands.append(.disc(d))
            case var .backdrop(b):
                guard let rect = b.rect.offsetBy(dx: dx).intersection(pane) else { continue }
                b.rect = rect
                commands.append(.backdrop(b))
            }
        }
    }
}
