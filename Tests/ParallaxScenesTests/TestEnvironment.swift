import ParallaxEngine
import ParallaxFrame

/// The shipped photos' real sizes (see Resources/Images/CREDITS.md).
let photoSizes: [PhotoID: Size] = [
    "colourful-cups.jpg": Size(width: 2560, height: 1600), "dandelion-seeds.jpg": Size(width: 2560, height: 1600),
    "dune-grass.jpg": Size(width: 1680, height: 1050), "fallen-leaf.jpg": Size(width: 2560, height: 1600),
    "forest-path.jpg": Size(width: 2560, height: 1600), "jetty.jpg": Size(width: 2560, height: 1600),
    "kite.jpg": Size(width: 2560, height: 1600), "ladybird.jpg": Size(width: 2560, height: 1600),
    "lake-at-dusk.jpg": Size(width: 2560, height: 1600), "leaf-veins.jpg": Size(width: 1920, height: 1200),
    "marigold.jpg": Size(width: 2560, height: 1600), "moss.jpg": Size(width: 2560, height: 1600),
    "orange-petals.jpg": Size(width: 1600, height: 1203), "rain-drops.jpg": Size(width: 1920, height: 1200),
    "rowing-boats.jpg": Size(width: 2560, height: 1600), "storm-road.jpg": Size(width: 1920, height: 1280),
    "summer-night.jpg": Size(width: 2560, height: 1600), "water-drop.jpg": Size(width: 2560, height: 1600),
    "yellow-flower.jpg": Size(width: 2560, height: 1600), "young-grass.jpg": Size(width: 1280, height: 1024),
]

func testEnvironment() -> SceneEnvironment {
    .fixed(images: photoSizes)
}

/// Scrolls a vertical scene by a drag of `distance` px at time 0 (within the scrollable range).
func drag(_ scene: Scene, by distance: Double, at time: Double = 0) {
    scene.handle(.mouseDown(Point(x: 100, y: 500)), at: time)
    scene.handle(.mouseUp(Point(x: 100, y: 500 - distance)), at: time)
    scene.update(to: time)
}
