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
            // Drawn larger: the fitted texture serves until the new scale has held for `settleFrames` frames.
            for _ in 1..<TextureCache.settleFrames {
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
