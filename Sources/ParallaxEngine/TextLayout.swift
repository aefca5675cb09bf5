/// Greedy word wrapping with a platform's measurements.
public enum TextLayout {
    /// Breaks `text` into lines no wider than `width`; a word wider than `width` gets a line of its own.
    /// Explicit newlines start new lines.
    public static func wrap(_ text: String, font: Font, width: Double, measurer: TextMeasuring) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || measurer.size(of: candidate, font: font).width <= width {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` wrapped to `width` in the largest size from `font.size` down to `minSize`, 1 px at a
    /// time, at which every line fits and there are at most `maxLines`; at `minSize` whatever that
    /// gives, for the caller to clip (text shrinks before it is cut).
    public static func fit(_ text: String, font: Font, minSize: Double, width: Double, maxLines: Int = .max,
                           measurer: TextMeasuring) -> (font: Font, lines: [String]) {
        var size = font.size
        while true {
            let sized = Font(size: size, weight: font.weight)
            let lines = wrap(text, font: sized, width: width, measurer: measurer)
            if size <= minSize || (lines.count <= maxLines && lines.allSatisfy({ measurer.size(of: $0, font: sized).width <= width })) {
                return (sized, lines)
            }
            size = max(minSize, size - 1)
        }
    }

    /// One line of `text` in the largest size from `font.size` down to `minSize`, 1 px at a time,
    /// no wider than `width` (at `minSize`, for the caller to clip). Measures only whole lines, so it
    /// is cheap enough for every frame.
    public static func fitLine(_ text: String, font: Font, minSize: Double, width: Double, measurer: TextMeasuring) -> Font {
        var sized = font
        while sized.size > minSize, measurer.size(of: text, font: sized).width > width {
            sized.size = max(minSize, sized.size - 1)
        }
        return sized
    }
}
