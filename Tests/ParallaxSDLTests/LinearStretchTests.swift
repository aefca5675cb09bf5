import CSDL2
import ParallaxEngine
import Testing
@testable import ParallaxPhotos

extension SDLTests {
    /// `PixelOperations.stretchLinear` against SDL2's own `SDL_SoftStretchLinear`, which made every
    /// photo in the goldens: byte for byte, on random pixels at random sizes and at the edge cases (one
    /// pixel wide or high, the same size, large factors either way). Here because it links SDL; the
    /// photos module does not.
    @Suite struct LinearStretchTests {
        /// What SDL_SoftStretchLinear makes of `source` at `size`.
        func sdlStretch(_ source: PhotoPixels, to size: (width: Int, height: Int)) throws -> [UInt8] {
            var input = source.bytes
            var output = [UInt8](repeating: 0, count: size.width * size.height * 4)
            let format = SDL_PIXELFORMAT_ARGB8888.rawValue
            let status = try input.withUnsafeMutableBytes { from in
                try output.withUnsafeMutableBytes { to in
                    let s = try #require(SDL_CreateRGBSurfaceWithFormatFrom(from.baseAddress, Int32(source.width), Int32(source.height), 32,
                                                                           Int32(source.pitch), format))
                    defer { SDL_FreeSurface(s) }
                    let d = try #require(SDL_CreateRGBSurfaceWithFormatFrom(to.baseAddress, Int32(size.width), Int32(size.height), 32,
                                                                           Int32(size.width * 4), format))
                    defer { SDL_FreeSurface(d) }
                    return SDL_SoftStretchLinear(s, nil, d, nil)
                }
            }
            #expect(status == 0, "SDL_SoftStretchLinear: \(String(cString: SDL_GetError()))")
            return output
        }

        /// Eight random bytes a draw (byte by byte is seconds of a debug build's test).
        func randomPixels(width: Int, height: Int, using generator: inout SplitMix64) -> PhotoPixels {
            let words = (0..<(width * height + 1) / 2).map { _ in generator.next() }
            let bytes = words.withUnsafeBytes { Array($0.prefix(width * height * 4)) }
            return PhotoPixels(width: width, height: height, format: .argb8888, bytes: bytes)
        }

        @Test func everyByteIsSDLsOnRandomImagesAtRandomSizes() throws {
            var generator = SplitMix64(state: 32)  // the same cases on every run
            var mismatches: [String] = []
            for _ in 0..<300 {
                let source = (width: Int.random(in: 1...160, using: &generator), height: Int.random(in: 1...160, using: &generator))
                let target = (width: Int.random(in: 1...200, using: &generator), height: Int.random(in: 1...200, using: &generator))
                let pixels = randomPixels(width: source.width, height: source.height, using: &generator)
                if PixelOperations.stretchLinear(pixels, to: target).bytes != (try sdlStretch(pixels, to: target)) {
                    mismatches.append("\(source.width)x\(source.height) -> \(target.width)x\(target.height)")
                }
            }
            #expect(mismatches.isEmpty, "differ from SDL: \(mismatches)")
        }

        @Test(arguments: [
            (1, 1, 7, 5), (1, 9, 4, 30), (9, 1, 30, 4), (5, 5, 5, 5), (2, 2, 1, 1), (640, 3, 7, 2), (3, 480, 2, 700),
            (1000, 750, 999, 749), (1600, 1203, 900, 675), (1799, 1349, 900, 675), (512, 384, 900, 675),
        ])
        func everyByteIsSDLsAtTheEdgesAndAtAFeedPhotosSize(sw: Int, sh: Int, dw: Int, dh: Int) throws {
            var generator = SplitMix64(state: UInt64(sw * 10_000 + sh))
            let pixels = randomPixels(width: sw, height: sh, using: &generator)
            #expect(PixelOperations.stretchLinear(pixels, to: (dw, dh)).bytes == (try sdlStretch(pixels, to: (dw, dh))))
        }
    }
}
