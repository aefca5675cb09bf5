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
        // A pointer and `while` loops: in a debug build a buffer's subscript and each step of a
        // range loop are calls (`thumbnail(of:maxSide:)`).
        pixels.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let bytes = buffer.baseAddress else { return }
            var y = 0
            while y < height {
                let a = UInt32(shade.alpha(atRow: (Double(firstRow + y) + 0.5) / scale).rounded()), keep = 255 &- a
                let (blue, green, red) = (b &* a &+ 127, g &* a &+ 127, r &* a &+ 127)
                var pixel = bytes + y * pitch
                let end = pixel + width * 4
                while pixel < end {
                    pixel[0] = UInt8(truncatingIfNeeded: (UInt32(pixel[0]) &* keep &+ blue) / 255)
                    pixel[1] = UInt8(truncatingIfNeeded: (UInt32(pixel[1]) &* keep &+ green) / 255)
                    pixel[2] = UInt8(truncatingIfNeeded: (UInt32(pixel[2]) &* keep &+ red) / 255)
                    pixel += 4
                }
                y += 1
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
        let columns = SpreadSamples(cells: tw, over: w), rows = SpreadSamples(cells: th, over: h)
        var thumb = [UInt32](repeating: 0, count: tw * th)
        // Pointers and `while` loops: in a debug build each step of a `for` over a range or an
        // array is a call into the standard library, several times the cost of the sums.
        pixels.bytes.withUnsafeBufferPointer { source in
            thumb.withUnsafeMutableBufferPointer { target in
                columns.positions.withUnsafeBufferPointer { columnPositions in
                    rows.positions.withUnsafeBufferPointer { rowPositions in
                        let bytes = source.baseAddress!, cells = target.baseAddress!
                        let xs = columnPositions.baseAddress!, ys = rowPositions.baseAddress!
                        var ty = 0
                        while ty < th {
                            let rowCount = rows.counts[ty]
                            var tx = 0
                            while tx < tw {
                                let columnCount = columns.counts[tx]
                                var red: UInt32 = 0, green: UInt32 = 0, blue: UInt32 = 0
                                var j = 0
                                while j < rowCount {
                                    let line = bytes + ys[ty * 4 + j] * pitch
                                    var i = 0
                                    while i < columnCount {
                                        // Blue, green, red (`PhotoPixels`).
                                        let pixel = line + xs[tx * 4 + i] * 4
                                        red += UInt32(pixel[2]); green += UInt32(pixel[1]); blue += UInt32(pixel[0])
                                        i += 1
                                    }
                                    j += 1
                                }
                                let n = UInt32(columnCount * rowCount)
                                cells[ty * tw + tx] = ((red + n / 2) / n) << 16 | ((green + n / 2) / n) << 8 | (blue + n / 2) / n
                                tx += 1
                            }
                            ty += 1
                        }
                    }
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
        let count = UInt32(block * block), channels = w * 4
        var sums = [UInt32](repeating: 0, count: channels)
        // Pointers and `while` loops, as in `thumbnail(of:maxSide:)`.
        source.bytes.withUnsafeBufferPointer { from in
            output.bytes.withUnsafeMutableBufferPointer { to in
                sums.withUnsafeMutableBufferPointer { sumsBuffer in
                    let sum = sumsBuffer.baseAddress!
                    var y = 0
                    while y < h {
                        sum.update(repeating: 0, count: channels)
                        var row = y * block
                        while row < y * block + block {
                            var pixel = from.baseAddress! + row * sourcePitch
                            var x = 0
                            while x < channels {
                                var step = 0
                                while step < block {
                                    sum[x] += UInt32(pixel[0]); sum[x + 1] += UInt32(pixel[1])
                                    sum[x + 2] += UInt32(pixel[2]); sum[x + 3] += UInt32(pixel[3])
                                    pixel += 4
                                    step += 1
                                }
                                x += 4
                            }
                            row += 1
                        }
                        let line = to.baseAddress! + y * outputPitch
                        var i = 0
                        while i < channels {
                            line[i] = UInt8((sum[i] + count / 2) / count)
                            i += 1
                        }
                        y += 1
                    }
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

/// Where `PixelOperations.thumbnail(of:maxSide:)` samples along one axis: `cells` equal blocks of
/// `pixels`, each read at up to four positions spread evenly over it (`counts[cell]` of them, from
/// `positions[cell * 4]`).
struct SpreadSamples {
    var counts: [Int]
    var positions: [Int]

    init(cells: Int, over pixels: Int) {
        counts = []
        positions = [Int](repeating: 0, count: cells * 4)
        for cell in 0..<cells {
            let lo = cell * pixels / cells, hi = (cell + 1) * pixels / cells
            let n = min(4, max(1, hi - lo))
            counts.append(n)
            for i in 0..<n { positions[cell * 4 + i] = lo + (2 * i + 1) * (hi - lo) / (2 * n) }
        }
    }
}
