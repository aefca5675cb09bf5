import CSDL2
import ParallaxEngine

/// Executes a display list with an SDL renderer; the only place a display list turns into pixels.
///
/// It sets SDL state only when a command needs a different one (clip rect, draw blend mode), draws
/// opaque fills unblended (SDL's software renderer blends every pixel of a blended fill, even an
/// opaque one) and turns a first opaque full-window fill into the clear, so a frame costs its
/// pixels rather than its state changes.
public final class DisplayListRenderer {
    public let renderer: OpaquePointer
    public let textures: TextureCache
    public let text: TextCache

    static let placeholderFill = Color(r: 58, g: 63, b: 75)
    static let placeholderMark = Color(r: 110, g: 118, b: 135)

    private lazy var isSoftware: Bool = {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }()

    /// The clip rect and draw blend mode SDL has now; nil before the first frame sets them.
    private var currentClip: SDL_Rect??
    private var currentBlend: SDL_BlendMode?

    public init(renderer: OpaquePointer, textures: TextureCache, text: TextCache) {
        self.renderer = renderer
        self.textures = textures
        self.text = text
    }

    public func render(_ list: DisplayList) {
        currentClip = nil
        currentBlend = nil
        var commands = list.commands[...]
        if textures.decodesSynchronously {
            textures.decodeAhead(list.imageQuads.map { quad in
                let (drawnScale, shade) = textureRequest(quad)
                return (quad.image, drawnScale, shade)
            })
        }
        setClip(nil)
        if let covered = Self.firstCoveringImage(in: list.commands, output: logicalOutputSize) {
            commands = commands[covered...]
        } else {
            var background = Color(r: 0, g: 0, b: 0)
            if case let .fill(first)? = commands.first, first.clip == nil, alpha(first.color.a, first.opacity) == 255, covers(first.rect) {
                background = first.color
                commands = commands.dropFirst()
            }
            SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
            SDL_RenderClear(renderer)
        }
        for command in commands {
            switch command {
            case let .fill(fill):
                setClip(fill.clip)
                fillRect(fill.rect, fill.color, opacity: fill.opacity)
            case let .gradient(gradient):
                setClip(gradient.clip)
                drawGradient(gradient.rect, gradient.color, top: gradient.topAlpha, bottom: gradient.bottomAlpha)
            case let .image(quad):
                setClip(quad.clip)
                drawImage(quad)
            case let .text(run):
                setClip(run.clip)
                drawText(run)
            }
        }
        setClip(nil)
    }

    /// The renderer's output in logical pixels.
    private var logicalOutputSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        var sx: Float = 1, sy: Float = 1
        SDL_GetRendererOutputSize(renderer, &w, &h)
        SDL_RenderGetScale(renderer, &sx, &sy)
        return Size(width: Double(w) / Double(sx), height: Double(h) / Double(sy))
    }

    /// Whether `rect` covers the renderer's whole output.
    private func covers(_ rect: Rect) -> Bool {
        let output = logicalOutputSize
        return rect.minX <= 0 && rect.minY <= 0 && rect.maxX >= output.width && rect.maxY >= output.height
    }

    /// The first of the opaque images that, side by side, cover all of `output`, or nil. Nothing
    /// drawn before it can show, the clear included: the pager's pages cover the window, and
    /// clearing it first cost SDL's software renderer a sixth of the pager's frame. An image counts
    /// where it surely lands: its clip with edges rounded (as `setClip` sets them), its destination
    /// shrunk to whole pixels; only full-height spans count, which is the pager's case.
    static func firstCoveringImage(in commands: [DrawCommand], output: Size) -> Int? {
        var spans: [(index: Int, minX: Double, maxX: Double)] = []
        for (index, command) in commands.enumerated() {
            guard case let .image(quad) = command, quad.opacity >= 1 else { continue }
            var minX = quad.destination.minX.rounded(.up), maxX = quad.destination.maxX.rounded(.down)
            var minY = quad.destination.minY.rounded(.up), maxY = quad.destination.maxY.rounded(.down)
            if let clip = quad.clip {
                minX = max(minX, clip.minX.rounded()); maxX = min(maxX, clip.maxX.rounded())
                minY = max(minY, clip.minY.rounded()); maxY = min(maxY, clip.maxY.rounded())
            }
            if minY <= 0, maxY >= output.height, minX < maxX { spans.append((index, minX, maxX)) }
        }
        var reached = 0.0
        for span in spans.sorted(by: { $0.minX < $1.minX }) where span.minX <= reached {
            reached = max(reached, span.maxX)
        }
        return reached >= output.width ? spans.map(\.index).min() : nil
    }

    private func setClip(_ clip: Rect?) {
        var wanted: SDL_Rect?
        if let clip {
            // Clip edges snap to whole logical pixels (SDL clips on integers); contents stay sub-pixel.
            let x0 = clip.minX.rounded(), y0 = clip.minY.rounded()
            var rect = SDL_Rect(x: Int32(clamping: Int(x0)), y: Int32(clamping: Int(y0)),
                                w: Int32(clamping: Int(max(0, clip.maxX.rounded() - x0))),
                                h: Int32(clamping: Int(max(0, clip.maxY.rounded() - y0))))
            if rect.w == 0 || rect.h == 0 {
                // SDL treats an empty clip rect as "no clip"; a 1x1 rect far off screen hides everything instead.
                rect = SDL_Rect(x: -10, y: -10, w: 1, h: 1)
            }
            wanted = rect
        }
        if let currentClip, currentClip?.x == wanted?.x, currentClip?.y == wanted?.y,
           currentClip?.w == wanted?.w, currentClip?.h == wanted?.h { return }
        currentClip = .some(wanted)
        if var rect = wanted { SDL_RenderSetClipRect(renderer, &rect) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    private func setBlend(_ mode: SDL_BlendMode) {
        guard currentBlend != mode else { return }
        currentBlend = mode
        SDL_SetRenderDrawBlendMode(renderer, mode)
    }

    private func fillRect(_ rect: Rect, _ color: Color, opacity: Double) {
        let a = alpha(color.a, opacity)
        setBlend(a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, a)
        var r = frect(rect)
        SDL_RenderFillRectF(renderer, &r)
    }

    /// Two triangles whose vertex colours SDL interpolates: a gradient costs what a fill costs. SDL's
    /// software renderer rasterises such triangles pixel by pixel (a header's scrim took 2.5 ms), and
    /// stretching an alpha ramp over the rect took 3 ms in the header's frames; there the gradient is
    /// bands 2 px high of blended fills, which its fill loop blends fastest (`bench --scene header`:
    /// p50 2.5 to 1.25 ms). Under 3 alpha levels a band: no banding shows.
    private func drawGradient(_ r: Rect, _ c: Color, top: UInt8, bottom: UInt8) {
        setBlend(SDL_BLENDMODE_BLEND)
        if isSoftware {
            let band = 2.0
            var y = r.minY
            while y < r.maxY {
                let height = min(band, r.maxY - y)
                let fraction = r.height > 0 ? (y + height / 2 - r.minY) / r.height : 0
                SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8((Double(top) + (Double(bottom) - Double(top)) * fraction).rounded()))
                var rect = frect(Rect(x: r.minX, y: y, width: r.width, height: height))
                SDL_RenderFillRectF(renderer, &rect)
                y += height
            }
            return
        }
        func vertex(_ x: Double, _ y: Double, _ a: UInt8) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: SDL_Color(r: c.r, g: c.g, b: c.b, a: a), tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let vertices = [vertex(r.minX, r.minY, top), vertex(r.maxX, r.minY, top), vertex(r.maxX, r.maxY, bottom),
                        vertex(r.minX, r.minY, top), vertex(r.maxX, r.maxY, bottom), vertex(r.minX, r.maxY, bottom)]
        _ = vertices.withUnsafeBufferPointer { SDL_RenderGeometry(renderer, nil, $0.baseAddress, Int32($0.count), nil, 0) }
    }

    /// What drawing `quad` asks of the texture cache: its image at the scale it is drawn (device
    /// pixels per image pixel), with its shade in the image's rows.
    private func textureRequest(_ quad: ImageQuad) -> (drawnScale: Double?, shade: ImageDecoder.RowShade?) {
        let s = quad.source
        let drawnScale = s.width > 0 ? quad.destination.width * text.pixelScale / s.width : nil
        let shade = quad.shade.map {
            ImageDecoder.RowShade(color: $0.color, topAlpha: $0.topAlpha, bottomAlpha: $0.bottomAlpha,
                                  firstRow: s.minY, startRow: s.minY + s.height * $0.start, endRow: s.maxY)
        }
        return (drawnScale, shade)
    }

    private func drawImage(_ quad: ImageQuad) {
        let (drawnScale, shade) = textureRequest(quad)
        guard let (texture, scale, rowOffset) = textures.texture(for: quad.image, drawnScale: drawnScale, shade: shade) else {
            // Until its shaded texture is decoded, the plain one with the shade drawn over it.
            if shade != nil, let (plain, plainScale, plainOffset) = textures.texture(for: quad.image) {
                copy(plain, scale: plainScale, rowOffset: plainOffset, quad: quad, exact: false)
            } else {
                drawPlaceholder(quad.destination, broken: textures.state(of: quad.image) == .failed, opacity: quad.opacity)
            }
            if let shade = quad.shade { drawShade(shade, over: quad.destination) }
            return
        }
        copy(texture, scale: scale, rowOffset: rowOffset, quad: quad, exact: drawnScale.map { abs($0 / scale - 1) <= TextureCache.rescaleTolerance } ?? false)
    }

    /// Copies the quad's source from `texture`, which holds the image resampled by `scale` from row
    /// `rowOffset` on.
    private func copy(_ texture: OpaquePointer, scale: Double, rowOffset: Int, quad: ImageQuad, exact: Bool) {
        // Texels 1:1 with pixels need no filtering (nearest: the photo lands on whole pixels, as its
        // card's edges do, and llvmpipe samples one texel instead of four); a texture still waiting
        // for its decode at this scale is resampled linearly.
        setScaleMode(texture, exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        let a = alpha(255, quad.opacity)
        SDL_SetTextureAlphaMod(texture, a)
        SDL_SetTextureBlendMode(texture, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        // The source rect is in the image's pixels. Edges are rounded (not sizes), so quads cut from
        // one image at the same line meet without a seam.
        let s = quad.source
        let x0 = Int32(clamping: Int((s.minX * scale).rounded())), x1 = Int32(clamping: Int((s.maxX * scale).rounded()))
        let y0 = Int32(clamping: Int((s.minY * scale).rounded()) - rowOffset), y1 = Int32(clamping: Int((s.maxY * scale).rounded()) - rowOffset)
        var source = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        var destination = frect(quad.destination)
        let k = text.pixelScale
        if exact, abs(quad.destination.width * k - Double(source.w)) < 0.01, abs(quad.destination.height * k - Double(source.h)) < 0.01 {
            // Texels 1:1 land on whole pixels, rounded as OpenGL's nearest sampling puts them (SDL's
            // software renderer would truncate), so both renderers draw the same frame.
            destination = SDL_FRect(x: Float((quad.destination.minX * k).rounded() / k), y: Float((quad.destination.minY * k).rounded() / k),
                                    w: Float(Double(source.w) / k), h: Float(Double(source.h) / k))
        }
        SDL_RenderCopyF(renderer, texture, &source, &destination)
    }

    /// The shade of an image whose shaded texture is not ready, drawn over what stands in for it.
    private func drawShade(_ shade: ImageShade, over rect: Rect) {
        let split = rect.minY + rect.height * shade.start
        fillRect(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: split - rect.minY), shade.color.withAlpha(shade.topAlpha), opacity: 1)
        drawGradient(Rect(x: rect.minX, y: split, width: rect.width, height: rect.maxY - split), shade.color,
                     top: shade.topAlpha, bottom: shade.bottomAlpha)
    }

    private func setScaleMode(_ texture: OpaquePointer, _ mode: SDL_ScaleMode) {
        var current = SDL_ScaleModeLinear
        SDL_GetTextureScaleMode(texture, &current)
        if current != mode { SDL_SetTextureScaleMode(texture, mode) }
    }

    /// An image not ready yet: a flat panel; one that cannot be shown: the panel with a cross.
    private func drawPlaceholder(_ rect: Rect, broken: Bool, opacity: Double) {
        fillRect(rect, Self.placeholderFill, opacity: opacity)
        guard broken else { return }
        let mark = Self.placeholderMark
        let a = alpha(mark.a, opacity)
        setBlend(a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, mark.r, mark.g, mark.b, a)
        SDL_RenderDrawLineF(renderer, Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        SDL_RenderDrawLineF(renderer, Float(rect.maxX), Float(rect.minY), Float(rect.minX), Float(rect.maxY))
    }

    private func drawText(_ run: TextRun) {
        // Opaque on its background only at full opacity: a fading run would make a texture a frame.
        let background = run.opacity == 1 ? run.background : nil
        guard let line = text.line(run.text, font: run.font, color: run.color, background: background) else { return }
        if background == nil { SDL_SetTextureAlphaMod(line.texture, alpha(255, run.opacity)) }
        // Text snaps to whole pixels: glyphs resampled at sub-pixel offsets look blurred.
        var destination = frect(Rect(x: run.origin.x.rounded(), y: run.origin.y.rounded(),
                                     width: line.size.width, height: line.size.height))
        SDL_RenderCopyF(renderer, line.texture, nil, &destination)
    }

    private func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }

    private func alpha(_ a: UInt8, _ opacity: Double) -> UInt8 {
        UInt8(max(0, min(255, (Double(a) * opacity).rounded())))
    }
}
