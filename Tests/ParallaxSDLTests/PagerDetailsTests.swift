import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL

extension SDLTests {
    /// The pager as the window lays it out: the real font (the canvas's `TextCache`) and the
    /// bundled photos' thumbnails (`Resources/Images/thumbnails.index`).
    @Suite struct PagerDetailsTests {
        /// The pager held at rest on `page`, under the bar as the playground places it.
        func pager(_ size: Size, page: Int, canvas: Canvas) -> PagerScene {
            let scene = PagerScene(viewport: size, topInset: Playground.barHeight, environment: canvas.environment)
            scene.handle(.mouseDown(Point(x: size.width / 2, y: size.height / 2)), at: 0)
            scene.handle(.mouseMove(Point(x: size.width / 2 - Double(page) * size.width, y: size.height / 2)), at: 0)
            scene.update(to: 0)
            return scene
        }

        /// Light text over the kite's sky and the pale fallen leaves, and every other page: each
        /// line, the headline's and the paragraph's (blended at its alpha), reaches 4.5:1 over the
        /// photo's own pixels under it (the mean of every pixel of the file there, not the thumbnail
        /// the scene measured) scrimmed by the shade drawn at the line's top, where it is lightest.
        @Test(arguments: [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 2560, height: 1600)])
        func pagerTextReachesFourAndAHalfToOneOverItsPhoto(size: Size) throws {
            let canvas = try headlessCanvas(size)
            for page in PagerContent.pages.indices {
                let scene = pager(size, page: page, canvas: canvas)
                var list = DisplayList()
                scene.draw(into: &list)
                let quad = try #require(list.imageQuads.first { $0.image == PagerContent.pages[page].photo.image })
                let shade = try #require(quad.shade)
                let photo = try PixelImage.load(path: bundledPhotoPath(quad.image))
                let s = quad.source, d = quad.destination
                for run in list.textRuns {
                    // The line's box in the photo's pixels, through the quad.
                    let box = Rect(origin: run.origin, size: canvas.text.size(of: run.text, font: run.font))
                    let region = Rect(x: s.minX + (box.minX - d.minX) / d.width * s.width, y: s.minY + (box.minY - d.minY) / d.height * s.height,
                                      width: box.width / d.width * s.width, height: box.height / d.height * s.height)
                    let mean = meanColor(of: photo, in: region)
                    // The shade: topAlpha above `start` of the quad's height, then linear to bottomAlpha.
                    let t = min(1, max(0, ((box.minY - d.minY) / d.height - shade.start) / (1 - shade.start)))
                    let a = (Double(shade.topAlpha) + (Double(shade.bottomAlpha) - Double(shade.topAlpha)) * t) / 255
                    func mix(_ c: UInt8, _ k: UInt8) -> UInt8 {
                        let start: Double = Double(c)
                        let change: Double = (Double(k) - start) * a
                        let mixed: Double = start + change
                        return UInt8(mixed.rounded())
                    }
                    let under = Color(r: mix(mean.r, shade.color.r), g: mix(mean.g, shade.color.g), b: mix(mean.b, shade.color.b))
                    let ratio = Legibility.contrastRatio(run.color.composited(over: under), under)
                    #expect(ratio >= 4.5, "\(quad.image) at \(size), '\(run.text)': photo \(mean) under it, \(under) scrimmed at \(a): \(ratio)")
                }
            }
        }

        /// With the real font at 1100x700 the first page's paragraph ended on "speeds." alone; no
        /// paragraph ends on one word now, at that size or any other of these.
        @Test(arguments: [Size(width: 480, height: 360), Size(width: 800, height: 500), Size(width: 1100, height: 700),
                          Size(width: 1280, height: 800), Size(width: 2560, height: 1600)])
        func noParagraphEndsOnAWordAlone(size: Size) throws {
            let canvas = try headlessCanvas(size)
            for page in PagerContent.pages.indices {
                var list = DisplayList()
                pager(size, page: page, canvas: canvas).draw(into: &list)
                let lines = list.textRuns.filter { $0.font.weight == .regular }.map(\.text)
                #expect(lines.joined(separator: " ") == PagerContent.pages[page].paragraph)
                #expect(lines.count > 1 && lines.last!.contains(" "), "page \(page) at \(size): \(lines)")
            }
        }
    }
}
