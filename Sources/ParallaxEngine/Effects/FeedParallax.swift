/// The feed's image shift (docs/physics-and-effects.md, "Feed").
///
/// The photo is drawn `2M` taller than its container and its centre is moved by `shift` from the
/// container's centre. Ole Begemann's formula, applied to the part of the viewport below the bar
/// (`FeedSettings.topInset`), clamped to `±M`:
///
///     shift = (cV - cC) * M / (Hv/2 + h/2)
///
/// `cV` the centre of the visible band, `Hv` its height, `cC` the container's centre, `h` its height.
/// The shift is `-M` as a cell enters at the bottom, 0 when centred and `+M` as it leaves at the top,
/// so the photo moves slower than its cell and looks deeper.
public enum FeedParallax {
    public static func shift(containerMinY: Double, containerHeight h: Double,
                             visibleTop: Double, visibleBottom: Double, maxShift m: Double) -> Double {
        let visibleHeight = visibleBottom - visibleTop
        let range = visibleHeight / 2 + h / 2
        guard range > 0, m > 0 else { return 0 }
        let cV = visibleTop + visibleHeight / 2
        let cC = containerMinY + h / 2
        return min(m, max(-m, (cV - cC) * m / range))
    }
}
