import Foundation
import ParallaxEngine

/// One row of the tuning panel (TuningPanel.swift): the current scene's parameters, then the shared
/// physics and rendering switches. Each row shows its value and steps it within its range (`SceneSetting.range`,
/// `PlaygroundSettings.Limits`).
struct TuningRow {
    let label: String
    let value: (PlaygroundSettings) -> String
    let step: (inout PlaygroundSettings, _ direction: Double) -> Void
}

extension TuningRow {
    /// The rows for a scene, in the panel's order.
    static func rows(for scene: SceneEntry) -> [TuningRow] {
        var rows = scene.settings.map { setting in
            number(setting.label, \PlaygroundSettings.[setting], by: setting.step, in: setting.range, format: setting.format)
        }
        rows.append(TuningRow(label: "Physics", value: \.physics, step: { s, direction in
            let names = ScrollPhysicsModels.names, i = names.firstIndex(of: s.physics) ?? 0
            s.physics = names[(i + (direction < 0 ? names.count - 1 : 1)) % names.count]
        }))
        rows.append(number("UIKit deceleration / ms", \.decelerationRate, by: 0.001, in: PlaygroundSettings.Limits.decelerationRate, format: "%.3f"))
        rows.append(number("UIKit rubber band c", \.rubberBandConstant, by: 0.05, in: PlaygroundSettings.Limits.rubberBandConstant, format: "%.2f"))
        rows.append(TuningRow(label: "Wheel step", value: { $0.wheelStep.map { String(format: "%.0f px", $0) } ?? "auto" }, step: { s, direction in
            // Below the smallest step is "auto" (GTK's size for the viewport).
            let next = (s.wheelStep ?? 0) + 20 * direction
            s.wheelStep = next < 20 ? nil : min(PlaygroundSettings.Limits.wheelStep.upperBound, next)
        }))
        rows.append(toggle("Trackpad momentum", \.trackpadMomentum))
        rows.append(toggle("Whole pixels", \.wholePixels))
        rows.append(toggle("Reduced motion", \.reducedMotion))
        rows.append(toggle("One frame late", \.oneFrameLate))
        return rows
    }

    static func number(_ label: String, _ key: WritableKeyPath<PlaygroundSettings, Double>, by step: Double,
                       in range: ClosedRange<Double>, format: String) -> TuningRow {
        TuningRow(label: label, value: { String(format: format, $0[keyPath: key]) }, step: { s, direction in
            // Rounded to the step, so repeated steps land on clean values.
            let next = ((s[keyPath: key] + step * direction) / step).rounded() * step
            s[keyPath: key] = min(range.upperBound, max(range.lowerBound, next))
        })
    }

    static func toggle(_ label: String, _ key: WritableKeyPath<PlaygroundSettings, Bool>) -> TuningRow {
        TuningRow(label: label, value: { $0[keyPath: key] ? "on" : "off" }, step: { s, _ in s[keyPath: key].toggle() })
    }
}
