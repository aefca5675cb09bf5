/// The stretchy header (docs/physics-and-effects.md, "Header").
///
/// A header image in a container of aspect `aspect` (width / height, 2 by default) at the top of the
/// content, whose top is at screen y 0 when the scroll offset `s` is 0.
/// - `s >= 0`: the container scrolls with the content and clips; the image inside moves down by
///   `s * (1 - speed)`, so with `speed` 0.5 it scrolls at half speed.
/// - `s < 0` (pulled past the top): the image's top sticks to the viewport's top and it grows by
///   `|s|` in height, keeping its aspect by growing in width, centred, unclipped.
/// `speed` 1 and `stretches` false give a plain header (reduced motion).
public enum StretchyHeader {
    public struct Frames: Equatable, Sendable {
        /// The container, on screen.
        public var container: Rect
        /// The image, on screen.
        public var image: Rect
        /// Whether the image is clipped by the container.
        public var clipped: Bool
    }

    public static func frames(offset s: Double, width: Double, aspect: Double = 2,
                              speed: Double = 0.5, stretches: Bool = true) -> Frames {
        let height = aspect > 0 ? width / aspect : 0
        let container = Rect(x: 0, y: -s, width: width, height: height)
        if s < 0, stretches {
            let grownHeight = height - s
            let grownWidth = grownHeight * aspect
            return Frames(container: container,
                          image: Rect(x: (width - grownWidth) / 2, y: 0, width: grownWidth, height: grownHeight),
                          clipped: false)
        }
        let imageY = s >= 0 ? -s + s * (1 - speed) : -s
        return Frames(container: container, image: Rect(x: 0, y: imageY, width: width, height: height), clipped: true)
    }
}
