import ParallaxEngine

/// The photos shipped in `Resources/Images`, with the credits of `Resources/Images/CREDITS.md`.
public struct Photo: Sendable, Hashable {
    public let image: ImageID
    public let title: String
    public let credit: String
    /// Where the subject is, as a fraction of the height: crops keep it in view (faces, not chins).
    public var focusY = 0.5
}

public enum PhotoLibrary {
    public static let photos: [Photo] = [
        Photo(image: "astronaut.png", title: "Eileen Collins", credit: "NASA, public domain", focusY: 0.3),
        Photo(image: "chelsea.png", title: "Chelsea the cat", credit: "Stefan van der Walt, CC0"),
        Photo(image: "coffee.png", title: "A cup of coffee", credit: "Rachel Michetti, CC0"),
        Photo(image: "rocket.jpg", title: "Falcon 9 launch", credit: "SpaceX, public domain"),
        Photo(image: "hubble_deep_field.jpg", title: "Hubble eXtreme Deep Field", credit: "NASA, public domain"),
        Photo(image: "camera.png", title: "The photographer", credit: "Lav Varshney, CC0", focusY: 0.35),
        Photo(image: "brick.png", title: "Brick", credit: "CC0Textures, CC0"),
        Photo(image: "grass.png", title: "Grass", credit: "CC0Textures, CC0"),
        Photo(image: "gravel.png", title: "Gravel", credit: "CC0Textures, CC0"),
    ]

    public static func photo(forItem index: Int) -> Photo { photos[index % photos.count] }
}
