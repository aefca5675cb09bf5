import ParallaxEngine

/// Text measured as if every character were `0.5 em` wide and lines `1.25 em` tall: deterministic.
final class FixedTextMeasurer: TextMeasuring {
    func size(of text: String, font: Font) -> Size {
        Size(width: Double(text.count) * font.size * 0.5, height: font.size * 1.25)
    }
}

/// Image sizes given by the test; anything else is "not loaded".
final class FixedImageMetrics: ImageMetrics {
    let sizes: [ImageID: Size]
    init(_ sizes: [ImageID: Size]) { self.sizes = sizes }
    func pixelSize(of image: ImageID) -> Size? { sizes[image] }
}

/// The shipped photos' real sizes (see Resources/Images/CREDITS.md).
let photoSizes: [ImageID: Size] = [
    "astronaut.png": Size(width: 512, height: 512), "chelsea.png": Size(width: 451, height: 300),
    "coffee.png": Size(width: 600, height: 400), "rocket.jpg": Size(width: 640, height: 427),
    "hubble_deep_field.jpg": Size(width: 1000, height: 872), "camera.png": Size(width: 512, height: 512),
    "brick.png": Size(width: 512, height: 512), "grass.png": Size(width: 512, height: 512),
    "gravel.png": Size(width: 512, height: 512),
]

func testEnvironment() -> SceneEnvironment {
    SceneEnvironment(text: FixedTextMeasurer(), images: FixedImageMetrics(photoSizes))
}
