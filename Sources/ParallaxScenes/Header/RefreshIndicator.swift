import Foundation
import ParallaxEngine

extension HeaderScene {
    /// In the gap the pull opens between the bar and the photo, clipped to it: a ring of dots that
    /// fills as the pull nears the threshold and spins while refreshing, with a word on what releasing
    /// will do, and "Updated just now" while the gap closes after a refresh (the confirmation, where
    /// the eye is, rather than the article's "Refreshed at" line far below); the pair centred in the
    /// gap (at the threshold it has room to spare).
    func drawRefreshIndicator(into list: inout DisplayList) {
        let gap = Rect(x: 0, y: topInset, width: viewport.width, height: -offset)
        let label = refreshStarted != nil ? "Refreshing…" : refreshed ? "Updated just now"
            : -offset >= settings.refreshThreshold ? "Release to refresh" : "Pull to refresh"
        let labelSize = environment.text.size(of: label, font: Self.bylineFont)
        let ring = Self.spinnerRadius + Self.spinnerDotRadius
        let groupWidth = 2 * ring + Self.spinnerLabelGap + labelSize.width
        let center = Point(x: ((viewport.width - groupWidth) / 2 + ring).rounded(), y: gap.midY)
        // Fades in as the gap opens to the ring's height, rather than showing a sliver cut by the clip.
        let revealed = min(1, max(0, -offset / (2 * ring + 16)))
        let dots = 12
        let progress = min(1, -offset / settings.refreshThreshold)
        let spin = refreshStarted.map { (time - $0) * 1.5 } ?? 0
        for i in 0..<dots {
            let fraction = Double(i) / Double(dots)
            guard refreshStarted != nil || refreshed || fraction < progress else { continue }
            let angle = 2 * Double.pi * (fraction + spin) - Double.pi / 2
            let opacity = refreshStarted == nil ? 0.9 : 0.25 + 0.75 * fraction
            list.disc(center: Point(x: center.x + Self.spinnerRadius * cos(angle), y: center.y + Self.spinnerRadius * sin(angle)),
                      radius: Self.spinnerDotRadius, Theme.text, opacity: opacity * revealed, clip: gap)
        }
        list.text(label, font: Self.bylineFont, at: Point(x: center.x + ring + Self.spinnerLabelGap, y: (center.y - labelSize.height / 2).rounded()),
                  color: Theme.secondaryText, clip: gap, opacity: revealed)
    }

    static let spinnerRadius = 11.0
    static let spinnerDotRadius = 2.4
    static let spinnerLabelGap = 12.0
}
