import CSDL2
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// Photos decoded at the size they are drawn, shades baked into them, gradients as one quad.
/// (In the serialized suite: SDL's global state is shared.)
extension SDLTests {
    @Suite struct ImageScalingTests {
        /// A 32-bit ARGB surface whose pixels are `pixels` (0xAARRGGBB), row by row.
        func argbSurface(width: Int, _ pixels: [UInt32]) -> UnsafeMutablePointer<SDL_Surface> {
            let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(pixels.count / width), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
            for (i, p) in pixels.enumerated() {
                let row = s.pointee.pixels.advanced(by: (i / width) * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                row[i % width] = p
            }
            return s
        }

        func argbPixel(_ s: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> UInt32 {
            s.pointee.pixels.advanced(by: y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
        }

        @Test func blocksAreAveragedChannelByChannelRoundingToNearest() {
            // Two 2x2 blocks. Left: red 0, 10, 20, 31 -> 61 / 4 = 15.25 -> 15; blue 255 x4 -> 255.
            // Right: green 1, 2, 2, 2 -> 7 / 4 = 1.75 -> 2; alpha 255, 255, 0, 0 -> 127.5 -> 128.
            let source = argbSurface(width: 4, [0xFF00_00FF, 0xFF0A_00FF, 0xFF00_01FF, 0xFF00_02FF,
                                            0xFF14_00FF, 0xFF1F_00FF, 0x0000_0200, 0x0000_0200])
            defer { SDL_FreeSurface(source) }
            let averaged = PixelOperations.averageBlocks(source, block: 2)!
            defer { SDL_FreeSurface(averaged) }
            #expect(averaged.pointee.w == 2 && averaged.pointee.h == 1)
            #expect(argbPixel(averaged, 0, 0) == 0xFF0F_00FF)
            // Blue: 255, 255, 0, 0 -> 127.5 -> 128.
            #expect(argbPixel(averaged, 1, 0) == 0x8000_0280)
        }

        @Test func aShadeIsCompositedRowByRowAlongItsRamp() {
            // Grey 100 under black, alpha 0 at row 0 to 255 at row 4 (image rows, scale 1): at row centres
            // 0.5, 1.5, 2.5, 3.5 the alpha is 31.875, 95.625, 159.375, 223.125 -> 32, 96, 159, 223, and
            // (100 (255 - a) + 127) / 255 is 87, 62, 38, 13.
            let s = argbSurface(width: 1, Array(repeating: 0xFF64_6464, count: 4))
            defer { SDL_FreeSurface(s) }
            let shade = ImageDecoder.RowShade(color: Color(r: 0, g: 0, b: 0), topAlpha: 0, bottomAlpha: 255, firstRow: 0, startRow: 0, endRow: 4)
            PixelOperations.apply(shade, to: s, scale: 1)
            #expect((0..<4).map { argbPixel(s, 0, $0) & 0xFF } == [87, 62, 38, 13])
            #expect(argbPixel(s, 0, 0) >> 24 == 0xFF, "alpha kept")
        }

        @Test func aPhotoIsDecodedAtTheScaleItIsDrawnAndAgainOnceANewScaleSettles() throws {
            let canvas = try headlessCanvas(Size(width: 100, height: 100))
            let textures = PhotoTextures(photos: PhotoSource(imagesFolder: resourcesFolder + "/Images", logger: Logger(label: "test")), cache: TextureCache(renderer: canvas.renderer))
            textures.photos.decodesSynchronously = true
            // orange-petals.jpg is 1600x1203: at 0.45, 720x541 (541.35 rounded).
            let first = try #require(textures.texture(for: "orange-petals.jpg", drawnScale: 0.45))
            #expect(first.scale == 0.45)
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(first.texture, nil, nil, &w, &h)
            #expect(w == 720 && h == 541)
            #expect(textures.cache.residentBytes == 720 * 541 * 4)
            #expect(textures.photos.pixelSize(of: "orange-petals.jpg") == Size(width: 1600, height: 1203), "layouts see the file's size")
            // Drawn larger: the fitted texture serves until the new scale has held for `settleDraws` draws.
            for _ in 1..<TextureCache.settleDraws {
                #expect(textures.texture(for: "orange-petals.jpg", drawnScale: 0.9)?.scale == 0.45)
            }
            #expect(textures.texture(for: "orange-petals.jpg", drawnScale: 0.9)?.scale == 0.9)
            #expect(textures.cache.residentBytes == 1440 * 1083 * 4, "the old texture gone")
        }

        @Test func aShadedImageIsItsOwnTextureWithTheShadeBakedIn() throws {
            let canvas = try headlessCanvas(Size(width: 100, height: 100))
            let textures = PhotoTextures(photos: PhotoSource(imagesFolder: resourcesFolder + "/Images", logger: Logger(label: "test")), cache: TextureCache(renderer: canvas.renderer))
            textures.photos.decodesSynchronously = true
            // young-grass.jpg is 1280x1024. Shading image rows 100..<300: at 0.25 the texture keeps rows 25..<75 of 256.
            let black = ImageDecoder.RowShade(color: Color(r: 0, g: 0, b: 0), topAlpha: 255, bottomAlpha: 255, firstRow: 100, startRow: 100, endRow: 300)
            let plain = try #require(textures.texture(for: "young-grass.jpg", drawnScale: 0.25))
            let shaded = try #require(textures.texture(for: "young-grass.jpg", drawnScale: 0.25, shade: black))
            #expect(plain.texture != shaded.texture)
            #expect(shaded.rowOffset == 25)
            #expect(textures.cache.residentBytes == 320 * 256 * 4 + 320 * 50 * 4)
            // Drawn 1:1, the fully opaque black shade leaves black, and the rows come from the right place.
            var list = DisplayList()
            list.image("young-grass.jpg", source: Rect(x: 0, y: 100, width: 512, height: 200), destination: Rect(x: 0, y: 0, width: 128, height: 50),
                       shade: ImageShade(color: Color(r: 0, g: 0, b: 0), topAlpha: 255, bottomAlpha: 255, start: 0))
            canvas.draw(list)
            let pixels = try canvas.readPixels()
            #expect(pixels[10, 10] == (0, 0, 0) && pixels[120, 49] == (0, 0, 0))
        }

        @Test func aGradientRunsFromItsTopAlphaToItsBottomAlpha() throws {
            let canvas = try headlessCanvas(Size(width: 100, height: 100))
            var list = DisplayList()
            list.fill(Rect(x: 0, y: 0, width: 100, height: 100), Color(r: 0, g: 0, b: 0))
            list.verticalGradient(Rect(x: 0, y: 0, width: 100, height: 100), Color(r: 255, g: 255, b: 255), topAlpha: 0, bottomAlpha: 200)
            canvas.draw(list)
            let pixels = try canvas.readPixels()
            // White over black at alpha a is a: 200 (y + 0.5) / 100 at row y's centre, within 2 for rounding.
            for y in [0, 25, 50, 75, 99] {
                let expected = 200 * (Double(y) + 0.5) / 100
                #expect(abs(Double(pixels[50, y].r) - expected) <= 2, "row \(y): \(pixels[50, y].r), expected \(expected)")
            }
        }
    }
}
