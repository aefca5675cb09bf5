/// Seeded random input that looks like a person at the controls: drags and flings, wheel notches,
/// trackpad streams, keys, scene switches and window resizes. For soak runs: the same seed gives
/// the same session.
public struct RandomInput: Sendable {
    private var rng: SplitMix64
    private var pointer: Point?
    public var viewport: Size
    /// The keys that show a scene (the playground's registry), pressed among the others.
    private let sceneKeys: [Key]

    public init(seed: UInt64, viewport: Size, sceneKeys: [Key]) {
        rng = SplitMix64(state: seed)
        self.viewport = viewport
        self.sceneKeys = sceneKeys
    }

    /// The events of one frame ending at `time` (often none).
    public mutating func events(at time: Double) -> [InputEvent] {
        if var p = pointer {
            // A drag in progress moves on, and now and then ends.
            p.y += Double.random(in: -60...60, using: &rng)
            p.x += Double.random(in: -60...60, using: &rng)
            pointer = p
            if Double.random(in: 0...1, using: &rng) < 0.1 {
                pointer = nil
                return [.mouseMove(p), .mouseUp(p)]
            }
            return [.mouseMove(p)]
        }
        let roll = Double.random(in: 0...1, using: &rng)
        let w = max(1, viewport.width), h = max(1, viewport.height)
        switch roll {
        case ..<0.04:
            let p = Point(x: Double.random(in: 0...w, using: &rng), y: Double.random(in: 0...h, using: &rng))
            pointer = p
            return [.mouseDown(p)]
        case ..<0.08:
            // The draws are negated so a seed gives the session it gave when wheel deltas were
            // stored the other way up (saved soak seeds replay unchanged).
            return [.wheel(dx: 0, dy: -Double(Int.random(in: -3...3, using: &rng)), shift: false)]
        case ..<0.12:
            // Up to 40 px a delta, as a fast swipe sends.
            return [.scroll(dx: 80 * Double.random(in: -0.5...0.5, using: &rng), dy: -80 * Double.random(in: -0.5...0.5, using: &rng),
                            liftFollows: false, shift: false)]
        case ..<0.13:
            let keys: [Key] = [.pageDown, .pageUp, .space, .home, .end, .left, .right, .up, .down] + sceneKeys + [.tab, .r, .m, .p, .h]
            return [.key(keys.randomElement(using: &rng)!, shift: Bool.random(using: &rng))]
        case ..<0.132:
            viewport = [Size(width: 1280, height: 800), Size(width: 900, height: 700), Size(width: 640, height: 480),
                        Size(width: 1, height: 1), Size(width: 1600, height: 900)].randomElement(using: &rng)!
            return [.resize(viewport)]
        default:
            return []
        }
    }
}
