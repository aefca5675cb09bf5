import CSDL2
import CSDL2TTF
import ParallaxEngine
import ParallaxFrame

/// Fonts and rendered text lines for one renderer. Lines are rendered once in their colour (a
/// colour modulation at draw time would take SDL's software renderer off its fast blending path for
/// every glyph pixel, every frame), and so is their colour's alpha; a run's opacity is an alpha
/// modulation. Measures for the scenes.
public final class TextCache: TextMeasuring {
    public struct MissingFont: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "font \(path) cannot be opened: \(reason)" }
    }

    struct FontKey: Hashable { let pixelSize: Int32; let weight: Font.Weight }
    struct LineKey: Hashable {
        let text: String
        let font: FontKey
        var color = Color(r: 255, g: 255, b: 255)
        /// Rendered opaque on this colour (`TextRun.background`), else with alpha.
        var background: Color?
    }
    struct Line { let texture: OpaquePointer; let pixelSize: Size; var lastUsed: Int }

    /// Text lines kept before the least recently used are dropped.
    static let lineBudget = 1024

    private let renderer: OpaquePointer
    private let paths: [Font.Weight: String]
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var lines: [LineKey: Line] = [:]
    /// Lines held as textures.
    var lineCount: Int { lines.count }
    /// Measurements asked for every frame (tab labels, pager lines) cost a hash lookup, not FreeType.
    private var measured: [LineKey: Size] = [:]
    static let measureBudget = 4096
    /// Glyph coverage of the lines a bar's material has composited (`BackdropBlur`): the few that
    /// scroll under a bar, so a line's coverage is rendered on first ask rather than kept for all.
    private var coverages: [LineKey: GlyphCoverage] = [:]
    static let coverageBudget = 256
    private var useCounter = 0
    /// Device pixels per logical pixel: text is rasterised at device resolution (sharp on HiDPI).
    /// The renderer keeps it and sets it here (`DisplayListRenderer.pixelScale`).
    public internal(set) var pixelScale: Double = 1 {
        didSet {
            if pixelScale != oldValue {
                clearLines()
                measured.removeAll()
                coverages.removeAll()
            }
        }
    }

    /// Opens the regular and bold faces now, so a missing font is reported at start.
    public init(renderer: OpaquePointer, fontsFolder: String) throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("TTF_Init") }
        self.renderer = renderer
        paths = [.regular: fontsFolder + "/DejaVuSans.ttf", .bold: fontsFolder + "/DejaVuSans-Bold.ttf"]
        for weight in [Font.Weight.regular, .bold] {
            _ = try font(FontKey(pixelSize: 16, weight: weight))
        }
    }

    deinit {
        clearLines()
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// Destroys every line's texture; the renderer's owner calls it before the renderer goes
    /// (`Canvas`), as SDL_DestroyRenderer frees them all and a later destroy would touch freed memory.
    func clearLines() {
        for line in lines.values { SDL_DestroyTexture(line.texture) }
        lines.removeAll()
    }

    private func key(for font: Font) -> FontKey {
        FontKey(pixelSize: Int32(max(1, min(512, (font.size * pixelScale).rounded()))), weight: font.weight)
    }

    private func font(_ key: FontKey) throws -> OpaquePointer {
        if let font = fonts[key] { return font }
        let path = paths[key.weight]!
        guard let font = TTF_OpenFont(path, key.pixelSize) else {
            throw MissingFont(path: path, reason: String(cString: SDL_GetError()))
        }
        fonts[key] = font
        return font
    }

    public func size(of text: String, font: Font) -> Size {
        let lineKey = LineKey(text: text, font: key(for: font))
        if let size = measured[lineKey] { return size }
        guard let ttf = try? self.font(lineKey.font) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        if !text.isEmpty { TTF_SizeUTF8(ttf, text, &w, &h) }
        let size = Size(width: Double(w) / pixelScale, height: Double(TTF_FontHeight(ttf)) / pixelScale)
        if measured.count >= Self.measureBudget { measured.removeAll(keepingCapacity: true) }
        measured[lineKey] = size
        return size
    }

    /// The texture of `text` in `color` and its size in logical pixels; nil for empty text. With a
    /// `background`, the line is opaque: `color`, its alpha included, anti-aliased against that
    /// background (SDL's software renderer then copies it, instead of blending every pixel of its
    /// box); without one, `color`'s alpha is in the glyphs' alpha, so a draw at full opacity needs no
    /// alpha modulation, which would take the software renderer off its fast blending path.
    func line(_ text: String, font: Font, color: Color, background: Color? = nil) -> (texture: OpaquePointer, size: Size)? {
        guard !text.isEmpty else { return nil }
        let ink = background.map { color.composited(over: $0) } ?? color
        let lineKey = LineKey(text: text, font: key(for: font), color: ink, background: background)
        useCounter += 1
        if var line = lines[lineKey] {
            line.lastUsed = useCounter
            lines[lineKey] = line
            return (line.texture, logical(line.pixelSize))
        }
        let foreground = SDL_Color(r: ink.r, g: ink.g, b: ink.b, a: 255)
        guard let ttf = try? self.font(lineKey.font),
              let surface = background.map({ TTF_RenderUTF8_Shaded(ttf, text, foreground, SDL_Color(r: $0.r, g: $0.g, b: $0.b, a: 255)) })
                  ?? TTF_RenderUTF8_Blended(ttf, text, foreground) else { return nil }
        defer { SDL_FreeSurface(surface) }
        if background == nil, ink.a < 255 { scaleAlpha(of: surface, by: ink.a) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, background == nil ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        let pixelSize = Size(width: Double(surface.pointee.w), height: Double(surface.pointee.h))
        if lines.count >= Self.lineBudget { evictOldest() }
        lines[lineKey] = Line(texture: texture, pixelSize: pixelSize, lastUsed: useCounter)
        return (texture, logical(pixelSize))
    }

    /// The ink of `text` in `font` a device pixel at a time, as `line` renders it (FreeType's coverage:
    /// a blended line's alpha, a shaded line's grey level); nil for empty text.
    func coverage(of text: String, font: Font) -> GlyphCoverage? {
        guard !text.isEmpty else { return nil }
        let lineKey = LineKey(text: text, font: key(for: font))
        if let coverage = coverages[lineKey] { return coverage }
        guard let ttf = try? self.font(lineKey.font), let surface = TTF_RenderUTF8_Blended(ttf, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = s.pixels else { return nil }
        let w = Int(s.w), h = Int(s.h)
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = (pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { alpha[y * w + x] = UInt8(row[x] >> 24) }
        }
        if coverages.count >= Self.coverageBudget { coverages.removeAll(keepingCapacity: true) }
        let coverage = GlyphCoverage(width: w, height: h, alpha: alpha)
        coverages[lineKey] = coverage
        return coverage
    }

    /// Multiplies the alpha of a blended line's ARGB8888 pixels by `a`/255, as SDL's own alpha
    /// modulation would at every draw.
    private func scaleAlpha(of surface: UnsafeMutablePointer<SDL_Surface>, by a: UInt8) {
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = s.pixels else { return }
        for y in 0..<Int(s.h) {
            let row = (pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(s.w) {
                let p = row[x]
                row[x] = (p & 0x00FF_FFFF) | ((p >> 24) * UInt32(a) / 255) << 24
            }
        }
    }

    private func logical(_ s: Size) -> Size { Size(width: s.width / pixelScale, height: s.height / pixelScale) }

    /// Drops the least recently used half, so eviction is rare and amortised.
    private func evictOldest() {
        let sorted = lines.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, line) in sorted.prefix(lines.count / 2) {
            SDL_DestroyTexture(line.texture)
            lines[key] = nil
        }
    }
}
