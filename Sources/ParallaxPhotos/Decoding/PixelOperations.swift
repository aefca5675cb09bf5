import CSDL2
import Foundation
import ParallaxEngine

/// What is done to decoded pixels on their way to a texture: 32-bit conversion, turning by the
/// EXIF orientation, resampling to the drawn size, cropping to the rows shown, baking a shade in,
/// and thumbnails (`ImageThumbnail`). Each takes and returns SDL surfaces; those it says it
/// frees are freed on every path.
enum PixelOperations {
    /// The rows `rows` of a 32-bit surface (freed here) as a surface of their own.
    static func crop(_ surface: UnsafeMutablePointer<SDL_Surface>, rows: Range<Int>) -> UnsafeMutablePointer<SDL_Surface>? {
        defer { SDL_FreeSurface(surface) }
        let w = surface.pointee.w, pitch = Int(surface.pointee.pitch)
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, w, Int32(rows.count), 32, surface.pointee.format.pointee.format) else { return nil }
        for (i, row) in rows.enumerated() {
            memcpy(output.pointee.pixels + i * Int(output.pointee.pitch), surface.pointee.pixels + row * pitch, Int(w) * 4)
        }
        return output
    }

    /// Composites the shade's colour over every row of a 32-bit surface holding the image at `scale`
    /// from texture row `firstRow` on.
    static func apply(_ shade: ImageDecoder.RowShade, to surface: UnsafeMutablePointer<SDL_Surface>, scale: Double, firstRow: Int = 0) {
        let pitch = Int(surface.pointee.pitch), width = Int(surface.pointee.w)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        // 32-bit XRGB/ARGB in memory order (little endian): blue, green, red, then X or alpha.
        let (r, g, b) = (UInt32(shade.color.r), UInt32(shade.color.g), UInt32(shade.color.b))
        for y in 0..<Int(surface.pointee.h) {
            let a = UInt32(shade.alpha(atRow: (Double(firstRow + y) + 0.5) / scale).rounded()), keep = 255 - a
            var p = pixels + y * pitch
            for _ in 0..<width {
                p[0] = UInt8((UInt32(p[0]) * keep + b * a + 127) / 255)
                p[1] = UInt8((UInt32(p[1]) * keep + g * a + 127) / 255)
                p[2] = UInt8((UInt32(p[2]) * keep + r * a + 127) / 255)
                p += 4
            }
        }
    }

    /// `surface` (freed here) as 32-bit XRGB, or ARGB when the image has transparency.
    static func thirtyTwoBit(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let format = surface.pointee.format.pointee
        let hasAlpha = format.Amask != 0 || SDL_HasColorKey(surface) == SDL_TRUE
        let converted = SDL_ConvertSurfaceFormat(surface, hasAlpha ? SDL_PIXELFORMAT_ARGB8888.rawValue : SDL_PIXELFORMAT_RGB888.rawValue, 0)
        SDL_FreeSurface(surface)
        return converted
    }

    /// A 32-bit surface averaged down to at most `maxSide` a side: each thumbnail pixel the
    /// mean of up to 4x4 pixels spread evenly over its block (a block's every pixel would cost a pass
    /// over a 2560x1600 photo, several milliseconds of each decode).
    static func thumbnail(of surface: UnsafeMutablePointer<SDL_Surface>, maxSide: Int) -> ImageThumbnail {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let shrink = min(1, Double(maxSide) / Double(max(w, h)))
        let tw = max(1, Int((Double(w) * shrink).rounded())), th = max(1, Int((Double(h) * shrink).rounded()))
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var thumb = [UInt32](repeating: 0, count: tw * th)
        /// Up to four positions spread evenly over `lo..<hi`.
        func spread(_ lo: Int, _ hi: Int) -> [Int] {
            let n = min(4, max(1, hi - lo))
            return (0..<n).map { lo + (2 * $0 + 1) * (hi - lo) / (2 * n) }
        }
        let columns = (0..<tw).map { spread($0 * w / tw, ($0 + 1) * w / tw) }
        for ty in 0..<th {
            let ys = spread(ty * h / th, (ty + 1) * h / th)
            for (tx, xs) in columns.enumerated() {
                var sums: (UInt32, UInt32, UInt32) = (0, 0, 0)
                for y in ys {
                    for x in xs {
                        // 32-bit XRGB/ARGB in memory order (little endian): blue, green, red.
                        let p = pixels + y * pitch + x * 4
                        sums.0 += UInt32(p[2]); sums.1 += UInt32(p[1]); sums.2 += UInt32(p[0])
                    }
                }
                let n = UInt32(xs.count * ys.count)
                thumb[ty * tw + tx] = ((sums.0 + n / 2) / n) << 16 | ((sums.1 + n / 2) / n) << 8 | (sums.2 + n / 2) / n
            }
        }
        return ImageThumbnail(width: tw, height: th, pixels: thumb)
    }

    /// A 32-bit `surface` (freed here) at `size`: first averaged over whole blocks of pixels while at
    /// least twice too large (area filtering: no aliasing from a 4000 px photo), then linearly
    /// interpolated.
    static func resample(_ surface: UnsafeMutablePointer<SDL_Surface>, to size: (w: Int32, h: Int32)) -> UnsafeMutablePointer<SDL_Surface>? {
        let pixelFormat = surface.pointee.format.pointee.format
        var current = surface
        let block = min(current.pointee.w / size.w, current.pointee.h / size.h)
        if block >= 2 {
            guard let averaged = averageBlocks(current, block: Int(block)) else { SDL_FreeSurface(current); return nil }
            SDL_FreeSurface(current)
            current = averaged
        }
        if current.pointee.w == size.w, current.pointee.h == size.h { return current }
        defer { SDL_FreeSurface(current) }
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, size.w, size.h, 32, pixelFormat) else { return nil }
        guard SDL_SoftStretchLinear(current, nil, output, nil) == 0 else { SDL_FreeSurface(output); return nil }
        return output
    }

    /// Each `block`x`block` square of a 32-bit surface averaged into one pixel, channel by channel.
    static func averageBlocks(_ source: UnsafeMutablePointer<SDL_Surface>, block: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(source.pointee.w) / block, h = Int(source.pointee.h) / block
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, source.pointee.format.pointee.format) else { return nil }
        let sourcePitch = Int(source.pointee.pitch), outputPitch = Int(output.pointee.pitch)
        let from = source.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let to = output.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let count = UInt32(block * block)
        var sums = [UInt32](repeating: 0, count: w * 4)
        for y in 0..<h {
            for i in sums.indices { sums[i] = 0 }
            for row in (y * block)..<(y * block + block) {
                let line = from + row * sourcePitch
                for x in 0..<w {
                    var p = line + x * block * 4
                    for _ in 0..<block {
                        sums[x * 4] += UInt32(p[0]); sums[x * 4 + 1] += UInt32(p[1])
                        sums[x * 4 + 2] += UInt32(p[2]); sums[x * 4 + 3] += UInt32(p[3])
                        p += 4
                    }
                }
            }
            let line = to + y * outputPitch
            for i in 0..<(w * 4) { line[i] = UInt8((sums[i] + count / 2) / count) }
        }
        return output
    }

    /// A 32-bit `surface` (freed here) turned the right way up for EXIF `orientation` (1...8):
    /// 2-4 mirror or turn it half round, 5-8 swap its sides (docs/photo-folders.md, "Orientation").
    static func orient(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        guard (2...8).contains(orientation) else { return surface }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let swaps = orientation >= 5
        let (ow, oh) = swaps ? (h, w) : (w, h)
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, Int32(ow), Int32(oh), 32, surface.pointee.format.pointee.format) else { return nil }
        let sourcePitch = Int(surface.pointee.pitch) / 4, outputPitch = Int(output.pointee.pitch) / 4
        let from = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let to = output.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<oh {
            let line = to + y * outputPitch
            for x in 0..<ow {
                // The stored pixel shown at (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case 2: (sx, sy) = (w - 1 - x, y)
                case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                case 4: (sx, sy) = (x, h - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, h - 1 - x)
                case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                default: (sx, sy) = (w - 1 - y, x)
                }
                line[x] = from[sy * sourcePitch + sx]
            }
        }
        return output
    }
}
