import ParallaxEngine

extension DisplayList {
    /// A filled disc as one-pixel rows (the display list has rects, not curves); fine for small dots.
    mutating func fillDisc(center: Point, radius: Double, _ color: Color, opacity: Double = 1) {
        let top = (center.y - radius).rounded(.down), bottom = (center.y + radius).rounded(.up)
        var y = top
        while y < bottom {
            let dy = y + 0.5 - center.y
            let half = (radius * radius - dy * dy).squareRoot()
            if half > 0 { fill(Rect(x: center.x - half, y: y, width: 2 * half, height: 1), color, opacity: opacity) }
            y += 1
        }
    }

    /// A vertical gradient from transparent to `color` (legibility scrims).
    mutating func fillVerticalFade(_ rect: Rect, to color: Color, clip: Rect? = nil) {
        verticalGradient(rect, color, topAlpha: 0, bottomAlpha: color.a, clip: clip)
    }
}
