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
}
