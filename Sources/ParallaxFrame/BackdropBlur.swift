import ParallaxEngine

/// One text line's glyph coverage at device resolution, a byte a pixel (0: no ink, 255: all ink), as
/// FreeType rasterises it for the line's texture.
public struct GlyphCoverage: Sendable {
    public let width: Int
    public let height: Int
    public let alpha: [UInt8]

    public init(width: Int, height: Int, alpha: [UInt8]) {
        self.width = width
        self.height = height
        self.alpha = alpha
    }
}

/// What a backdrop reads of a frame's photos and text.
public protocol BackdropSources {
    /// The thumbnail made from the photo's decode (at most 128 px a side, `ImageDecoder.thumbnailSide` in ParallaxPhotos) and
    /// the whole image's size, once its texture is ready; nil while the renderer draws a placeholder.
    func decodedThumbnail(of image: PhotoID) -> (thumbnail: ImageThumbnail, imageSize: Size)?
    func coverage(of text: String, font: Font) -> GlyphCoverage?
    func size(of text: String, font: Font) -> Size
}

/// A bar's material (`Backdrop`), computed on the CPU at its blurred size: the commands drawn before
/// it are composited again, inside its rect only, into cells `downscale` device pixels a side, each
/// cell the area average of what covers it (photos sampled from their thumbnails, text from its glyph
/// coverage), then tinted. The renderer uploads the cells and scales them back up with linear
/// filtering: a blur of about `downscale` pixels. Drawing the same commands into small render
/// targets gave the same picture for 0.3-0.9 ms of the window's frame on llvmpipe, which flushes
/// what is queued at every switch of target (docs/physics-and-effects.md, "The bar's material"); here the grid is a few
/// hundred cells, and the same on every renderer.
public struct BackdropBlur {
    public let rect: Rect
    public let columns: Int
    public let rows: Int
    /// Each cell's colour, 0-255 a channel, row by row.
    private var cells: [SIMD3<Double>]
    private let cellWidth: Double
    private let cellHeight: Double
    private let pixelScale: Double

    /// The cells over `rect` (logical pixels) at `downscale` device pixels a side, filled with the
    /// frame's `background` (its clear colour).
    public init(rect: Rect, downscale: Double, pixelScale: Double, background: Color) {
        self.rect = rect
        self.pixelScale = pixelScale
        let factor = max(1, downscale)
        columns = max(0, Int((rect.width * pixelScale / factor).rounded(.up)))
        rows = max(0, Int((rect.height * pixelScale / factor).rounded(.up)))
        cellWidth = columns > 0 ? rect.width / Double(columns) : 0
        cellHeight = rows > 0 ? rect.height / Double(rows) : 0
        cells = Array(repeating: Self.rgb(background), count: columns * rows)
    }

    /// Adds one command drawn before the backdrop, as the renderer draws it.
    public mutating func composite(_ command: DrawCommand, from sources: BackdropSources) {
        switch command {
        case let .fill(fill):
            guard let visible = visible(fill.rect, clip: fill.clip) else { return }
            let color = Self.rgb(fill.color), a = Self.alpha(fill.color.a, fill.opacity)
            paint(visible) { _ in (color, a) }
        case let .gradient(gradient):
            guard let visible = visible(gradient.rect, clip: gradient.clip) else { return }
            let color = Self.rgb(gradient.color), r = gradient.rect
            let top = Double(gradient.topAlpha), bottom = Double(gradient.bottomAlpha)
            paint(visible) { overlap in (color, (top + (bottom - top) * (overlap.midY - r.minY) / r.height) / 255) }
        case let .image(quad):
            compositeImage(quad, decoded: sources.decodedThumbnail(of: quad.image))
        case let .text(run):
            let box = Rect(origin: Point(x: run.origin.x.rounded(), y: run.origin.y.rounded()), size: sources.size(of: run.text, font: run.font))
            guard visible(box, clip: run.clip) != nil, let glyphs = sources.coverage(of: run.text, font: run.font) else { return }
            compositeText(run, at: box.origin, glyphs: glyphs)
        case let .disc(disc):
            let r = disc.radius
            guard r > 0, let visible = visible(Rect(x: disc.center.x - r, y: disc.center.y - r, width: 2 * r, height: 2 * r), clip: disc.clip)
            else { return }
            let color = Self.rgb(disc.color), a = Self.alpha(disc.color.a, disc.opacity)
            paint(visible) { overlap in
                // Coverage of the disc within the overlap, sampled on a 4x4 grid.
                var inside = 0
                for i in 0..<4 {
                    for j in 0..<4 {
                        let dx = overlap.minX + overlap.width * (Double(i) + 0.5) / 4 - disc.center.x
                        let dy = overlap.minY + overlap.height * (Double(j) + 0.5) / 4 - disc.center.y
                        if dx * dx + dy * dy <= r * r { inside += 1 }
                    }
                }
                return (color, a * Double(inside) / 16)
            }
        case .backdrop:
            // One backdrop's material never shows in another's: it would be blurred twice.
            break
        }
    }

    /// Covers every cell with `tint` at its alpha.
    public mutating func tint(_ tint: Color) {
        let color = Self.rgb(tint), a = Double(tint.a) / 255
        for index in cells.indices { blend(index, color, a) }
    }

    /// The cells as opaque ARGB8888, row by row, rounded to the nearest level.
    public var argbPixels: [UInt32] {
        cells.map { c in
            func level(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v.rounded()))) }
            return 0xFF00_0000 | level(c.x) << 16 | level(c.y) << 8 | level(c.z)
        }
    }

    private mutating func compositeImage(_ quad: ImageQuad, decoded: (thumbnail: ImageThumbnail, imageSize: Size)?) {
        let d = quad.destination, s = quad.source
        guard d.width > 0, d.height > 0, let visible = visible(d, clip: quad.clip) else { return }
        let a = Self.alpha(255, quad.opacity)
        let shade = quad.shade.map { (color: Self.rgb($0.color), split: d.minY + d.height * $0.start, top: Double($0.topAlpha), bottom: Double($0.bottomAlpha)) }
        // Source pixels per logical pixel; samples a cell, each a bilinear mean of up to 2x2 texels:
        // one for every two texels the cell spans (most cells hold two or fewer), at most 4x4.
        let sx = s.width / d.width, sy = s.height / d.height
        // Thumbnail pixels per image pixel, across and down.
        let thumbnail = decoded?.thumbnail
        let scaleX = decoded.map { Double($0.thumbnail.width) / $0.imageSize.width } ?? 0
        let scaleY = decoded.map { Double($0.thumbnail.height) / $0.imageSize.height } ?? 0
        let samples = thumbnail == nil ? 1 : max(1, min(4, Int((max(cellWidth * sx * scaleX, cellHeight * sy * scaleY) / 2).rounded())))
        paint(visible) { overlap in
            var color = Self.rgb(PixelRules.placeholderFill)
            if let thumbnail {
                var sum = SIMD3<Double>(repeating: 0)
                for j in 0..<samples {
                    let y = s.minY + (overlap.minY + overlap.height * (Double(j) + 0.5) / Double(samples) - d.minY) * sy
                    for i in 0..<samples {
                        let x = s.minX + (overlap.minX + overlap.width * (Double(i) + 0.5) / Double(samples) - d.minX) * sx
                        sum += Self.sample(thumbnail, x * scaleX, y * scaleY)
                    }
                }
                color = sum / Double(samples * samples)
            }
            if let shade {
                let t = overlap.midY <= shade.split ? 0 : (overlap.midY - shade.split) / (d.maxY - shade.split)
                let shadeAlpha = (shade.top + (shade.bottom - shade.top) * t) / 255
                color += (shade.color - color) * shadeAlpha
            }
            return (color, a)
        }
    }

    /// The line's ink, pixel by pixel, summed into the cells their centres fall in; opaque lines
    /// (`TextRun.background` at full opacity, as the renderer draws them) cover their box first.
    private mutating func compositeText(_ run: TextRun, at origin: Point, glyphs: GlyphCoverage) {
        let k = pixelScale
        let box = Rect(origin: origin, size: Size(width: Double(glyphs.width) / k, height: Double(glyphs.height) / k))
        guard let visible = visible(box, clip: run.clip) else { return }
        var ink = Self.rgb(run.color), inkAlpha = Double(run.color.a) / 255 * Self.alpha(255, run.opacity)
        if run.opacity == 1, let background = run.background {
            paint(visible) { _ in (Self.rgb(background), 1) }
            ink = Self.rgb(run.color.composited(over: background))
            inkAlpha = 1
        }
        var sums = [Double](repeating: 0, count: cells.count)
        let x0 = max(0, Int(((visible.minX - origin.x) * k).rounded(.down))), x1 = min(glyphs.width, Int(((visible.maxX - origin.x) * k).rounded(.up)))
        let y0 = max(0, Int(((visible.minY - origin.y) * k).rounded(.down))), y1 = min(glyphs.height, Int(((visible.maxY - origin.y) * k).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let cy = origin.y + (Double(y) + 0.5) / k
            guard cy >= visible.minY, cy < visible.maxY else { continue }
            let row = min(rows - 1, Int((cy - rect.minY) / cellHeight))
            for x in x0..<x1 {
                let cx = origin.x + (Double(x) + 0.5) / k
                guard cx >= visible.minX, cx < visible.maxX else { continue }
                let c = glyphs.alpha[y * glyphs.width + x]
                if c > 0 { sums[row * columns + min(columns - 1, Int((cx - rect.minX) / cellWidth))] += Double(c) }
            }
        }
        let cellPixels = cellWidth * cellHeight * k * k
        for index in sums.indices where sums[index] > 0 {
            blend(index, ink, inkAlpha * min(1, sums[index] / 255 / cellPixels))
        }
    }

    /// `r` within the backdrop and the command's clip as the renderer sets it; nil where nothing of it shows.
    private func visible(_ r: Rect, clip: Rect?) -> Rect? {
        guard columns > 0, rows > 0, let shown = r.intersection(rect) else { return nil }
        guard let clip else { return shown }
        return shown.intersection(PixelRules.pixelClip(clip))
    }

    /// Lays a layer over every cell `r` overlaps: `layer` gives its colour and alpha over the overlap,
    /// and the alpha is scaled by the fraction of the cell the overlap covers (an area average).
    private mutating func paint(_ r: Rect, _ layer: (_ overlap: Rect) -> (color: SIMD3<Double>, alpha: Double)) {
        let c0 = max(0, Int(((r.minX - rect.minX) / cellWidth).rounded(.down)))
        let c1 = min(columns, Int(((r.maxX - rect.minX) / cellWidth).rounded(.up)))
        let r0 = max(0, Int(((r.minY - rect.minY) / cellHeight).rounded(.down)))
        let r1 = min(rows, Int(((r.maxY - rect.minY) / cellHeight).rounded(.up)))
        guard c0 < c1, r0 < r1 else { return }
        for row in r0..<r1 {
            for column in c0..<c1 {
                let cell = Rect(x: rect.minX + Double(column) * cellWidth, y: rect.minY + Double(row) * cellHeight,
                                width: cellWidth, height: cellHeight)
                guard let overlap = cell.intersection(r) else { continue }
                let (color, alpha) = layer(overlap)
                blend(row * columns + column, color, alpha * overlap.width * overlap.height / (cellWidth * cellHeight))
            }
        }
    }

    private mutating func blend(_ index: Int, _ color: SIMD3<Double>, _ a: Double) {
        cells[index] += (color - cells[index]) * a
    }

    /// The thumbnail bilinearly at `(x, y)` in its pixels (texel centres at half pixels), edges clamped.
    private static func sample(_ t: ImageThumbnail, _ x: Double, _ y: Double) -> SIMD3<Double> {
        let fx = min(max(x - 0.5, 0), Double(t.width - 1)), fy = min(max(y - 0.5, 0), Double(t.height - 1))
        let x0 = Int(fx), y0 = Int(fy), x1 = min(x0 + 1, t.width - 1), y1 = min(y0 + 1, t.height - 1)
        let u = fx - Double(x0), v = fy - Double(y0)
        func texel(_ x: Int, _ y: Int) -> SIMD3<Double> {
            let p = t.pixels[y * t.width + x]
            return SIMD3(Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
        }
        let top = texel(x0, y0) + (texel(x1, y0) - texel(x0, y0)) * u
        let bottom = texel(x0, y1) + (texel(x1, y1) - texel(x0, y1)) * u
        return top + (bottom - top) * v
    }

    private static func rgb(_ c: Color) -> SIMD3<Double> { SIMD3(Double(c.r), Double(c.g), Double(c.b)) }

    /// A colour's alpha times an opacity, at the level the renderer sets, 0-1.
    private static func alpha(_ a: UInt8, _ opacity: Double) -> Double {
        Double(PixelRules.alpha(a, opacity)) / 255
    }
}
