extension PixelOperations {
    /// `source` stretched to `size` by bilinear interpolation, byte for byte what SDL2's
    /// `SDL_SoftStretchLinear` makes on x86-64 (its SSE2 path, src/video/SDL_stretch.c in SDL
    /// 2.26, which made the goldens; `LinearStretchTests` compares the two): positions in 16.16
    /// fixed point with pixman's rounding of the first centre, weights of 7 bits, the vertical sums
    /// kept whole and the horizontal one shifted by 14 bits at the end. Destination pixels before
    /// the first source centre take the first column or row, those past the last centre the last.
    /// (Plain integers in 64-bit words, not SIMD types, and the masking shifts `&>>` and `&<<`:
    /// SIMD operations and `>>` are calls into the standard library in a debug build, which the
    /// tests and their windows run.)
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
        let pitch = pairs.pitch / 4, outputPitch = output.pitch / 4
        pairs.bytes.withUnsafeBytes { fromBytes in
            output.bytes.withUnsafeMutableBytes { toBytes in
                // Pixels as 32-bit words; pointers and a `while` loop, for the debug build
                // (`thumbnail(of:maxSide:)` in PixelOperations.swift).
                let from = fromBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                let to = toBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                columns.indices.withUnsafeBufferPointer { columnIndices in
                    columns.weights.withUnsafeBufferPointer { columnWeights in
                        let columnIndex = columnIndices.baseAddress!, columnWeight = columnWeights.baseAddress!
                        for y in 0..<size.height {
                            let top = from + rows.indices[y] * pitch
                            let bottom = rows.weights[y] == 0 ? top : top + pitch
                            let below = UInt64(rows.weights[y]), above = 128 &- below
                            let line = to + y * outputPitch
                            var x = 0
                            while x < size.width {
                                let left = top + columnIndex[x], leftBelow = bottom + columnIndex[x]
                                // The pair as one little-endian word, split into bytes 0 and 2 and
                                // bytes 1 and 3 of each pixel, a channel to a 16-bit lane: the vertical
                                // sums (at most 255 x 128) fit.
                                let upper = UInt64(left[0]) | UInt64(left[1]) &<< 32
                                let lower = UInt64(leftBelow[0]) | UInt64(leftBelow[1]) &<< 32
                                let even = (upper & 0x00FF_00FF_00FF_00FF) &* above &+ (lower & 0x00FF_00FF_00FF_00FF) &* below
                                let odd = (upper &>> 8 & 0x00FF_00FF_00FF_00FF) &* above &+ (lower &>> 8 & 0x00FF_00FF_00FF_00FF) &* below
                                // Each pixel's four sums in one word (bytes 0, 2, 1, 3). The horizontal
                                // sum (at most 255 x 128 x 128) does not fit a lane: it is taken in the
                                // sums' high and low 7 bits, each within 16 bits, and shifted by 14 in
                                // all. No lane carries into the next.
                                let first = (even & 0xFFFF_FFFF) | odd &<< 32, second = even &>> 32 | (odd & 0xFFFF_FFFF_0000_0000)
                                let after = UInt64(columnWeight[x]), before = 128 &- after
                                let high = (first &>> 7 & 0x00FF_00FF_00FF_00FF) &* before &+ (second &>> 7 & 0x00FF_00FF_00FF_00FF) &* after
                                let low = (first & 0x007F_007F_007F_007F) &* before &+ (second & 0x007F_007F_007F_007F) &* after
                                let mixed = (high &+ (low &>> 7 & 0x007F_007F_007F_007F)) &>> 7 & 0x00FF_00FF_00FF_00FF
                                // Lanes 0, 2, 1, 3 to bytes 0, 1, 2, 3.
                                let packed = mixed | mixed &>> 24
                                line[x] = UInt32(packed & 0xFFFF_FFFF)
                                x += 1
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}

/// One axis of `PixelOperations.stretchLinear`: for each destination pixel, the first of the two
/// source pixels it lies between (`indices`) and the second's weight (`weights`, 0...128, 7 bits of
/// fraction). Two arrays of integers, not one of pairs: a debug build looks up a tuple's type at
/// each read.
struct StretchAxis {
    var indices: [Int] = []
    var weights: [Int] = []

    init(source: Int, destination: Int) {
        // SDL_stretch.c's get_scaler_datas: the step in 16.16, the first centre rounded as pixman
        // does ((step + 1) / 2), less half a pixel.
        let step = (source << 16) / destination
        var position = ((step * 0x8000 + 0x8000) >> 16) - 0x8000
        indices.reserveCapacity(destination)
        weights.reserveCapacity(destination)
        for _ in 0..<destination {
            if position < 0 {
                indices.append(0)
                weights.append(0)
            } else if position >> 16 > source - 2 {
                // Past the last centre: the last pixel, whole (as the pair before it, weight 128).
                indices.append(source >= 2 ? source - 2 : 0)
                weights.append(source >= 2 ? 128 : 0)
            } else {
                indices.append(position >> 16)
                weights.append((position >> 9) & 0x7F)
            }
            position += step
        }
    }
}
