import ArgumentParser
import ParallaxEngine
import ParallaxScenes

/// A scene name, checked against the registry; a wrong one is an argument error listing the scenes.
struct SceneName: ExpressibleByArgument {
    let entry: SceneEntry
    var name: String { entry.name }
    init?(argument: String) {
        guard let entry = SceneRegistry.standard.entry(named: argument) else { return nil }
        self.entry = entry
    }
    static var allValueStrings: [String] { SceneRegistry.standard.names }
    var defaultValueDescription: String { name }
}

/// `WxH`, e.g. `1280x800`.
struct WindowSize: ExpressibleByArgument {
    let size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Int(InputScript.maxSide)).contains(w), (1...Int(InputScript.maxSide)).contains(h) else { return nil }
        size = Size(width: Double(w), height: Double(h))
    }
    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// `--items`, for the commands that build the feed.
struct ItemCount: ParsableArguments {
    @Option(help: "How many photos the feed has (1 to \(FeedSettings.maxItemCount)).")
    var items: Int = FeedSettings().itemCount

    func validate() throws {
        guard (1...FeedSettings.maxItemCount).contains(items) else {
            throw ValidationError("--items must be from 1 to \(FeedSettings.maxItemCount)")
        }
    }
}
