import ParallaxEngine

extension DisplayList {
    /// A vertical gradient from transparent to `color` (legibility scrims).
    mutating func fillVerticalFade(_ rect: Rect, to color: Color, clip: Rect? = nil) {
        verticalGradient(rect, color, topAlpha: 0, bottomAlpha: color.a, clip: clip)
    }
}
