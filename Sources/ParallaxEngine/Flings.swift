extension TimedInput {
    /// A drag flung every `period` seconds, alternately forwards and back, across (`horizontal`) or
    /// down the viewport: the input `parallax bench` and the engine benchmarks (Benchmarks/) drive scenes with.
    public static func flings(duration: Double, viewport: Size, horizontal: Bool, period: Double = 1.5) -> [TimedInput] {
        var events: [TimedInput] = []
        var t = 0.05, forwards = true
        let length = horizontal ? viewport.width : viewport.height
        while t < duration {
            let start = length * (forwards ? 0.75 : 0.25), travel = length * 0.4 * (forwards ? -1 : 1)
            func point(_ f: Double) -> Point {
                let along = start + travel * f
                return horizontal ? Point(x: along, y: viewport.height / 2) : Point(x: viewport.width / 2, y: along)
            }
            events.append(TimedInput(time: t, event: .mouseDown(point(0))))
            for step in 1...6 { events.append(TimedInput(time: t + Double(step) * 0.016, event: .mouseMove(point(Double(step) / 6)))) }
            events.append(TimedInput(time: t + 0.1, event: .mouseUp(point(1))))
            t += period
            forwards.toggle()
        }
        return events
    }
}
