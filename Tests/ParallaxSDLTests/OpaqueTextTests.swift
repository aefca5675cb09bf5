import ParallaxEngine
import ParallaxFrame
import Testing
@testable import ParallaxSDL

extension SDLTests {
    @Suite struct OpaqueTextTests {
        /// A run drawn opaque on its background (`TextRun.background`) shows what blending it there
        /// shows: the same glyphs, anti-aliased against the same colour, within rounding (SDL's fast
        /// blend divides by 256, not 255, and the colour's alpha baked into the glyphs truncates).
        @Test func textOnAKnownBackgroundLooksAsBlendedTextDoes() throws {
            let canvas = try headlessCanvas(Size(width: 420, height: 60))
            let background = Color(r: 16, g: 18, b: 24)
            func drawn(on known: Color?) throws -> PixelImage {
                var list = DisplayList()
                list.fill(Rect(x: 0, y: 0, width: 420, height: 60), background)
                list.text("Depth you can scroll, gently", font: Font(size: 24), at: Point(x: 10, y: 12),
                          color: Color(r: 240, g: 240, b: 245, a: 230), on: known)
                canvas.draw(list)
                return try canvas.readPixels()
            }
            let blended = try drawn(on: nil), opaque = try drawn(on: background)
            var inked = 0, largest = 0
            for y in 0..<60 {
                for x in 0..<420 {
                    let a = blended[x, y], b = opaque[x, y]
                    if a != (background.r, background.g, background.b) { inked += 1 }
                    largest = max(largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            #expect(inked > 1000, "the text was drawn: \(inked) inked pixels")
            #expect(largest <= 3, "largest channel difference \(largest)")
        }
    }
}
