@testable import ParallaxEngine
import ParallaxFrame
import Testing
@testable import ParallaxSDL

/// Thumbnails and glyph coverage made by hand.
struct StubBackdropSources: BackdropSources {
    var thumbnails: [PhotoID: (thumbnail: ImageThumbnail, imageSize: Size)] = [:]
    var glyphs: [String: GlyphCoverage] = [:]
    func decodedThumbnail(of image: PhotoID) -> (thumbnail: ImageThumbnail, imageSize: Size)? { thumbnails[image] }
    func coverage(of text: String, font: Font) -> GlyphCoverage? { glyphs[text] }
    func size(of text: String, font: Font) -> Size {
        glyphs[text].map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
    }
}

/// The bar's material on the CPU: each cell the area average of what the commands before it drew
/// there (docs/physics-and-effects.md, "The bar's material"). A 120x24 backdrop at a downscale of 12 is 10x2 cells of
/// 12x12 px, on black; the literals are worked by hand from the area-average formulas.
@Suite struct BackdropBlurTests {
    let black = Color(r: 0, g: 0, b: 0)
    let white = Color(r: 255, g: 255, b: 255)

    func blur(_ commands: [DrawCommand], sources: StubBackdropSources = StubBackdropSources(), size: Size = Size(width: 120, height: 24)) -> BackdropBlur {
        var blur = BackdropBlur(rect: Rect(origin: .zero, size: size), downscale: 12, pixelScale: 1, background: black)
        for command in commands { blur.composite(command, from: sources) }
        return blur
    }

    func fill(_ rect: Rect, _ color: Color, clip: Rect? = nil, opacity: Double = 1) -> DrawCommand {
        .fill(FillRect(rect: rect, color: color, clip: clip, opacity: opacity))
    }

    func red(_ blur: BackdropBlur, _ column: Int, _ row: Int = 0) -> UInt32 { blur.argbPixels[row * blur.columns + column] >> 16 & 0xFF }

    @Test func cellsAreDownscaleDevicePixelsASideRoundedUp() {
        // The bar at 1280x56: 1280 / 12 = 106.7 -> 107 columns, 56 / 12 = 4.7 -> 5 rows; at 2x, 214 and 10.
        let bar = Rect(x: 0, y: 0, width: 1280, height: 56)
        let one = BackdropBlur(rect: bar, downscale: 12, pixelScale: 1, background: black)
        let two = BackdropBlur(rect: bar, downscale: 12, pixelScale: 2, background: black)
        #expect((one.columns, one.rows) == (107, 5))
        #expect((two.columns, two.rows) == (214, 10))
        #expect(one.argbPixels.allSatisfy { $0 == 0xFF00_0000 }, "the frame's background first, opaque")
    }

    @Test func aFillCoversEachCellByItsShareOfTheCellsArea() {
        // Half of cell 0 white: 255 / 2 = 127.5 -> 128. Cell 1 red at opacity 0.5: alpha 127.5 -> 128
        // levels, 255 * 128 / 255 = 128. Cell 2 untouched.
        let b = blur([fill(Rect(x: 0, y: 0, width: 6, height: 12), white),
                      fill(Rect(x: 12, y: 0, width: 12, height: 12), Color(r: 255, g: 0, b: 0), opacity: 0.5)])
        #expect(b.argbPixels[0] == 0xFF80_8080)
        #expect(b.argbPixels[1] == 0xFF80_0000)
        #expect(b.argbPixels[2] == 0xFF00_0000)
        #expect(b.argbPixels[10] == 0xFF00_0000, "the row below")
    }

    @Test func aClipsEdgesLandOnWholePixelsAsTheRenderersDo() {
        // Clipped to x 0.4..<5.6, rounded to 0..<6 as SDL's clip rect is: half of cell 0, 128. Unrounded
        // it would be 5.2 / 12 of it, 110.5.
        let b = blur([fill(Rect(x: 0, y: 0, width: 120, height: 24), white, clip: Rect(x: 0.4, y: 0, width: 5.2, height: 24))])
        #expect(red(b, 0) == 128 && red(b, 0, 1) == 128)
        #expect(red(b, 1) == 0)
    }

    @Test func nothingOutsideTheRectOrUnderAnotherBackdropCounts() {
        let b = blur([fill(Rect(x: 0, y: 30, width: 120, height: 10), white),
                      .backdrop(Backdrop(rect: Rect(x: 0, y: 0, width: 120, height: 24), downscale: 12, tint: white))])
        #expect(b.argbPixels.allSatisfy { $0 == 0xFF00_0000 })
    }

    @Test func aPhotoIsSampledBilinearlyFromItsThumbnailAtEachCellsCentre() {
        // A 20x10 image whose 2x1 thumbnail is red | blue, drawn over the whole 120x24 rect: a cell's
        // centre x = 12c + 6 is at thumbnail x (12c + 6) / 60; less the half texel, clamped to 0...1.
        // Cell 0: 0.1 -> red. Cell 5: 1.1 - 0.5 = 0.6 -> 0.4 red + 0.6 blue = (102, 0, 153). Cell 9: blue.
        let thumbnail = (ImageThumbnail(width: 2, height: 1, pixels: [0xFF_0000, 0x00_00FF]), Size(width: 20, height: 10))
        let quad = DrawCommand.image(ImageQuad(image: "p.jpg", source: Rect(x: 0, y: 0, width: 20, height: 10),
                                               destination: Rect(x: 0, y: 0, width: 120, height: 24), clip: nil, opacity: 1, shade: nil))
        let b = blur([quad], sources: StubBackdropSources(thumbnails: ["p.jpg": thumbnail]))
        #expect(b.argbPixels[0] == 0xFFFF_0000)
        #expect(b.argbPixels[5] == 0xFF66_0099)
        #expect(b.argbPixels[9] == 0xFF00_00FF)
        // Not ready yet: the placeholder's colour, as the renderer draws it.
        let loading = blur([quad])
        let placeholder = PixelRules.placeholderFill
        #expect(loading.argbPixels.allSatisfy { $0 == 0xFF00_0000 | UInt32(placeholder.r) << 16 | UInt32(placeholder.g) << 8 | UInt32(placeholder.b) })
    }

    @Test func aPhotosShadeIsLaidOverItAlongItsRamp() {
        // White under black, alpha 0 at the top to 255 at the bottom (start 0): at row centres y = 6
        // and 18 of 24 the alpha is 63.75 and 191.25, leaving 255 - 63.75 = 191.25 -> 191 and 63.75 -> 64.
        let thumbnail = (ImageThumbnail(width: 1, height: 1, pixels: [0xFF_FFFF]), Size(width: 10, height: 10))
        let shade = ImageShade(color: black, topAlpha: 0, bottomAlpha: 255, start: 0)
        let b = blur([.image(ImageQuad(image: "p.jpg", source: Rect(x: 0, y: 0, width: 10, height: 10),
                                       destination: Rect(x: 0, y: 0, width: 120, height: 24), clip: nil, opacity: 1, shade: shade))],
                     sources: StubBackdropSources(thumbnails: ["p.jpg": thumbnail]))
        #expect(red(b, 3) == 191 && red(b, 3, 1) == 64)
    }

    @Test func textAddsTheMeanOfItsGlyphCoverageOverEachCell() {
        // A 12x12 line at (12, 0): every other column inked in full, so cell 1 takes half the ink:
        // 127.5 -> 128. The same line opaque on blue (`TextRun.background`) covers its box with blue
        // first: (0, 0, 255) under half white, (128, 128, 255) rounded.
        let striped = GlyphCoverage(width: 12, height: 12, alpha: (0..<144).map { $0 % 2 == 0 ? 255 : 0 })
        let sources = StubBackdropSources(glyphs: ["line": striped])
        func run(on background: Color?) -> DrawCommand {
            .text(TextRun(text: "line", font: Font(size: 12), origin: Point(x: 12, y: 0), color: white, clip: nil, opacity: 1, background: background))
        }
        let blended = blur([run(on: nil)], sources: sources)
        #expect(blended.argbPixels[1] == 0xFF80_8080)
        #expect(blended.argbPixels[0] == 0xFF00_0000 && blended.argbPixels[2] == 0xFF00_0000)
        let opaque = blur([run(on: Color(r: 0, g: 0, b: 255))], sources: sources)
        #expect(opaque.argbPixels[1] == 0xFF80_80FF)
    }

    @Test func aDiscCoversTheShareOfSixteenSamplesInsideIt() {
        // Radius 6 at the centre of cell 0: of samples at 1.5, 4.5, 7.5, 10.5 each way, the four corners
        // (4.5² + 4.5² = 40.5 > 36) are outside: 12 / 16 of 255 = 191.25 -> 191.
        let b = blur([.disc(Disc(center: Point(x: 6, y: 6), radius: 6, color: white, opacity: 1, clip: nil))])
        #expect(red(b, 0) == 191)
        #expect(red(b, 1) == 0)
    }

    @Test func theTintCoversEveryCellAtItsAlpha() {
        // White under (18, 20, 26) at 212: 255 * 43 / 255 + c * 212 / 255 = 57.96, 59.63, 64.61 -> 58, 60, 65.
        var b = blur([fill(Rect(x: 0, y: 0, width: 120, height: 24), white)])
        b.tint(Color(r: 18, g: 20, b: 26, a: 212))
        #expect(b.argbPixels.allSatisfy { $0 == 0xFF3A_3C41 })
    }
}

extension SDLTests {
    @Suite struct BackdropBlurRenderingTests {
        /// Through SDL, with a clear tint: the bar's material is the frame drawn under it (a real photo's
        /// thumbnail, real glyphs, a fill) averaged over each 12 px cell and scaled back up linearly, texel
        /// centres at the cells' centres: every pixel within a few levels of that, computed here from the
        /// pixels of the same frame drawn without the bar.
        @Test func theMaterialIsTheFrameUnderItAveragedOverCellsAndScaledUp() throws {
            let size = Size(width: 240, height: 48)
            let (columns, rows) = (20, 4)
            let canvas = try headlessCanvas(size)
            canvas.photos.decodesSynchronously = true
            var under = DisplayList()
            under.fill(Rect(origin: .zero, size: size), Color(r: 30, g: 40, b: 50))
            under.image("orange-petals.jpg", source: Rect(x: 400, y: 300, width: 400, height: 80), destination: Rect(x: 0, y: 0, width: 120, height: 24))
            under.text("Petals under the bar", font: Font(size: 14, weight: .bold), at: Point(x: 126, y: 4), color: Color(r: 250, g: 250, b: 250))
            under.fill(Rect(x: 130, y: 30, width: 100, height: 12), Color(r: 200, g: 40, b: 40))
            canvas.draw(under)
            let plain = try canvas.readPixels()
            var barred = under
            barred.backdrop(Rect(origin: .zero, size: size), downscale: 12, tint: Color(r: 0, g: 0, b: 0, a: 0))
            canvas.draw(barred)
            let material = try canvas.readPixels()
            var means = [SIMD3<Double>](repeating: .zero, count: columns * rows)
            for y in 0..<48 {
                for x in 0..<240 {
                    let p = plain[x, y]
                    let rgb: SIMD3<Double> = SIMD3(Double(p.r), Double(p.g), Double(p.b))
                    means[(y / 12) * columns + x / 12] += rgb / 144
                }
            }
            let contrast = means.map { $0.x }.max()! - means.map { $0.x }.min()!
            var largest = 0.0
            for y in 0..<48 {
                for x in 0..<240 {
                    let u = min(max((Double(x) + 0.5) / 12 - 0.5, 0), Double(columns - 1)), v = min(max((Double(y) + 0.5) / 12 - 0.5, 0), Double(rows - 1))
                    let c0 = min(Int(u), columns - 2), r0 = min(Int(v), rows - 2), fu = u - Double(c0), fv = v - Double(r0)
                    func cell(_ c: Int, _ r: Int) -> SIMD3<Double> { means[r * columns + c] }
                    let top = cell(c0, r0) + (cell(c0 + 1, r0) - cell(c0, r0)) * fu
                    let bottom = cell(c0, r0 + 1) + (cell(c0 + 1, r0 + 1) - cell(c0, r0 + 1)) * fu
                    let expected = top + (bottom - top) * fv
                    let shown = material[x, y]
                    largest = max(largest, abs(expected.x - Double(shown.r)), abs(expected.y - Double(shown.g)), abs(expected.z - Double(shown.b)))
                }
            }
            #expect(contrast > 100, "cells under the text, the photo and the fill hold contrast to average: \(contrast)")
            #expect(largest <= 4, "largest channel difference: \(largest)")
        }
    }
}
