/// The header scene's article: its covers, headline, byline and text.
public enum HeaderArticle {
    /// The header's photos and titles; each refresh shows the next.
    public static let covers: [(photo: Photo, title: String)] = [
        (PhotoLibrary.named("rowing-boats.jpg"), "Boats at evening"),
        (PhotoLibrary.named("forest-path.jpg"), "Into the forest"),
        (PhotoLibrary.named("lake-at-dusk.jpg"), "The still hour"),
    ]
    public static let headline = "Depth you can scroll"
    public static func byline(_ photo: Photo) -> String { "Photo: \(photo.credit)  ·  3 min read" }
    public static let paragraphs = [
        "Scroll down and the photo above slides away at half the speed of the page, as if it sat further back than the text. Pull the page down past its top and the photo grows to fill the gap instead of leaving a hole: its top stays pinned to the window, it keeps its shape, and it springs back when you let go.",
        "The trick is old. Painters of theatre backdrops used it, and so did the multiplane cameras of early animation studios: layers at different distances, moved at different speeds. On a screen, all it takes is to move each layer by a fraction of the scroll offset.",
        "What makes it feel right is the physics underneath. The page follows the pointer exactly while you drag, keeps the velocity you gave it when you let go, slows down the way a real scroller does, and resists more and more the further you pull past an edge.",
        "Press R to switch this header to pull-to-refresh: the photo stops stretching and a spinner appears above it as you pull. Let go past the threshold and the page holds while it refreshes, then settles back.",
        "Press M for reduced motion: every parallax factor goes to zero and the header no longer stretches, while scrolling itself works as before. Resize the window and the header keeps its two-to-one shape at every size, on every frame.",
    ]
}
