import CSDL2
import CSDL2Image
import CSDL2TTF
import ParallaxEngine
import ParallaxSDL

/// The least an SDL2 program does to draw the feed's frame: what `parallax bench` compares a frame's
/// cost with. The same content (dark background, cards of a photo 2M taller than its clipped
/// container and shifted by the feed's parallax formula, two caption lines, a translucent 56 px bar
/// with a title and three tab labels), drawn with direct SDL calls: photos loaded once at their own
/// size and scaled by SDL as they are drawn, text lines rendered once with SDL_ttf and drawn as
/// textures, no display list, no caches, no state tracking. It scrolls 7.3 px a frame.
public final class AnchorFrame {
    struct Line { let texture: OpaquePointer; let w: Int32; let h: Int32 }

    private let renderer: OpaquePointer
    private let size: (w: Int32, h: Int32)
    private var photos: [(texture: OpaquePointer, w: Int32, h: Int32)] = []
    private var lines: [Line] = []

    static let bar: Int32 = 56, cardWidth: Int32 = 900, photoHeight: Int32 = 400, captionHeight: Int32 = 64, gap: Int32 = 16
    static let maxShift = 30.0
    static let speed = 7.3

    /// Loads `photoPaths` (drawn in turn, card by card) and renders the text lines with the bold face
    /// at `fontPath`, for a frame of `size` logical pixels on `renderer`.
    public init(renderer: OpaquePointer, size: Size, photoPaths: [String], fontPath: String) throws {
        self.renderer = renderer
        self.size = (Int32(size.width), Int32(size.height))
        defer { if photos.isEmpty || lines.count < 6 { release() } }
        let previousQuality = SDL_GetHint(SDL_HINT_RENDER_SCALE_QUALITY).map { String(cString: $0) }
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        defer { SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, previousQuality) }
        for path in photoPaths {
            guard let texture = IMG_LoadTexture(renderer, path) else { throw SDLError("IMG_LoadTexture \(path)") }
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            photos.append((texture, w, h))
        }
        guard let big = TTF_OpenFont(fontPath, 16), let small = TTF_OpenFont(fontPath, 13) else { throw SDLError("TTF_OpenFont \(fontPath)") }
        defer { TTF_CloseFont(big); TTF_CloseFont(small) }
        for (font, text) in [(big, "Parallax Playground"), (big, "Feed"), (big, "Header"), (big, "Pager"), (big, "Ladybird on a stem"),
                             (small, "No. 2 of 200  -  Charles Barbin, GPL-2+")] {
            guard let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { throw SDLError("TTF_RenderUTF8_Blended") }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("SDL_CreateTextureFromSurface") }
            lines.append(Line(texture: texture, w: surface.pointee.w, h: surface.pointee.h))
        }
    }

    deinit { release() }

    private func release() {
        for photo in photos { SDL_DestroyTexture(photo.texture) }
        for line in lines { SDL_DestroyTexture(line.texture) }
        photos.removeAll()
        lines.removeAll()
    }

    /// Draws and presents frame number `frame`.
    public func draw(frame: Int) {
        let (w, h) = size, bar = Self.bar, cardWidth = Self.cardWidth, photoHeight = Self.photoHeight, m = Self.maxShift
        let pitch = photoHeight + Self.captionHeight + Self.gap, x0 = (w - cardWidth) / 2
        let y = Double(frame + 1) * Self.speed
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 17, 19, 24, 255)
        SDL_RenderClear(renderer)
        var k = Int32(y / Double(pitch))
        while true {
            let top = Double(bar) + Double(k * pitch) - y
            if top > Double(h) { break }
            let photo = photos[Int(k) % photos.count]
            var card = SDL_Rect(x: x0, y: Int32(top), w: cardWidth, h: photoHeight + Self.captionHeight)
            SDL_SetRenderDrawColor(renderer, 28, 31, 40, 255)
            SDL_RenderFillRect(renderer, &card)
            let band = Double(h - bar), centre = top + Double(photoHeight) / 2 - (Double(bar) + band / 2)
            let shift = max(-m, min(m, -centre * m / (band / 2 + Double(photoHeight) / 2)))
            var clip = SDL_Rect(x: x0, y: Int32(top), w: cardWidth, h: photoHeight)
            SDL_RenderSetClipRect(renderer, &clip)
            let boxHeight = Double(photoHeight) + 2 * m
            let sourceHeight = min(Double(photo.h), Double(photo.w) * boxHeight / Double(cardWidth))
            var source = SDL_Rect(x: 0, y: Int32((Double(photo.h) - sourceHeight) / 2), w: photo.w, h: Int32(sourceHeight))
            var destination = SDL_FRect(x: Float(x0), y: Float(top - m + shift), w: Float(cardWidth), h: Float(boxHeight))
            SDL_RenderCopyF(renderer, photo.texture, &source, &destination)
            var caption = SDL_Rect(x: x0, y: Int32(top) + photoHeight, w: cardWidth, h: Self.captionHeight)
            SDL_RenderSetClipRect(renderer, &caption)
            copy(lines[4], x: x0 + 16, y: Int32(top) + photoHeight + 11)
            copy(lines[5], x: x0 + 16, y: Int32(top) + photoHeight + 36)
            SDL_RenderSetClipRect(renderer, nil)
            k += 1
        }
        SDL_SetRenderDrawColor(renderer, 17, 19, 24, 200)
        var barRect = SDL_Rect(x: 0, y: 0, w: w, h: bar)
        SDL_RenderFillRect(renderer, &barRect)
        copy(lines[0], x: 16, y: 18)
        for tab in 1...3 { copy(lines[tab], x: w / 2 - 120 + Int32(tab - 1) * 90, y: 18) }
        SDL_RenderPresent(renderer)
    }

    private func copy(_ line: Line, x: Int32, y: Int32) {
        var destination = SDL_Rect(x: x, y: y, w: line.w, h: line.h)
        SDL_RenderCopy(renderer, line.texture, nil, &destination)
    }
}
