import CTurboJPEG
import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxPhotos
import ParallaxSDL

/// `parallax bench --photos DIR --fling V` (docs/photo-folders.md, "Benchmark"): the feed of a
/// folder flung from top to bottom and back in real time, frames paced at 60 Hz as the window paces
/// them (`Run`), photos decoded in the background as in the window. Flings of `V` px/s follow each
/// other every `period` seconds; after every `restEvery`-th fling the content is left to land (a
/// landing), and at each end, where a fling moves it less than a pixel, the flings turn back.
public enum PhotoBenchmark {
    public struct Report {
        /// Seconds between presents.
        public var intervals: [Double] = []
        /// Cards that came into view, and those of them that were still placeholders then; of those,
        /// the ones showing a quick image (`QuickImage`); and of all, those shown from the shared
        /// thumbnail cache (their texture or their quick image).
        public var entered = 0
        public var enteredAsPlaceholders = 0
        public var enteredAsQuick = 0
        public var enteredFromThumbnailCache = 0
        /// Seconds from process start to the first frame that showed a photo (full or quick), if one did.
        public var firstPhotoFrame: Double?
        /// Cards in view once the content came to rest after a fling, and those still placeholders.
        public var landed = 0
        public var landedAsPlaceholders = 0
        public var landings = 0
        public var flings = 0
        /// Seconds each decode took on the decode workers.
        public var decodes: [Double] = []
        public var peakResidentBytes = 0
        /// Whether it went down to the end and back to the top before `maxFrames`.
        public var completed = false
    }

    public static let rate = 60.0

    public static func run(canvas: Canvas, driver: SceneDriver, velocity: Double, period: Double = 0.8, restEvery: Int = 16,
                           maxFrames: Int) -> Report {
        var report = Report()
        let step = FrameStep(driver: driver, target: canvas, clock: Stopwatch())
        let viewport = canvas.logicalSize
        var pending: [TimedInput] = []
        var downwards = true, legs = 0
        var nextFling = 0.2
        var waitingToLand = false
        var lastFlingOffset: Double?
        var previous: Set<PhotoID> = []
        var sincePresent = Stopwatch()
        // The window's own pacer on its 60 Hz timer: a precise sleep to each frame's slot.
        let pacer = FramePacer(schedule: PresentSchedule(timerRate: rate))
        var frame = 0
        _ = canvas.photos.takeDecodeTimes()
        while frame < maxFrames {
            // Real time, on the 60 Hz grid: a late frame skips the frames it missed.
            frame = max(frame + 1, Int((pacer.elapsed * rate).rounded(.up)))
            let time = Double(frame) / rate
            let state = (driver.scene as? Traceable)?.scrollState
            if let state, waitingToLand, state.phase == .idle {
                waitingToLand = false
                report.landings += 1
                report.landed += previous.count
                report.landedAsPlaceholders += previous.intersection(canvas.lastRender.placeholders).count
                nextFling = time
            }
            if let state, !waitingToLand, time >= nextFling {
                let offset = state.offset.y
                if let last = lastFlingOffset, abs(offset - last) < 1 {
                    // At an end: turn back, or done after the way back up.
                    legs += 1
                    if legs == 2 { report.completed = true; break }
                    downwards.toggle()
                }
                lastFlingOffset = offset
                pending += fling(viewport: viewport, velocity: velocity, downwards: downwards, at: time)
                report.flings += 1
                if report.flings % restEvery == 0 {
                    waitingToLand = true
                } else {
                    nextFling = time + period
                }
            }
            while let first = pending.first, first.time <= time {
                step.deliver(first.event, at: first.time)
                pending.removeFirst()
            }
            canvas.discardEvents()
            step.run(at: time)
            // Paced as the window paces (Run.swift): the frame's work first, then a wait for its
            // slot, the interval read there, at the present.
            pacer.wait(until: time)
            let interval = sincePresent.lap()
            canvas.present()
            if frame > 1 { report.intervals.append(interval) }
            let shown = canvas.lastRender.drawnImages
            let entering = shown.subtracting(previous)
            let placeholders = canvas.lastRender.placeholders
            report.entered += entering.count
            for image in entering {
                let quick = placeholders.contains(image) ? canvas.textures.quickImageOrigin(of: image) : nil
                if placeholders.contains(image) { report.enteredAsPlaceholders += 1 }
                if quick != nil { report.enteredAsQuick += 1 }
                if quick == .thumbnailCache || (!placeholders.contains(image) && canvas.textures.textureOrigin(of: image) != .file) {
                    report.enteredFromThumbnailCache += 1
                }
            }
            previous = shown
        }
        report.decodes = canvas.photos.takeDecodeTimes()
        report.peakResidentBytes = Bench.peakResidentBytes()
        return report
    }

    /// Draws frames at 60 Hz, as they come, until one shows a photo (its texture or its quick image)
    /// or `limit` seconds pass: the seconds from process start to that frame (nil: none did).
    public static func firstPhotoFrame(canvas: Canvas, driver: SceneDriver, limit: Double = 10) -> Double? {
        let step = FrameStep(driver: driver, target: canvas, clock: Stopwatch())
        let pacer = FramePacer(schedule: PresentSchedule(timerRate: rate))
        var frame = 0
        while pacer.elapsed < limit {
            step.run(at: Double(frame) / rate)
            canvas.present()
            let renderer = canvas.lastRender
            if renderer.drawnImages.contains(where: { !renderer.placeholders.contains($0) || canvas.textures.quickImageOrigin(of: $0) != nil }) {
                return ProcessStart.elapsed()
            }
            frame += 1
            pacer.wait(until: Double(frame) / rate)
        }
        return nil
    }

    /// A flick: the pointer dragged `velocity` px/s for four frames, released moving.
    static func fling(viewport: Size, velocity: Double, downwards: Bool, at t: Double) -> [TimedInput] {
        let x = viewport.width / 2, step = velocity / rate * (downwards ? -1 : 1)
        let y0 = downwards ? viewport.height * 0.9 : viewport.height * 0.1
        var events = [TimedInput(time: t, event: .mouseDown(Point(x: x, y: y0)))]
        for k in 1...4 { events.append(TimedInput(time: t + Double(k) / rate, event: .mouseMove(Point(x: x, y: y0 + step * Double(k))))) }
        events.append(TimedInput(time: t + 4 / rate, event: .mouseUp(Point(x: x, y: y0 + step * 4))))
        return events
    }
}

extension PhotoBenchmark {
    /// CPU seconds to decode each file, one after another on this thread, as the feed would for a
    /// photo aspect-filling a `box` (device pixels): the decode alone, beside its anchor. CPU time,
    /// not wall time, so other work on a shared machine does not count.
    public static func decodeTimes(paths: [String], box: Size) -> [Double] {
        paths.compactMap { path in
            guard let (w, h) = ImageDecoder.orientedSize(of: path) else { return nil }
            let scale = max(box.width / Double(w), box.height / Double(h))
            let start = threadCPUSeconds()
            guard case let .decoded(decoded) = ImageDecoder.decode(ImageDecoder.Job(path: path), scale: scale).result else { return nil }
            let seconds = threadCPUSeconds() - start
            withExtendedLifetime(decoded) {}  // its pixels are freed after the clock stops
            return seconds
        }
    }

    /// CPU seconds (user and system) `djpeg -scale 1/4 -outfile /dev/null` (libjpeg-turbo's own
    /// tool) takes on each file it decodes without error, less what it takes on an 8x8 JPEG (the
    /// median of five: starting the process, which a decode in our process does not pay); nil when
    /// djpeg is not installed.
    public static func djpegTimes(paths: [String]) -> [Double]? {
        let djpeg = "/usr/bin/djpeg"
        guard FileManager.default.isExecutableFile(atPath: djpeg) else { return nil }
        func cpuSeconds(_ path: String) -> Double? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: djpeg)
            process.arguments = ["-scale", "1/4", "-outfile", "/dev/null", path]
            process.standardError = FileHandle.nullDevice
            let before = childrenCPUSeconds()
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            return process.terminationStatus == 0 ? childrenCPUSeconds() - before : nil
        }
        let tiny = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-bench-\(getpid())-8x8.jpg").path
        defer { try? FileManager.default.removeItem(atPath: tiny) }
        let starts = tinyJPEG().flatMap { FileManager.default.createFile(atPath: tiny, contents: $0) ? (0..<5).compactMap { _ in cpuSeconds(tiny) } : nil }
        let start = starts.map { $0.sorted()[$0.count / 2] } ?? 0
        return paths.compactMap { path in cpuSeconds(path).map { max(0, $0 - start) } }
    }

    /// A grey 8x8 JPEG, made with libjpeg-turbo.
    static func tinyJPEG() -> Data? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        let pixels = [UInt8](repeating: 128, count: 8 * 8 * 4)
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard tjCompress2(handle, pixels, 8, 0, 8, Int32(TJPF_BGRX.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue), 90, 0) == 0,
              let buffer else { return nil }
        defer { tjFree(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// User and system time of the children waited for so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
