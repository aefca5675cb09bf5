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

    /// A vertical gradient from transparent to `color` in bands about 3 px tall, too fine to see
    /// as steps (legibility scrims).
    mutating func fillVerticalFade(_ rect: Rect, to color: Color, clip: Rect? = nil) {
        let steps = max(1, min(Int(color.a), Int(rect.height / 3)))
        let band = rect.height / Double(steps)
        for i in 0..<steps {
            let alpha = Double(color.a) * (Double(i) + 0.5) / Double(steps)
            // Whole-pixel edges: rounded fractional edges would overlap and show as lines.
            let y0 = (rect.minY + Double(i) * band).rounded(), y1 = (rect.minY + Double(i + 1) * band).rounded()
            guard y1 > y0 else { continue }
            fill(Rect(x: rect.minX, y: y0, width: rect.width, height: y1 - y0),
                 color.withAlpha(UInt8(alpha.rounded())), clip: clip)
        }
    }
}
