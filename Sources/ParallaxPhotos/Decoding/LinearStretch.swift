extension PixelOperations {
    /// `source` stretched to `size` by bilinear interpolation, byte for byte what SDL2's
    /// `SDL_SoftStretchLinear` makes on x86-64 (its SSE2 path, src/video/SDL_stretch.c in SDL
    /// 2.26, which made the goldens; `LinearStretchTests` compares the two): positions in 16.16
    /// fixed point with pixman's rounding of the first centre, weights of 7 bits, the vertical sums
    /// kept whole and the horizontal one shifted by 14 bits at the end. Destination pixels before
    /// the first source centre take the first column or row, those past the last centre the last.
    /// (Plain integers in 64-bit words, not SIMD types: those cost a call an operation in debug
    /// builds, a second a photo in the tests.)
    static func stretchLinear(_ source: PhotoPixels, to size: (width: Int, height: Int)) -> PhotoPixels {
        var output = PhotoPixels(width: size.width, height: size.height, format: source.format)
        guard size.width > 0, size.height > 0, source.width > 0, source.height > 0 else { return output }
        let columns = StretchAxis(source: source.width, destination: size.width)
        let rows = StretchAxis(source: source.height, destination: size.height)
        // Each destination pixel reads two neighbouring source pixels of a row as one word; a
        // one-pixel wide image is read as two equal columns (any weights give the pixel itself).
        var pairs = source
        if source.width == 1 {
            pairs = PhotoPixels(width: 2, height: source.height, format: source.format)
            for y in 0..<source.height {
                for i in 0..<8 { pairs.bytes[y * 8 + i] = source.bytes[y * 4 + i % 4] }
            }
        }
        let pitch = pairs.pitch, outputPitch = output.pitch / 4
        pairs.bytes.withUnsafeBytes { fromBytes in
            output.bytes.withUnsafeMutableBytes { toBytes in
                let from = fromBytes.baseAddress!
                let to = toBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                columns.pairs.withUnsafeBufferPointer { columnPairs in
                    for y in 0..<size.height {
                        let row = rows.pairs[y]
                        let top = from + row.index * pitch
                        let bottom = row.weight == 0 ? top : top + pitch
                        let below = UInt64(row.weight), above = 128 &- below
                        let line = to + y * outputPitch
                        for x in 0..<size.width {
                            let column = columnPairs[x]
                            let offset = column.index &* 4
                            // The pair as one little-endian word, split into bytes 0 and 2 and
                            // bytes 1 and 3 of each pixel, a channel to a 16-bit lane: the vertical
                            // sums (at most 255 x 128) fit.
                            let upper = top.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            let lower = bottom.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            let even = (upper & 0x00FF_00FF_00FF_00FF) &* above &+ (lower & 0x00FF_00FF_00FF_00FF) &* below
                            let odd = (upper >> 8 & 0x00FF_00FF_00FF_00FF) &* above &+ (lower >> 8 & 0x00FF_00FF_00FF_00FF) &* below
                            // Each pixel's four sums in one word (bytes 0, 2, 1, 3). The horizontal
                            // sum (at most 255 x 128 x 128) does not fit a lane: it is taken in the
                            // sums' high and low 7 bits, each within 16 bits, and shifted by 14 in
                            // all. No lane carries into the next.
                            let left = (even & 0xFFFF_FFFF) | odd << 32, right = even >> 32 | (odd & 0xFFFF_FFFF_0000_0000)
                            let after = UInt64(column.weight), before = 128 &- after
                            let high = (left >> 7 & 0x00FF_00FF_00FF_00FF) &* before &+ (right >> 7 & 0x00FF_00FF_00FF_00FF) &* after
                            let low = (left & 0x007F_007F_007F_007F) &* before &+ (right & 0x007F_007F_007F_007F) &* after
                            let mixed = (high &+ (low >> 7 & 0x007F_007F_007F_007F)) >> 7 & 0x00FF_00FF_00FF_00FF
                            // Lanes 0, 2, 1, 3 to bytes 0, 1, 2, 3.
                            let packed = mixed | mixed >> 24
                            line[x] = UInt32(truncatingIfNeeded: packed)
                        }
                    }
                }
            }
        }
        return output
    }
}

/// One axis of `PixelOperations.stretchLinear`: for each destination pixel, the first of the two
/// source pixels it lies between and the second's weight (0...128, 7 bits of fraction).
struct StretchAxis {
    var pairs: [(index: Int, weight: Int)]

    init(source: Int, destination: Int) {
        // SDL_stretch.c's get_scaler_datas: the step in 16.16, the first centre rounded as pixman
        // does ((step + 1) / 2), less half a pixel.
        let step = (source << 16) / destination
        var position = ((step * 0x8000 + 0x8000) >> 16) - 0x8000
        pairs = []
        pairs.reserveCapacity(destination)
        for _ in 0..<destination {
            if position < 0 {
                pairs.append((0, 0))
            } else if position >> 16 > source - 2 {
                // Past the last centre: the last pixel, whole (as the pair before it, weight 128).
                pairs.append(source >= 2 ? (source - 2, 128) : (0, 0))
            } else {
                pairs.append((position >> 16, (position >> 9) & 0x7F))
            }
            position += step
        }
    }
}
