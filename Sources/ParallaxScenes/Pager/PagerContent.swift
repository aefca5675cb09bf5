/// One page's content.
public struct PagerPage: Sendable, Equatable {
    public var photo: Photo
    public var header: String
    public var paragraph: String
}

public enum PagerContent {
    public static let pages: [PagerPage] = [
        PagerPage(photo: PhotoLibrary.named("kite.jpg"), header: "Lift",
                  paragraph: "Swipe, drag or use the arrow keys. The photo behind moves slower than the page, the headline faster, and this paragraph faster still: three layers, three speeds."),
        PagerPage(photo: PhotoLibrary.named("summer-night.jpg"), header: "Far shore",
                  paragraph: "Parallax is how we read depth: near things sweep past, far things barely move. A pager that moves its layers at different speeds borrows the same cue."),
        PagerPage(photo: PhotoLibrary.named("colourful-cups.jpg"), header: "Settle",
                  paragraph: "Let go mid-swipe and the pager settles on the nearest page, or the next one if you flicked it, starting at the speed your hand left it."),
        PagerPage(photo: PhotoLibrary.named("ladybird.jpg"), header: "Close up",
                  paragraph: "The dots below show the page you are on. Click one to travel there; the layers of every page in between fly past on the way."),
        PagerPage(photo: PhotoLibrary.named("fallen-leaf.jpg"), header: "Every frame",
                  paragraph: "Every position on screen is computed from the scroll offset at the frame's own time, so the motion is the same at 30, 60 or 144 frames a second."),
    ]
}
