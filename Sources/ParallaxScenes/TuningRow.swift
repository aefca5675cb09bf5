import Foundation
import ParallaxEngine

/// One row of the tuning panel (TuningPanel.swift): the current scene's parameters, then the shared
/// physics and rendering switches. Each row shows its value, steps it within its range
/// (`SceneSetting.range`, `PlaygroundSettings.Limits`) and resets it to the default, which is always
/// `PlaygroundSettings(registry:)`'s (a scene's `SceneSetting.defaultValue`).
struct TuningRow {
    enum Control {
        /// A number on a track between its range's ends.
        case slider(TuningSlider)
        /// One of a list of names, stepped with ‹ and ›.
        case choice
        /// On or off.
        case toggle(WritableKeyPath<PlaygroundSettings, Bool>)
    }

    let label: String
    let control: Control
    let value: (PlaygroundSettings) -> String
    let step: (inout PlaygroundSettings, _ direction: Double) -> Void
    /// Whether the row's value differs from the one in `defaults`.
    let differs: (PlaygroundSettings, _ defaults: PlaygroundSettings) -> Bool
    /// Sets the row's value to the one in `defaults`.
    let reset: (inout PlaygroundSettings, _ defaults: PlaygroundSettings) -> Void
}

/// A number row's track: `range` laid along it by `scale`, the knob at `get`'s value; a drag lands on
/// multiples of `resolution`.
struct TuningSlider {
    enum Scale {
        case linear
        /// Equal ratios equally far apart: a pixel count that matters from tens to thousands.
        case logarithmic
        /// A per-millisecond decay rate r laid out by the log of its time constant -1/ln r (ms), so
        /// 0.99 and 0.999 (100 ms and 1 s) are as far apart as 0.9 and 0.99; linear, the useful end
        /// would be the last tenth of the track.
        case decayRate

        func position(_ v: Double) -> Double {
            switch self {
            case .linear: v
            case .logarithmic: log(v)
            case .decayRate: log(-1 / log(v))
            }
        }

        func value(_ position: Double) -> Double {
            switch self {
            case .linear: position
            case .logarithmic: exp(position)
            case .decayRate: exp(-1 / exp(position))
            }
        }
    }

    let range: ClosedRange<Double>
    let scale: Scale
    let resolution: Double
    let get: (PlaygroundSettings) -> Double
    let set: (inout PlaygroundSettings, Double) -> Void
    /// What the track's ends are labelled.
    let minText: String
    let maxText: String

    /// Where `value` sits along the track, 0 at its start and 1 at its end (clamped).
    func fraction(of value: Double) -> Double {
        let low = scale.position(range.lowerBound), high = scale.position(range.upperBound)
        return min(1, max(0, (scale.position(value) - low) / (high - low)))
    }

    /// The value at `fraction` of the track, on a multiple of `resolution`, within the range.
    func value(at fraction: Double) -> Double {
        let low = scale.position(range.lowerBound), high = scale.position(range.upperBound)
        let raw = scale.value(low + fraction * (high - low))
        // Multiplying by a whole count per unit and dividing by it gives the decimal's nearest double
        // (0.9998, not 0.9998000000000001 from 9998 * 0.0001), so saved files read cleanly.
        let perUnit = (1 / resolution).rounded()
        let snapped = resolution < 1 ? (raw * perUnit).rounded() / perUnit : (raw / resolution).rounded() * resolution
        return min(range.upperBound, max(range.lowerBound, snapped))
    }
}

extension TuningRow {
    /// The rows for a scene, in the panel's order.
    static func rows(for scene: SceneEntry) -> [TuningRow] {
        var rows = scene.settings.map { setting in
            number(setting.label, \PlaygroundSettings.[setting], by: setting.step, in: setting.range, format: setting.format)
        }
        rows.append(TuningRow(label: "Physics", control: .choice, value: \.physics, step: { s, direction in
            let names = ScrollPhysicsModels.names, i = names.firstIndex(of: s.physics) ?? 0
            s.physics = names[(i + (direction < 0 ? names.count - 1 : 1)) % names.count]
        }, differs: differs(\.physics), reset: reset(\.physics)))
        rows.append(number("UIKit deceleration / ms", \.decelerationRate, by: 0.001, in: PlaygroundSettings.Limits.decelerationRate,
                           format: "%.4f", scale: .decayRate, resolution: 0.0001))
        rows.append(number("UIKit rubber band c", \.rubberBandConstant, by: 0.05, in: PlaygroundSettings.Limits.rubberBandConstant,
                           format: "%.2f", resolution: 0.01))
        rows.append(wheelStep)
        rows.append(toggle("Trackpad momentum", \.trackpadMomentum))
        rows.append(toggle("Whole pixels", \.wholePixels))
        rows.append(reducedMotion)
        rows.append(toggle("One frame late", \.oneFrameLate))
        return rows
    }

    /// The lowest whole wheel step the panel offers; below it (the keys' next step down, or the
    /// track before 20 px) is "auto", GTK's size for the viewport.
    static let smallestWheelStep = 20.0

    static var wheelStep: TuningRow {
        let text = { (step: Double?) in step.map { String(format: "%.0f px", $0) } ?? "auto" }
        // The track runs from half the smallest step, where "auto" sits, to the file's largest, by
        // ratio: 20 to 200 px is as long as 200 to 2000.
        let slider = TuningSlider(range: smallestWheelStep / 2...PlaygroundSettings.Limits.wheelStep.upperBound, scale: .logarithmic,
                                  resolution: 1, get: { $0.wheelStep ?? smallestWheelStep / 2 },
                                  set: { s, v in s.wheelStep = v < smallestWheelStep ? nil : v },
                                  minText: "auto", maxText: text(PlaygroundSettings.Limits.wheelStep.upperBound))
        return TuningRow(label: "Wheel step", control: .slider(slider), value: { text($0.wheelStep) }, step: { s, direction in
            let next = (s.wheelStep ?? 0) + smallestWheelStep * direction
            s.wheelStep = next < smallestWheelStep ? nil : min(PlaygroundSettings.Limits.wheelStep.upperBound, next)
        }, differs: differs(\.wheelStep), reset: reset(\.wheelStep))
    }

    /// A number row: keys step it by `step` (rounded to it, so repeated steps land on clean values), a
    /// drag sets it to multiples of `resolution` (default: `step`).
    static func number(_ label: String, _ key: WritableKeyPath<PlaygroundSettings, Double>, by step: Double,
                       in range: ClosedRange<Double>, format: String, scale: TuningSlider.Scale = .linear,
                       resolution: Double? = nil) -> TuningRow {
        let slider = TuningSlider(range: range, scale: scale, resolution: resolution ?? step, get: { $0[keyPath: key] },
                                  set: { s, v in s[keyPath: key] = v },
                                  minText: String(format: format, range.lowerBound), maxText: String(format: format, range.upperBound))
        return TuningRow(label: label, control: .slider(slider), value: { String(format: format, $0[keyPath: key]) }, step: { s, direction in
            let next = ((s[keyPath: key] + step * direction) / step).rounded() * step
            s[keyPath: key] = min(range.upperBound, max(range.lowerBound, next))
        }, differs: differs(key), reset: reset(key))
    }

    /// Reduced motion's switch: set, it is the user's; reset, it follows the environment or the
    /// desktop again (`PlaygroundSettings.reducedMotionFallback`).
    static var reducedMotion: TuningRow {
        let toggle = toggle("Reduced motion", \.reducedMotion)
        return TuningRow(label: toggle.label, control: toggle.control, value: toggle.value, step: toggle.step,
                         differs: { s, _ in s.reducedMotionSet != nil }, reset: { s, _ in s.reducedMotionSet = nil })
    }

    static func toggle(_ label: String, _ key: WritableKeyPath<PlaygroundSettings, Bool>) -> TuningRow {
        TuningRow(label: label, control: .toggle(key), value: { $0[keyPath: key] ? "on" : "off" }, step: { s, _ in s[keyPath: key].toggle() },
                  differs: differs(key), reset: reset(key))
    }

    static func differs<Value: Equatable>(_ key: KeyPath<PlaygroundSettings, Value>) -> (PlaygroundSettings, PlaygroundSettings) -> Bool {
        { $0[keyPath: key] != $1[keyPath: key] }
    }

    static func reset<Value>(_ key: WritableKeyPath<PlaygroundSettings, Value>) -> (inout PlaygroundSettings, PlaygroundSettings) -> Void {
        { $0[keyPath: key] = $1[keyPath: key] }
    }
}
