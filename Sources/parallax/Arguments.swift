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

/// A physics model's name, checked against `ScrollPhysicsModels`; a wrong one is an argument error
/// (exit 64) listing the models.
struct PhysicsName: ExpressibleByArgument {
    let name: String
    init?(argument: String) {
        guard ScrollPhysicsModels.named(argument) != nil else { return nil }
        name = argument
    }
    static var allValueStrings: [String] { ScrollPhysicsModels.names }
    var defaultValueDescription: String { name }
}

/// Two physics models' names, `a,b`: compare mode's left and right panes.
struct ModelPair: ExpressibleByArgument {
    let left: String, right: String
    init?(argument: String) {
        let names = argument.split(separator: ",").map { String($0) }
        guard names.count == 2, let left = PhysicsName(argument: names[0]), let right = PhysicsName(argument: names[1]) else { return nil }
        self.left = left.name
        self.right = right.name
    }
    static var allValueStrings: [String] { ScrollPhysicsModels.names }
}

/// A slow-motion speed: 1, 1/2, 1/4 or 1/10 (`Playground.timeScales`).
struct TimeScale: ExpressibleByArgument {
    let scale: Double
    init?(argument: String) {
        guard let scale = Playground.timeScales.first(where: { Playground.timeScaleText($0) == argument }) else { return nil }
        self.scale = scale
    }
    static var allValueStrings: [String] { Playground.timeScales.map(Playground.timeScaleText) }
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
