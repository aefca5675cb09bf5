import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct PagerLayersTests {
    @Test(arguments: [0.0, 0.5, 1.3])
    func layerCentresFollowTheFormula(f: Double) {
        let w = 1280.0
        for page in 0..<5 {
            for k in [0.6, 1.0, 1.5, 2.0] {
                #expect(PagerLayers.centerX(page: page, fraction: f, pageWidth: w, speed: k) == w / 2 + w * (Double(page) - f) * k)
            }
        }
        let secondPageCentre: Double = 640 + 1280 * 1.5
        #expect(PagerLayers.centerX(page: 1, fraction: 0, pageWidth: w, speed: 1.5) == secondPageCentre)
    }

    @Test func currentPageIsTheRoundedFraction() {
        #expect(PagerLayers.currentPage(fraction: 0.49, pageCount: 5) == 0)
        #expect(PagerLayers.currentPage(fraction: 0.5, pageCount: 5) == 1)
        #expect(PagerLayers.currentPage(fraction: 1.3, pageCount: 5) == 1)
        #expect(PagerLayers.currentPage(fraction: -0.7, pageCount: 5) == 0)
        #expect(PagerLayers.currentPage(fraction: 9, pageCount: 5) == 4)
        #expect(PagerLayers.currentPage(fraction: .nan, pageCount: 5) == 0)
    }

    @Test func aSlowLayerIsWideEnoughToCoverItsPage() {
        let w = 1000.0, k = 0.6
        let width = PagerLayers.coveringWidth(pageWidth: w, speed: k)
        for f in stride(from: -1.0, through: 1.0, by: 0.05) {
            let pageLeft = w * (0 - f), centre = PagerLayers.centerX(page: 0, fraction: f, pageWidth: w, speed: k)
            #expect(centre - width / 2 <= pageLeft + 1e-9)
            #expect(centre + width / 2 >= pageLeft + w - 1e-9)
        }
    }
}
