import ParallaxEngine

/// What is done to decoded pixels on their way to a texture: turning by the EXIF orientation,
/// resampling to the drawn size, cropping to the rows shown, baking a shade in, and thumbnails
/// (`ImageThumbnail`). Plain Swift on `PhotoPixels`; every byte as SDL2's surface functions made
/// it before (`stretchLinear`).
enum PixelOperations {
    /// The rows `rows` of `pixels` as an image of their own.
    static func crop(_ pixels: PhotoPixels, rows: Range<Int>) -> PhotoPixels {
        PhotoPixels(width: pixels.width, height: rows.count, format: pixels.format,
                    bytes: Array(pixels.bytes[rows.lowerBound * pixels.pitch..<rows.upperBound * pixels.pitch]))
    }

    /// Composites the shade's colour over every row of `pixels`, the image at `scale` from texture
    /// row `firstRow` on.
    static func apply(_ shade: ImageDecoder.RowShade, to pixels: inout PhotoPixels, scale: Double, firstRow: Int = 0) {
        let pitch = pixels.pitch, width = pixels.width, height = pixels.height
        // Blue, green, red, then X or alpha (`PhotoPixels`).
        let (r, g, b) = (UInt32(shade.color.r), UInt32(shade.color.g), UInt32(shade.color.b))
        pixels.bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                let a = UInt32(shade.alpha(atRow: (Double(firstRow + y) + 0.5) / scale).rounded()), keep = 255 - a
                var i = y * pitch
                for _ in 0..<width {
                    bytes[i] = UInt8((UInt32(bytes[i]) * keep + b * a + 127) / 255)
                    bytes[i + 1] = UInt8((UInt32(bytes[i + 1]) * keep + g * a + 127) / 255)
                    bytes[i + 2] = UInt8((UInt32(bytes[i + 2]) * keep + r * a + 127) / 255)
                    i += 4
                }
            }
        }
    }

    /// `pixels` averaged down to at most `maxSide` a side: each thumbnail pixel the mean of up to
    /// 4x4 pixels spread evenly over its block (a block's every pixel would cost a pass over a
    /// 2560x1600 photo, several milliseconds of each decode).
    static func thumbnail(of pixels: PhotoPixels, maxSide: Int) -> ImageThumbnail {
        let w = pixels.width, h = pixels.height, pitch = pixels.pitch
        let shrink = min(1, Double(maxSide) / Double(max(w, h)))
        let tw = max(1, Int((Double(w) * shrink).rounded())), th = max(1, Int((Double(h) * shrink).rounded()))
        var thumb = [UInt32](repeating: 0, count: tw * th)
        /// Up to four positions spread evenly over `lo..<hi`.
        func spread(_ lo: Int, _ hi: Int) -> [Int] {
            let n = min(4, max(1, hi - lo))
            return (0..<n).map { lo + (2 * $0 + 1) * (hi - lo) / (2 * n) }
        }
        let columns = (0..<tw).map { spread($0 * w / tw, ($0 + 1) * w / tw) }
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for ty in 0..<th {
                let ys = spread(ty * h / th, (ty + 1) * h / th)
                for (tx, xs) in columns.enumerated() {
                    var sums: (UInt32, UInt32, UInt32) = (0, 0, 0)
                    for y in ys {
                        for x in xs {
                            // Blue, green, red (`PhotoPixels`).
                            let p = y * pitch + x * 4
                            sums.0 += UInt32(bytes[p + 2]); sums.1 += UInt32(bytes[p + 1]); sums.2 += UInt32(bytes[p])
                        }
                    }
                    let n = UInt32(xs.count * ys.count)
                    thumb[ty * tw + tx] = ((sums.0 + n / 2) / n) << 16 | ((sums.1 + n / 2) / n) << 8 | (sums.2 + n / 2) / n
                }
            }
        }
        return ImageThumbnail(width: tw, height: th, pixels: thumb)
    }

    /// `pixels` at `size`: first averaged over whole blocks of pixels while at least twice too large
    /// (area filtering: no aliasing from a 4000 px photo), then linearly interpolated.
    static func resample(_ pixels: PhotoPixels, to size: (width: Int, height: Int)) -> PhotoPixels {
        var current = pixels
        let block = min(current.width / size.width, current.height / size.height)
        if block >= 2 { current = averageBlocks(current, block: block) }
        if current.width == size.width, current.height == size.height { return current }
        return stretchLinear(current, to: size)
    }

    /// Each `block`x`block` square of `source` averaged into one pixel, channel by channel.
    static func averageBlocks(_ source: PhotoPixels, block: Int) -> PhotoPixels {
        let w = source.width / block, h = source.height / block
        var output = PhotoPixels(width: w, height: h, format: source.format)
        let sourcePitch = source.pitch, outputPitch = output.pitch
        let count = UInt32(block * block)
        var sums = [UInt32](repeating: 0, count: w * 4)
        source.bytes.withUnsafeBufferPointer { from in
            output.bytes.withUnsafeMutableBufferPointer { to in
                for y in 0..<h {
                    for i in sums.indices { sums[i] = 0 }
                    for row in (y * block)..<(y * block + block) {
                        let line = row * sourcePitch
                        for x in 0..<w {
                            var p = line + x * block * 4
                            for _ in 0..<block {
                                sums[x * 4] += UInt32(from[p]); sums[x * 4 + 1] += UInt32(from[p + 1])
                                sums[x * 4 + 2] += UInt32(from[p + 2]); sums[x * 4 + 3] += UInt32(from[p + 3])
                                p += 4
                            }
                        }
                    }
                    let line = y * outputPitch
                    for i in 0..<(w * 4) { to[line + i] = UInt8((sums[i] + count / 2) / count) }
                }
            }
        }
        return output
    }

    /// `pixels` turned the right way up for EXIF `orientation` (1...8): 2-4 mirror or turn it half
    /// round, 5-8 swap its sides (docs/photo-folders.md, "Orientation").
    static func orient(_ pixels: PhotoPixels, _ orientation: Int) -> PhotoPixels {
        guard (2...8).contains(orientation) else { return pixels }
        let w = pixels.width, h = pixels.height
        let swaps = orientation >= 5
        let (ow, oh) = swaps ? (h, w) : (w, h)
        var output = PhotoPixels(width: ow, height: oh, format: pixels.format)
        pixels.bytes.withUnsafeBytes { source in
            output.bytes.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                for y in 0..<oh {
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
                        to[y * ow + x] = from[sy * w + sx]
                    }
                }
            }
        }
        return output
    }
}
