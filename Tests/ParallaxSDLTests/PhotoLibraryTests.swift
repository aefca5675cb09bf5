import Foundation
import Testing
import ParallaxTestSupport
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// The shipped photos against what Resources/Images/CREDITS.md promises of them.
struct PhotoLibraryTests {
    let credits = (try? String(contentsOfFile: resourcesFolder + "/Images/CREDITS.md", encoding: .utf8)) ?? ""

    @Test func everyPhotoIsShippedCreditedAndDistinct() throws {
        let images = Set(PhotoLibrary.photos.map(\.image))
        #expect(images.count == PhotoLibrary.photos.count)
        #expect(PhotoLibrary.photos.count >= 15, "a feed of 200 should not cycle through a handful")
        for photo in PhotoLibrary.photos {
            #expect(ImageHeader.dimensions(of: bundledPhotoPath(photo.image)) != nil, "\(photo.image) shipped")
            #expect(credits.contains("| \(photo.image) |"), "\(photo.image) credited")
        }
        let shipped = try FileManager.default.contentsOfDirectory(atPath: resourcesFolder + "/Images").filter { $0.hasSuffix(".jpg") }
        #expect(Set(shipped) == Set(PhotoLibrary.photos.map(\.image.description)), "no photo shipped unused")
    }

    @Test func theHeaderAndPagerDrawOnlyPhotosAtLeast1600PixelsWide() {
        let large = HeaderArticle.covers.map(\.photo) + PagerContent.pages.map(\.photo)
        for photo in large {
            let size = ImageHeader.dimensions(of: bundledPhotoPath(photo.image))
            #expect((size?.0 ?? 0) >= 1600, "\(photo.image): \(String(describing: size))")
        }
    }

    /// The mean of max(r, g, b) - min(r, g, b) over a 32x32 grid of samples: 0 for a grey texture
    /// (give or take JPEG's rounding), 19 for the greyest photo here (storm clouds over a road).
    @Test func everyPhotoIsInColour() throws {
        for photo in PhotoLibrary.photos {
            let image = try PixelImage.load(path: bundledPhotoPath(photo.image))
            var chroma = 0.0
            for gy in 0..<32 {
                for gx in 0..<32 {
                    let p = image[(2 * gx + 1) * image.width / 64, (2 * gy + 1) * image.height / 64]
                    chroma += Double(max(p.r, p.g, p.b) - min(p.r, p.g, p.b))
                }
            }
            #expect(chroma / 1024 > 10, "\(photo.image): mean chroma \(chroma / 1024)")
        }
    }
}
