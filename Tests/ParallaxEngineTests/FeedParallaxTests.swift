import Testing
@testable import ParallaxEngine

/// The shift in its other usual form: the image top relative to the container top is `-2M * ratio`.
func imageTopShift(maxY: Double, h: Double, H: Double, top: Double, bottom: Double, m: Double) -> Double {
    let ratio = min(1, max(0, (maxY - top) / (H + h - top - bottom)))
    let imageTop = -2 * m * ratio
    return (imageTop + (h + 2 * m) / 2) - h / 2
}

@Suite struct FeedParallaxTests {
    let h = 405.0, H = 800.0, top = 56.0, m = 30.0

    func shift(minY: Double) -> Double {
        FeedParallax.shift(containerMinY: minY, containerHeight: h, visibleTop: top, visibleBottom: H, maxShift: m)
    }

    @Test func fullRangeBetweenTheBars() {
        #expect(shift(minY: H) == -m, "entering at the bottom")
        #expect(shift(minY: top - h) == m, "leaving under the top bar")
        let centred = top + (H - top) / 2 - h / 2
        #expect(abs(shift(minY: centred)) < 1e-12)
    }

    @Test func clampedUnderTheBars() {
        #expect(shift(minY: -h) == m)
        #expect(shift(minY: H + 200) == -m)
    }

    @Test func agreesWithTheImageTopForm() {
        for minY in stride(from: -500.0, through: 1300, by: 7.25) {
            let expected = imageTopShift(maxY: minY + h, h: h, H: H, top: top, bottom: 0, m: m)
            #expect(abs(shift(minY: minY) - expected) < 1e-9, "at minY \(minY)")
        }
    }

    @Test func noShiftWithoutRangeOrMargin() {
        #expect(FeedParallax.shift(containerMinY: 0, containerHeight: 0, visibleTop: 0, visibleBottom: 0, maxShift: 30) == 0)
        #expect(FeedParallax.shift(containerMinY: 100, containerHeight: 100, visibleTop: 0, visibleBottom: 800, maxShift: 0) == 0)
    }

    @Test func aspectFillIsTheLargestCentredCrop() {
        let crop = aspectFillSource(imageSize: Size(width: 600, height: 400), box: Size(width: 900, height: 465))
        #expect(crop.width == 600)
        #expect(abs(crop.height - 600 * 465 / 900) < 1e-9)
        #expect(abs(crop.minY - (400 - crop.height) / 2) < 1e-9)
        let tall = aspectFillSource(imageSize: Size(width: 600, height: 400), box: Size(width: 100, height: 100))
        #expect(tall == Rect(x: 100, y: 0, width: 400, height: 400))
        let focused = aspectFillSource(imageSize: Size(width: 512, height: 512), box: Size(width: 900, height: 450), focusY: 0.3)
        #expect(focused == Rect(x: 0, y: 0.3 * 512 - 128, width: 512, height: 256))
        let clampedTop = aspectFillSource(imageSize: Size(width: 512, height: 512), box: Size(width: 900, height: 450), focusY: 0)
        #expect(clampedTop.minY == 0)
        let clampedBottom = aspectFillSource(imageSize: Size(width: 512, height: 512), box: Size(width: 900, height: 450), focusY: 1)
        #expect(clampedBottom.maxY == 512)
    }
}
