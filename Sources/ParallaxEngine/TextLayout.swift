/// Word wrapping with a platform's measurements: greedy, or balanced (docs/physics-and-effects.md, "Text").
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

    /// Breaks `text` into as many lines as `wrap` does, balanced: each paragraph is wrapped greedily
    /// at the narrowest width that keeps its line count (to half a pixel), so its lines come out
    /// about even; then a last line of one word takes the last word of the line above when that line
    /// keeps a word and the two fit `width` (no orphan). No line is wider than `width` but a single
    /// word that is, as in `wrap`.
    public static func wrapBalanced(_ text: String, font: Font, width: Double, measurer: TextMeasuring) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            let paragraph = String(paragraph)
            let greedy = wrap(paragraph, font: font, width: width, measurer: measurer)
            guard greedy.count > 1 else { return greedy }
            // Fewer words a line as the width narrows: the count only grows, so bisect for where it does.
            var (lo, hi) = (0.0, width), lines = greedy
            while hi - lo > 0.5 {
                let mid = (lo + hi) / 2
                let narrower = wrap(paragraph, font: font, width: mid, measurer: measurer)
                if narrower.count <= greedy.count { (hi, lines) = (mid, narrower) } else { lo = mid }
            }
            let last = lines[lines.count - 1], above = lines[lines.count - 2]
            if !last.contains(" "), let space = above.lastIndex(of: " ") {
                let pulled = above[above.index(after: space)...] + " " + last
                if measurer.size(of: pulled, font: font).width <= width {
                    lines[lines.count - 2] = String(above[..<space])
                    lines[lines.count - 1] = pulled
                }
            }
            return lines
        }
    }

    /// `text` wrapped to `width` in the largest size from `font.size` down to `minSize`, 1 px at a
    /// time, at which every line fits and there are at most `maxLines`; at `minSize` whatever that
    /// gives, for the caller to clip (text shrinks before it is cut). `balanced`: lines broken by
    /// `wrapBalanced` (the same count, so the same size).
    public static func fit(_ text: String, font: Font, minSize: Double, width: Double, maxLines: Int = .max, balanced: Bool = false,
                           measurer: TextMeasuring) -> (font: Font, lines: [String]) {
        var size = font.size
        while true {
            let sized = Font(size: size, weight: font.weight)
            let lines = balanced ? wrapBalanced(text, font: sized, width: width, measurer: measurer)
                : wrap(text, font: sized, width: width, measurer: measurer)
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
