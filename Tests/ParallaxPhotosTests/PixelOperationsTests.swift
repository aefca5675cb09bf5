import Testing
@testable import ParallaxEngine
@testable import ParallaxPhotos

/// Blocks averaged and shades baked into decoded pixels, without a window.
@Suite struct PixelOperationsTests {
    /// ARGB pixels whose values are `pixels` (0xAARRGGBB), row by row.
    func argbPixels(width: Int, _ pixels: [UInt32]) -> PhotoPixels {
        PhotoPixels(width: width, height: pixels.count / width, format: .argb8888,
                    bytes: pixels.flatMap { (pixel: UInt32) -> [UInt8] in
                        [UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 24)]
                    })
    }

    func argbPixel(_ p: PhotoPixels, _ x: Int, _ y: Int) -> UInt32 {
        let i = y * p.pitch + x * 4
        return UInt32(p.bytes[i + 3]) << 24 | UInt32(p.bytes[i + 2]) << 16 | UInt32(p.bytes[i + 1]) << 8 | UInt32(p.bytes[i])
    }

    @Test func blocksAreAveragedChannelByChannelRoundingToNearest() {
        // Two 2x2 blocks. Left: red 0, 10, 20, 31 -> 61 / 4 = 15.25 -> 15; blue 255 x4 -> 255.
        // Right: green 1, 2, 2, 2 -> 7 / 4 = 1.75 -> 2; alpha 255, 255, 0, 0 -> 127.5 -> 128.
        let source = argbPixels(width: 4, [0xFF00_00FF, 0xFF0A_00FF, 0xFF00_01FF, 0xFF00_02FF,
                                           0xFF14_00FF, 0xFF1F_00FF, 0x0000_0200, 0x0000_0200])
        let averaged = PixelOperations.averageBlocks(source, block: 2)
        #expect(averaged.width == 2 && averaged.height == 1)
        #expect(argbPixel(averaged, 0, 0) == 0xFF0F_00FF)
        // Blue: 255, 255, 0, 0 -> 127.5 -> 128.
        #expect(argbPixel(averaged, 1, 0) == 0x8000_0280)
    }

    @Test func aShadeIsCompositedRowByRowAlongItsRamp() {
        // Grey 100 under black, alpha 0 at row 0 to 255 at row 4 (image rows, scale 1): at row centres
        // 0.5, 1.5, 2.5, 3.5 the alpha is 31.875, 95.625, 159.375, 223.125 -> 32, 96, 159, 223, and
        // (100 (255 - a) + 127) / 255 is 87, 62, 38, 13.
        var s = argbPixels(width: 1, Array(repeating: 0xFF64_6464, count: 4))
        let shade = ImageDecoder.RowShade(color: Color(r: 0, g: 0, b: 0), topAlpha: 0, bottomAlpha: 255, firstRow: 0, startRow: 0, endRow: 4)
        PixelOperations.apply(shade, to: &s, scale: 1)
        #expect((0..<4).map { argbPixel(s, 0, $0) & 0xFF } == [87, 62, 38, 13])
        #expect(argbPixel(s, 0, 0) >> 24 == 0xFF, "alpha kept")
    }
}
