import CSDL2
import ParallaxEngine

/// Executes a display list with an SDL renderer; the only place a display list turns into pixels.
public final class DisplayListRenderer {
    public let renderer: OpaquePointer
    public let textures: TextureCache
    public let text: TextCache

    static let placeholderFill = Color(r: 58, g: 63, b: 75)
    static let placeholderMark = Color(r: 110, g: 118, b: 135)

    public init(renderer: OpaquePointer, textures: TextureCache, text: TextCache) {
        self.renderer = renderer
        self.textures = textures
        self.text = text
    }

    public func render(_ list: DisplayList) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        for command in list.commands {
            switch command {
            case let .fill(fill):
                setClip(fill.clip)
                fillRect(fill.rect, fill.color, opacity: fill.opacity)
            case let .image(quad):
                setClip(quad.clip)
                drawImage(quad)
            case let .text(run):
                setClip(run.clip)
                drawText(run)
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
    }

    private func setClip(_ clip: Rect?) {
        guard let clip else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        // Clip edges snap to whole logical pixels (SDL clips on integers); contents stay sub-pixel.
        let x0 = clip.minX.rounded(), y0 = clip.minY.rounded()
        var rect = SDL_Rect(x: Int32(clamping: Int(x0)), y: Int32(clamping: Int(y0)),
                            w: Int32(clamping: Int(max(0, clip.maxX.rounded() - x0))),
                            h: Int32(clamping: Int(max(0, clip.maxY.rounded() - y0))))
        if rect.w == 0 || rect.h == 0 {
            // SDL treats an empty clip rect as "no clip"; a 1x1 rect far off screen hides everything instead.
            rect = SDL_Rect(x: -10, y: -10, w: 1, h: 1)
        }
        SDL_RenderSetClipRect(renderer, &rect)
    }

    private func fillRect(_ rect: Rect, _ color: Color, opacity: Double) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, alpha(color.a, opacity))
        var r = frect(rect)
        SDL_RenderFillRectF(renderer, &r)
    }

    private func drawImage(_ quad: ImageQuad) {
        guard let texture = textures.texture(for: quad.image) else {
            drawPlaceholder(quad.destination, broken: textures.state(of: quad.image) == .failed, opacity: quad.opacity)
            return
        }
        let a = alpha(255, quad.opacity)
        SDL_SetTextureAlphaMod(texture, a)
        SDL_SetTextureBlendMode(texture, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        var source = SDL_Rect(x: Int32(clamping: Int(quad.source.minX.rounded())), y: Int32(clamping: Int(quad.source.minY.rounded())),
                              w: Int32(clamping: Int(quad.source.width.rounded())), h: Int32(clamping: Int(quad.source.height.rounded())))
        var destination = frect(quad.destination)
        SDL_RenderCopyF(renderer, texture, &source, &destination)
    }

    /// An image not ready yet: a flat panel; one that cannot be shown: the panel with a cross.
    private func drawPlaceholder(_ rect: Rect, broken: Bool, opacity: Double) {
        fillRect(rect, Self.placeholderFill, opacity: opacity)
        guard broken else { return }
        let mark = Self.placeholderMark
        SDL_SetRenderDrawColor(renderer, mark.r, mark.g, mark.b, alpha(mark.a, opacity))
        SDL_RenderDrawLineF(renderer, Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        SDL_RenderDrawLineF(renderer, Float(rect.maxX), Float(rect.minY), Float(rect.minX), Float(rect.maxY))
    }

    private func drawText(_ run: TextRun) {
        guard let line = text.line(run.text, font: run.font) else { return }
        SDL_SetTextureColorMod(line.texture, run.color.r, run.color.g, run.color.b)
        SDL_SetTextureAlphaMod(line.texture, alpha(run.color.a, run.opacity))
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
