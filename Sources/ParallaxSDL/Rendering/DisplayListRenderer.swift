import CSDL2
import ParallaxEngine
import ParallaxFrame
import ParallaxPhotos

/// Executes a display list with an SDL renderer; the only place a display list turns into pixels.
///
/// It sets SDL state only when a command needs a different one (clip rect, draw blend mode), draws
/// opaque fills unblended (SDL's software renderer blends every pixel of a blended fill, even an
/// opaque one) and turns a first opaque full-window fill into the clear, so a frame costs its
/// pixels rather than its state changes.
public final class DisplayListRenderer {
    public let renderer: OpaquePointer
    public let textures: PhotoTextures
    public let text: TextCache

    private lazy var isSoftware: Bool = {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }()

    /// The clip rect and draw blend mode SDL has now; nil before the first frame sets them.
    private var currentClip: SDL_Rect??
    private var currentBlend: SDL_BlendMode?
    /// The frame's first opaque full-window fill, turned into the clear (and a backdrop's ground).
    private var background = Color(r: 0, g: 0, b: 0)
    /// For each backdrop of a frame, in order, the texture its blurred cells go up to; kept from
    /// frame to frame while their size holds. Textures are freed with the renderer (SDL_DestroyRenderer).
    private var backdropTextures: [(texture: OpaquePointer, w: Int32, h: Int32)?] = []
    /// Anti-aliased white discs by radius in quarter device pixels, and their side in pixels.
    private var discs: [Int: (texture: OpaquePointer, side: Int32)] = [:]

    /// Device pixels per logical pixel (2 on a HiDPI output), as the canvas sets it from its output:
    /// the one place it is kept; images, discs and backdrops are drawn at it, and the text cache
    /// rasterises at it.
    public var pixelScale = 1.0 {
        didSet { text.pixelScale = pixelScale }
    }
    /// What the `render` under way has done so far, or the last one did.
    private var statistics = RenderStatistics()
    /// The photos the `render` under way has drawn so far, or the last one drew, each as it looked
    /// once drawn (`lastDrawIsCurrent`).
    private var drawnPhotos: [(image: PhotoID, shade: ImageDecoder.RowShade?, look: PhotoLook)] = []

    public init(renderer: OpaquePointer, textures: PhotoTextures, text: TextCache) {
        self.renderer = renderer
        self.textures = textures
        self.text = text
    }

    /// Draws the list; what it drew (`RenderStatistics`) is returned.
    @discardableResult
    public func render(_ list: DisplayList) -> RenderStatistics {
        currentClip = nil
        currentBlend = nil
        var commands = list.commands[...]
        statistics = RenderStatistics()
        drawnPhotos.removeAll(keepingCapacity: true)
        textures.beginFrame(time: list.time)
        defer { endFrame(list) }
        if textures.photos.decodesSynchronously {
            textures.decodeAhead(list.imageQuads.map { quad in
                let (drawnScale, shade) = textureRequest(quad)
                return (quad.image, drawnScale, shade)
            })
        }
        background = Color(r: 0, g: 0, b: 0)
        let output = logicalOutputSize
        let covered = Self.firstCoveringImage(in: list.commands, output: output)
        if let covered {
            commands = commands[covered...]
        } else if case let .fill(first)? = commands.first, first.clip == nil, PixelRules.alpha(first.color.a, first.opacity) == 255,
                  first.rect.minX <= 0, first.rect.minY <= 0, first.rect.maxX >= output.width, first.rect.maxY >= output.height {
            background = first.color
            commands = commands.dropFirst()
        }
        setClip(nil)
        if covered == nil {
            SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
            SDL_RenderClear(renderer)
        }
        var backdrops = 0
        for index in commands.indices {
            if case let .backdrop(backdrop) = commands[index] {
                var watch = Stopwatch()
                drawBackdrop(backdrop, over: commands[..<index], slot: backdrops)
                statistics.backdropSeconds += watch.lap()
                backdrops += 1
            } else {
                execute(commands[index])
            }
        }
        setClip(nil)
        return statistics
    }

    /// Drawn again now, the list last rendered would give the pixels it gave: no photo in it was
    /// fading in, and none has changed since (its texture arrived or went up at another size, its
    /// quick image came, it failed). A photo waiting for its decode, at any size, leaves the frame
    /// as it is until the decode is up (docs/performance.md, "Frames kept at rest").
    public var lastDrawIsCurrent: Bool {
        statistics.fadingPhotos.isEmpty && drawnPhotos.allSatisfy { textures.look(of: $0.image, shade: $0.shade) == $0.look }
    }

    /// A frame with the list last drawn, kept on screen (`FrameKeepingTarget`): nothing is drawn, and
    /// its photos are asked for as a drawn frame asks (decodes started, arrivals taken in and going
    /// up, draws at a new scale counted), as are the photos listed ahead.
    public func keep(_ list: DisplayList) {
        textures.beginFrame(time: list.time)
        for quad in list.imageQuads {
            let (drawnScale, shade) = textureRequest(quad)
            _ = photoTexture(of: quad.image, drawnScale: drawnScale, shade: shade)
        }
        endFrame(list)
    }

    private func endFrame(_ list: DisplayList) {
        textures.endFrame(prefetch: list.prefetch.map { item in
            let (drawnScale, shade) = textureRequest(item.quad)
            return (item.quad.image, drawnScale, shade, item.due)
        })
    }

    private func execute(_ command: DrawCommand) {
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
        case let .disc(disc):
            setClip(disc.clip)
            drawDisc(disc)
        case .backdrop:
            // Only `render` draws a backdrop: it needs the commands before it.
            break
        }
    }

    /// The renderer's output in logical pixels.
    private var logicalOutputSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        var sx: Float = 1, sy: Float = 1
        SDL_GetRendererOutputSize(renderer, &w, &h)
        SDL_RenderGetScale(renderer, &sx, &sy)
        return Size(width: Double(w) / Double(sx), height: Double(h) / Double(sy))
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
            let snapped = PixelRules.pixelClip(clip)
            var rect = SDL_Rect(x: Int32(clamping: Int(snapped.minX)), y: Int32(clamping: Int(snapped.minY)),
                                w: Int32(clamping: Int(snapped.width)), h: Int32(clamping: Int(snapped.height)))
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
        let a = PixelRules.alpha(color.a, opacity)
        setBlend(a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, a)
        var r = frect(rect)
        SDL_RenderFillRectF(renderer, &r)
    }

    /// Two triangles whose vertex colours SDL interpolates: a gradient costs what a fill costs. SDL's
    /// software renderer rasterises such triangles pixel by pixel, and stretching an alpha ramp over
    /// the rect costs as much; there the gradient is bands 2 px high of blended fills, which its fill
    /// loop blends fastest (docs/performance.md, "What keeps frames short"). Under 3 alpha levels a
    /// band: no banding shows.
    private func drawGradient(_ r: Rect, _ c: Color, top: UInt8, bottom: UInt8) {
        setBlend(SDL_BLENDMODE_BLEND)
        if isSoftware {
            let band = 2.0
            var y = r.minY
            while y < r.maxY {
                let height = min(band, r.maxY - y)
                let fraction = r.height > 0 ? (y + height / 2 - r.minY) / r.height : 0
                let topAlpha: Double = Double(top)
                let change: Double = (Double(bottom) - topAlpha) * fraction
                let alpha: Double = topAlpha + change
                SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8(alpha.rounded()))
                var rect = SDL_FRect(x: Float(r.minX), y: Float(y), w: Float(r.width), h: Float(height))
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
        let drawnScale = s.width > 0 ? quad.destination.width * pixelScale / s.width : nil
        let shade = quad.shade.map {
            ImageDecoder.RowShade(color: $0.color, topAlpha: $0.topAlpha, bottomAlpha: $0.bottomAlpha,
                                  firstRow: s.minY, startRow: s.minY + s.height * $0.start, endRow: s.maxY)
        }
        return (drawnScale, shade)
    }

    /// The texture a draw of the photo comes from, asked of the cache (its decode started if due, an
    /// arrived one taken in, its use noted): the one with `shade` baked in, else, until that one is
    /// decoded, the plain one if it is ready (`underShade`: the shade is drawn over it; decoding it too
    /// would only delay the shaded one); nil: a placeholder stands in.
    private func photoTexture(of image: PhotoID, drawnScale: Double?, shade: ImageDecoder.RowShade?)
        -> (drawable: TextureCache.Drawable, underShade: Bool)? {
        if let drawable = textures.texture(for: image, drawnScale: drawnScale, shade: shade) { return (drawable, false) }
        if shade != nil, let plain = textures.plainTexture(for: image) { return (plain, true) }
        return nil
    }

    private func drawImage(_ quad: ImageQuad) {
        statistics.drawnImages.insert(quad.image)
        let (drawnScale, shade) = textureRequest(quad)
        let found = photoTexture(of: quad.image, drawnScale: drawnScale, shade: shade)
        drawnPhotos.append((quad.image, shade, textures.look(of: quad.image, shade: shade)))
        guard let (drawable, underShade) = found, !underShade else {
            if let plain = found?.drawable {
                copy(plain.texture, scale: plain.scale, rowOffset: plain.rowOffset, quad: quad, exact: false)
            } else {
                statistics.placeholders.insert(quad.image)
                drawPlaceholder(quad)
            }
            if let shade = quad.shade { drawShade(shade, over: quad.destination) }
            return
        }
        var shown = quad
        if let fade = textures.cache.fadeIn(of: quad.image) {
            // Arrived after its placeholder was seen: cross-fades from it.
            drawPlaceholder(quad)
            shown.opacity *= fade
            statistics.fadingPhotos.insert(quad.image)
        }
        copy(drawable.texture, scale: drawable.scale, rowOffset: drawable.rowOffset, quad: shown,
             exact: drawnScale.map { abs($0 / drawable.scale - 1) <= TextureCache.rescaleTolerance } ?? false)
    }

    /// Copies the quad's source from `texture`, which holds the image resampled by `scale` from row
    /// `rowOffset` on.
    private func copy(_ texture: OpaquePointer, scale: Double, rowOffset: Int, quad: ImageQuad, exact: Bool) {
        // Texels 1:1 with pixels need no filtering (nearest: the photo lands on whole pixels, as its
        // card's edges do, and llvmpipe samples one texel instead of four); a texture still waiting
        // for its decode at this scale is resampled linearly.
        setScaleMode(texture, exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        let a = PixelRules.alpha(255, quad.opacity)
        SDL_SetTextureAlphaMod(texture, a)
        SDL_SetTextureBlendMode(texture, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        // The source rect is in the image's pixels. Edges are rounded (not sizes), so quads cut from
        // one image at the same line meet without a seam.
        let s = quad.source, shown = quad.destination
        let x0 = Int32(clamping: Int((s.minX * scale).rounded())), x1 = Int32(clamping: Int((s.maxX * scale).rounded()))
        let y0 = Int32(clamping: Int((s.minY * scale).rounded()) - rowOffset), y1 = Int32(clamping: Int((s.maxY * scale).rounded()) - rowOffset)
        var source = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        // Whole pixels, edges rounded as OpenGL's rasteriser puts them (SDL's software renderer
        // would truncate position and size), so both renderers draw the same frame.
        let k = pixelScale
        let dx0 = (shown.minX * k).rounded(), dy0 = (shown.minY * k).rounded()
        var w = (shown.maxX * k).rounded() - dx0, h = (shown.maxY * k).rounded() - dy0
        if exact, abs(Double(source.w) - w) <= 1, abs(Double(source.h) - h) <= 1 {
            // 1:1, the source takes the destination's size: its edges, rounded apart, can make it a
            // texel more, which SDL's software renderer would scale (the feed's frame took 25%
            // longer) and OpenGL resample.
            var tw: Int32 = 0, th: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &tw, &th)
            source.w = max(0, min(Int32(w), tw - source.x))
            source.h = max(0, min(Int32(h), th - source.y))
            w = Double(source.w)
            h = Double(source.h)
        }
        var destination = SDL_FRect(x: Float(dx0 / k), y: Float(dy0 / k), w: Float(w / k), h: Float(h / k))
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

    /// An image not ready yet: its thumbnail stretched over the quad (`PhotoSource.thumbnail(of:)`) or its quick image,
    /// else a flat panel; one that cannot be shown: the panel with a cross.
    private func drawPlaceholder(_ quad: ImageQuad) {
        let rect = quad.destination, opacity = quad.opacity
        // The draw asked for the decode it needs: a plain one here would only delay a shaded one.
        let broken = textures.photos.hasFailed(quad.image)
        if !broken, let preview = textures.preview(of: quad.image), let size = textures.photos.pixelSize(of: quad.image) {
            // The quad's source in the thumbnail, in fractions (a 16 px thumbnail has no whole-pixel crop).
            let s = quad.source, a = PixelRules.alpha(255, opacity)
            func vertex(_ x: Double, _ y: Double) -> SDL_Vertex {
                SDL_Vertex(position: SDL_FPoint(x: Float(rect.minX + (x - s.minX) / s.width * rect.width),
                                                y: Float(rect.minY + (y - s.minY) / s.height * rect.height)),
                           color: SDL_Color(r: 255, g: 255, b: 255, a: a),
                           tex_coord: SDL_FPoint(x: Float(x / size.width), y: Float(y / size.height)))
            }
            SDL_SetTextureBlendMode(preview, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            let vertices = [vertex(s.minX, s.minY), vertex(s.maxX, s.minY), vertex(s.maxX, s.maxY),
                            vertex(s.minX, s.minY), vertex(s.maxX, s.maxY), vertex(s.minX, s.maxY)]
            _ = vertices.withUnsafeBufferPointer { SDL_RenderGeometry(renderer, preview, $0.baseAddress, Int32($0.count), nil, 0) }
            return
        }
        fillRect(rect, PixelRules.placeholderFill, opacity: opacity)
        guard broken else { return }
        let mark = PixelRules.placeholderMark
        let a = PixelRules.alpha(mark.a, opacity)
        setBlend(a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, mark.r, mark.g, mark.b, a)
        SDL_RenderDrawLineF(renderer, Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        SDL_RenderDrawLineF(renderer, Float(rect.maxX), Float(rect.minY), Float(rect.minX), Float(rect.maxY))
    }

    private func drawText(_ run: TextRun) {
        // Opaque on its background only at full opacity: a fading run would make a texture a frame.
        let background = run.opacity == 1 ? run.background : nil
        guard let line = text.line(run.text, font: run.font, color: run.color, background: background) else { return }
        if background == nil { SDL_SetTextureAlphaMod(line.texture, PixelRules.alpha(255, run.opacity)) }
        // Text snaps to whole pixels: glyphs resampled at sub-pixel offsets look blurred.
        var destination = frect(Rect(x: run.origin.x.rounded(), y: run.origin.y.rounded(),
                                     width: line.size.width, height: line.size.height))
        SDL_RenderCopyF(renderer, line.texture, nil, &destination)
    }

    /// The backdrop's material (`BackdropBlur`): the commands before it composited on the CPU into
    /// its cells and tinted, uploaded, and scaled up over its rect with linear filtering. The tint
    /// alone where no texture can be made.
    private func drawBackdrop(_ backdrop: Backdrop, over below: ArraySlice<DrawCommand>, slot: Int) {
        setClip(nil)
        var blur = BackdropBlur(rect: backdrop.rect, downscale: backdrop.downscale, pixelScale: pixelScale, background: background)
        guard blur.columns > 0, blur.rows > 0 else { return }
        for command in below { blur.composite(command, from: self) }
        blur.tint(backdrop.tint)
        guard let texture = backdropTexture(slot, w: Int32(blur.columns), h: Int32(blur.rows)) else {
            fillRect(backdrop.rect, backdrop.tint, opacity: 1)
            return
        }
        _ = blur.argbPixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(blur.columns * 4)) }
        var destination = frect(backdrop.rect)
        SDL_RenderCopyF(renderer, texture, nil, &destination)
    }

    /// Backdrop `slot`'s texture of exactly `w` x `h`, made again when the size changes.
    private func backdropTexture(_ slot: Int, w: Int32, h: Int32) -> OpaquePointer? {
        while backdropTextures.count <= slot { backdropTextures.append(nil) }
        if let current = backdropTextures[slot], current.w == w, current.h == h { return current.texture }
        if let current = backdropTextures[slot] { SDL_DestroyTexture(current.texture) }
        backdropTextures[slot] = nil
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else {
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        backdropTextures[slot] = (texture, w, h)
        return texture
    }

    /// A disc from a white anti-aliased texture made once per radius (in quarter device pixels),
    /// tinted by colour modulation; its centre snaps to a pixel corner (the texture's centre), so the
    /// edge keeps its smooth coverage instead of being resampled.
    private func drawDisc(_ disc: Disc) {
        let quarters = Int((disc.radius * pixelScale * 4).rounded())
        guard quarters > 0, let (texture, side) = discTexture(quarters) else { return }
        SDL_SetTextureColorMod(texture, disc.color.r, disc.color.g, disc.color.b)
        SDL_SetTextureAlphaMod(texture, PixelRules.alpha(disc.color.a, disc.opacity))
        let scale = pixelScale
        let half = Double(side) / 2
        let x = (disc.center.x * scale).rounded() - half, y = (disc.center.y * scale).rounded() - half
        var destination = SDL_FRect(x: Float(x / scale), y: Float(y / scale), w: Float(Double(side) / scale), h: Float(Double(side) / scale))
        SDL_RenderCopyF(renderer, texture, nil, &destination)
    }

    /// Each pixel's alpha is the disc's coverage of it, `radius + 0.5 - distance` clamped to 0...1
    /// (distance from the pixel's centre to the disc's): a one-pixel ramp across the edge.
    private func discTexture(_ quarters: Int) -> (OpaquePointer, Int32)? {
        if let made = discs[quarters] { return made }
        let radius = Double(quarters) / 4
        let side = 2 * Int32(radius.rounded(.up)) + 2
        let n = Int(side)
        var pixels = [UInt32](repeating: 0, count: n * n)
        for row in 0..<n {
            for column in 0..<n {
                let dx = Double(column) + 0.5 - Double(n) / 2, dy = Double(row) + 0.5 - Double(n) / 2
                let coverage = min(1, max(0, radius + 0.5 - (dx * dx + dy * dy).squareRoot()))
                pixels[row * n + column] = UInt32((coverage * 255).rounded()) << 24 | 0xFF_FFFF
            }
        }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), side, side)
        else { return nil }
        _ = pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, side * 4) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        discs[quarters] = (texture, side)
        return (texture, side)
    }

    private func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }
}

extension DisplayListRenderer: BackdropSources {
    public func decodedThumbnail(of image: PhotoID) -> (thumbnail: ImageThumbnail, imageSize: Size)? { textures.decodedThumbnail(of: image) }
    public func coverage(of text: String, font: Font) -> GlyphCoverage? { self.text.coverage(of: text, font: font) }
    public func size(of text: String, font: Font) -> Size { self.text.size(of: text, font: font) }
}
