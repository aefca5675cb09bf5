import ParallaxEngine

/// A photo of the feed: one shipped in `Resources/Images` with its credit from
/// `Resources/Images/CREDITS.md`, or a folder's with its file name and date (`--photos`).
public struct Photo: Sendable, Hashable {
    public let image: PhotoID
    public let title: String
    /// The caption's second line: the credit, or the date taken.
    public let credit: String
    /// Where the subject is, as a fraction of the height: crops keep it in view (faces, not chins).
    public var focusY = 0.5
    /// A folder photo's day taken, "YYYY-MM-DD": the feed's sections are titled by their photos' days.
    public var dayTaken: String?

    public init(image: PhotoID, title: String, credit: String, focusY: Double = 0.5, dayTaken: String? = nil) {
        self.image = image
        self.title = title
        self.credit = credit
        self.focusY = focusY
        self.dayTaken = dayTaken
    }
}

public enum PhotoLibrary {
    /// In the feed's order: neighbours differ in colour and subject, so twenty photos read as a feed.
    public static let photos: [Photo] = [
        Photo(image: "rowing-boats.jpg", title: "Rowing boats at sunset", credit: "Ian Hex, GPL-2+", focusY: 0.6),
        Photo(image: "ladybird.jpg", title: "Ladybird on a stem", credit: "Charles Barbin, GPL-2+", focusY: 0.45),
        Photo(image: "colourful-cups.jpg", title: "Colourful cups", credit: "Dmitri Popov, GPL-2+"),
        Photo(image: "forest-path.jpg", title: "A path through the forest", credit: "Risto Saukonpää, GPL-2+", focusY: 0.6),
        Photo(image: "yellow-flower.jpg", title: "Yellow flower", credit: "Charles Barbin, GPL-2+"),
        Photo(image: "water-drop.jpg", title: "A falling drop", credit: "Charles Barbin, GPL-2+", focusY: 0.65),
        Photo(image: "fallen-leaf.jpg", title: "Fallen leaf", credit: "Martin Klapetek, GPL-2+", focusY: 0.55),
        Photo(image: "dune-grass.jpg", title: "Dune grass by the sea", credit: "Marco Cogoni, Hylke Bons, GPL-2+"),
        Photo(image: "summer-night.jpg", title: "A summer night, 1 am", credit: "Risto Saukonpää, GPL-2+"),
        Photo(image: "marigold.jpg", title: "Marigold", credit: "Charles Barbin, GPL-2+", focusY: 0.4),
        Photo(image: "kite.jpg", title: "A kite in the wind", credit: "Risto Saukonpää, GPL-2+", focusY: 0.35),
        Photo(image: "leaf-veins.jpg", title: "Light through a leaf", credit: "Lennart Poettering, Andrea Cimitan, GPL-2+"),
        Photo(image: "storm-road.jpg", title: "Storm over the road", credit: "Sergey Nazarov, GPL-2+"),
        Photo(image: "dandelion-seeds.jpg", title: "Dandelion seeds", credit: "Charles Barbin, Hylke Bons, GPL-2+", focusY: 0.4),
        Photo(image: "lake-at-dusk.jpg", title: "Still lake at dusk", credit: "Risto Saukonpää, GPL-2+", focusY: 0.55),
        Photo(image: "orange-petals.jpg", title: "Orange petals", credit: "Jens Ansorg, GPL-2+"),
        Photo(image: "moss.jpg", title: "Moss, one stands out", credit: "Risto Saukonpää, GPL-2+"),
        Photo(image: "jetty.jpg", title: "Boards by the water", credit: "Maciej Wiklo, GPL-2+", focusY: 0.6),
        Photo(image: "rain-drops.jpg", title: "Rain drops on a blade", credit: "blackcombwhistler07, GPL-2+"),
        Photo(image: "young-grass.jpg", title: "Young grass", credit: "Timothy Schellhase, Lapo Calamandrei, GPL-2+"),
    ]

    /// The photo of this file (crashes on a name that is not in the library: a programming error).
    static func named(_ image: PhotoID) -> Photo { photos.first { $0.image == image }! }
}
