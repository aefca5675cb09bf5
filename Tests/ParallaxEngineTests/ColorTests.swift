import Testing
@testable import ParallaxEngine

@Suite struct ColorTests {
    @Test func compositingIsWhatBlendingOverAnOpaqueColourShows() {
        // 230/255 of the way from (16, 18, 24) to (255, 250, 240): 16 + 239 * 0.902 = 231.6, 18 + 232 * 0.902
        // = 227.3, 24 + 216 * 0.902 = 218.8.
        let ink = Color(r: 255, g: 250, b: 240, a: 230).composited(over: Color(r: 16, g: 18, b: 24))
        #expect(ink == Color(r: 232, g: 227, b: 219))
        #expect(Color(r: 9, g: 9, b: 9).composited(over: .white) == Color(r: 9, g: 9, b: 9), "opaque stays itself")
        #expect(Color(r: 9, g: 9, b: 9, a: 0).composited(over: .white) == .white, "transparent shows the background")
    }
}
