import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxSDL
import ParallaxPhotos
import ParallaxBench

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure a scripted fling through a scene, unpaced, against an anchor frame drawn with direct SDL calls.")

    @Option(help: "The scene to measure.")
    var scene: SceneName = SceneName(argument: "feed")!

    @Option(help: """
        How many frames to run (at 1/\(Int(FrameClock.standardRate)) s steps of the scene's clock; default \(Self.sceneFrames)). \
        With --photos: the most frames before it stops (default \(Self.photoFrames)).
        """)
    var frames: Int?

    /// The scene bench's frames: ten seconds of flings.
    static let sceneFrames = 600
    /// `--photos`' cap: ten minutes at 60 Hz, enough for 1,000 photos down and back.
    static let photoFrames = 60 * 60 * 10

    @OptionGroup var itemCount: ItemCount

    @Option(help: "Size as WxH, in logical pixels.")
    var size = WindowSize(argument: "1280x800")!

    @Option(help: "The scroll physics the flings run under (docs/physics-models.md).")
    var physics = PhysicsName(argument: ScrollPhysicsModels.standard.name)!

    @Flag(help: "Draw in a real window (OpenGL where there is one) instead of headless with the software renderer.")
    var window = false

    @Flag(help: "Also draw the frame-time panel, and time building it.")
    var overlay = false

    @Flag(help: "Print JSON on standard output instead of a table.")
    var json = false

    @OptionGroup var photoOptions: PhotoOptions

    @Option(help: "With --photos: fling the feed at this many px/s, top to bottom and back, in real time (docs/photo-folders.md).")
    var fling: Double = 8000

    func validate() throws {
        guard frames.map({ (1...100_000).contains($0) }) ?? true else { throw ValidationError("--frames must be from 1 to 100000") }
    }

    func run() throws {
        if photoOptions.photos != nil { return try runPhotos() }
        try reportingFailures {
            var options = SceneRegistry.Options()
            options.feed.itemCount = itemCount.items
            options.settings.physics = physics.name
            let viewport = size.size
            let frames = frames ?? Self.sceneFrames
            let script = TimedInput.flings(duration: Double(frames) / FrameClock.standardRate, viewport: viewport, horizontal: scene.entry.scrollsHorizontally)
            // Every frame complete, in a window too: photos decode before the frame that needs them.
            let (canvas, driver) = try openScene(scene.name, viewport: viewport, options: options, mode: window ? .window : .headless,
                                                 completeFrames: true, logger: Logger.quiet(),
                                                 script: InputScript(events: script))
            let resources = try ResourceLocator.locate()
            let report = try Bench.run(canvas: canvas, driver: driver, makeAnchor: {
                try AnchorFrame(renderer: canvas.renderer, size: viewport,
                                // Three photos in turn, as many cards as one frame shows: the same work a
                                // frame, without holding all twenty at full size (328 MB) as the anchor
                                // loads them.
                                photoPaths: PhotoLibrary.photos.prefix(3).map { BundledPhotos(folder: resources + "/Images").path(of: $0.image.key) },
                                fontPath: resources + "/Fonts/DejaVuSans-Bold.ttf")
            }, frames: frames, overlay: overlay ? FrameTimeOverlay(text: canvas.text) : nil)
            let path = "\(canvas.rendererName), \(window ? "window" : "headless")"
            print(json ? Self.json(report, scene: scene.name, items: itemCount.items, size: viewport, path: path).jsonText
                       : Self.table(report, scene: scene.name, items: itemCount.items, path: path))
        }
    }

    /// The folder's feed flung in real time, then its decodes beside `djpeg`'s on a sample of its files.
    func runPhotos() throws {
        try reportingFailures {
            guard fling.isFinite, fling > 0 else { throw CommandFailure(message: "--fling must be a positive speed in px/s", code: 2) }
            var options = SceneRegistry.Options()
            try photoOptions.apply(to: &options)
            let viewport = size.size
            let (canvas, driver) = try openScene("feed", viewport: viewport, options: options, mode: window ? .window : .headless,
                                                 completeFrames: false, logger: Logger.quiet(), script: nil)
            // From process start (the scan, the window, the decodes of the first cards) to a photo on screen.
            let firstPhoto = PhotoBenchmark.firstPhotoFrame(canvas: canvas, driver: driver)
            let writer = canvas.photos.thumbnailWriter
            let atStart = writer.map { Self.thumbnailShare(options.feed.photos.map(\.image.description), cache: $0.cache) }
            canvas.photos.index?.waitUntilBuilt()
            let frameLimit = frames ?? Self.photoFrames
            var report = PhotoBenchmark.run(canvas: canvas, driver: driver, velocity: fling, maxFrames: frameLimit)
            report.firstPhotoFrame = firstPhoto
            canvas.photos.finishThumbnailWrites()
            let cache = PhotoCacheReport(thumbnailsAtStart: atStart, written: writer?.written ?? 0)
            let layout = FeedLayout(settings: options.feed, viewport: viewport)
            let box = Size(width: layout.columnWidth * canvas.pixelScale,
                           height: (layout.photoHeight + 2 * options.feed.maxShift) * canvas.pixelScale)
            let sample = options.feed.photos.map(\.image.description).filter { $0.lowercased().hasSuffix("jpg") || $0.lowercased().hasSuffix("jpeg") }
                .prefix(Self.anchorSample)
            let ours = PhotoBenchmark.decodeTimes(paths: Array(sample), box: box)
            let anchor = PhotoBenchmark.djpegTimes(paths: Array(sample))
            let path = "\(canvas.rendererName), \(window ? "window" : "headless")"
            let result = Self.photosJSON(report, items: options.feed.photos.count, velocity: fling, frameLimit: frameLimit, path: path, cache: cache,
                                         ours: ours, anchor: anchor)
            // The scene (through its driver, gone by now) shares the canvas's text cache, whose
            // textures must go before the canvas destroys its renderer: the canvas lives to the end.
            withExtendedLifetime(canvas) {
                print(json ? result.jsonText : Self.photosTable(report, items: options.feed.photos.count, velocity: fling, path: path,
                                                                cache: cache, ours: ours, anchor: anchor))
            }
        }
    }

    /// Files decoded one after another, ours and djpeg's, for the decode anchor.
    static let anchorSample = 100

    static func share(_ part: Int, of whole: Int) -> Double { whole > 0 ? Double(part) / Double(whole) : 0 }

    /// The shared thumbnail cache in a run: the share of the photos with a thumbnail file at the
    /// start (nil: the cache is off), and the thumbnails the run wrote.
    struct PhotoCacheReport {
        var thumbnailsAtStart: Double?
        var written: Int
        /// Warm: most photos had their thumbnail at the start.
        var state: String { thumbnailsAtStart.map { $0 >= 0.5 ? "warm" : "cold" } ?? "off" }
    }

    /// The share of `paths` with a thumbnail file in one of the cache's size folders: a stat or a
    /// few each, no PNG read.
    static func thumbnailShare(_ paths: [String], cache: ThumbnailCache) -> Double {
        share(paths.filter { path in
            let uri = ThumbnailCache.uri(of: path)
            return ThumbnailCache.Size.allCases.contains { FileManager.default.fileExists(atPath: cache.path(forURI: uri, size: $0)) }
        }.count, of: paths.count)
    }

    static func photosJSON(_ r: PhotoBenchmark.Report, items: Int, velocity: Double, frameLimit: Int, path: String, cache: PhotoCacheReport, ours: [Double],
                           anchor: [Double]?) -> JSONValue {
        .object([
            "cache": .string(cache.state), "thumbnailsAtStart": cache.thumbnailsAtStart.map(JSONValue.number) ?? .null,
            "quickAtEntry": .number(share(r.enteredAsQuick, of: r.entered)),
            "fullAtEntry": .number(1 - share(r.enteredAsPlaceholders, of: r.entered)),
            "placeholderAtEntry": .number(share(r.enteredAsPlaceholders - r.enteredAsQuick, of: r.entered)),
            "fromThumbnailCache": .number(share(r.enteredFromThumbnailCache, of: r.entered)),
            "thumbnailsWritten": .number(Double(cache.written)),
            "firstPhotoFrameMs": r.firstPhotoFrame.map { .number($0 * 1000) } ?? .null,
            "photos": .number(Double(items)), "flingPxPerS": .number(velocity), "path": .string(path), "completed": .bool(r.completed),
            "frameLimit": .number(Double(frameLimit)), "flings": .number(Double(r.flings)), "frames": .number(Double(r.intervals.count + 1)),
            "intervalMs": milliseconds(r.intervals),
            "cardsEntered": .number(Double(r.entered)),
            "landings": .number(Double(r.landings)), "decodedAtLanding": .number(1 - share(r.landedAsPlaceholders, of: r.landed)),
            "decodeInRunMs": milliseconds(r.decodes), "decodeMs": milliseconds(ours), "djpegQuarterMs": anchor.map(milliseconds) ?? .null,
            "decodeToAnchor": anchor.map { .number(percentile(ours, 0.5) / max(1e-9, percentile($0, 0.5))) } ?? .null,
            "peakResidentMB": .number(Double(r.peakResidentBytes) / 1_048_576),
        ])
    }

    static func photosTable(_ r: PhotoBenchmark.Report, items: Int, velocity: Double, path: String, cache: PhotoCacheReport, ours: [Double],
                            anchor: [Double]?) -> String {
        func percent(_ part: Int) -> String { String(format: "%.1f%%", 100 * share(part, of: r.entered)) }
        func row(_ name: String, _ values: [Double]) -> String {
            let ms = values.map { $0 * 1000 }
            return name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + [0.5, 0.95, 0.99].map { String(format: "%9.2f", percentile(ms, $0)) }.joined() + String(format: "%9.2f", ms.max() ?? 0)
        }
        let ratio = anchor.map { String(format: "%.2f", percentile(ours, 0.5) / max(1e-9, percentile($0, 0.5))) } ?? "n/a (no djpeg)"
        return """
        parallax bench --photos: \(items) photos, flings at \(Int(velocity)) px/s, \(r.flings) flings, \(r.intervals.count + 1) frames, \(path)\(r.completed ? "" : " (stopped at the frame limit before the way back up ended)")
        milliseconds                                p50      p95      p99      max
        \(row("window interval (60 Hz pacing)", r.intervals))
        \(row("decode in the run (workers, nice 19)", r.decodes))
        \(row("decode alone (CPU), \(ours.count) files", ours))
        \(anchor.map { row("djpeg -scale 1/4 (CPU), \($0.count) files", $0) } ?? "djpeg -scale 1/4: not installed (libjpeg-turbo-progs)")
        decode alone / djpeg (p50): \(ratio)
        shared thumbnail cache: \(cache.state)\(cache.thumbnailsAtStart.map { String(format: " (%.1f%% of the photos had one at the start)", 100 * $0) } ?? ""), \(cache.written) thumbnails written
        first frame with a photo: \(r.firstPhotoFrame.map { String(format: "%.0f ms after process start", $0 * 1000) } ?? "none in 10 s")
        cards when they came into view (\(r.entered)): full \(percent(r.entered - r.enteredAsPlaceholders)), quick \(percent(r.enteredAsQuick)), placeholder \(percent(r.enteredAsPlaceholders - r.enteredAsQuick)); from the shared cache \(percent(r.enteredFromThumbnailCache))
        cards decoded at the landing: \(r.landings == 0 ? "no landing in the run" : String(format: "%.1f", 100 * (1 - share(r.landedAsPlaceholders, of: r.landed))) + "% of \(r.landed) (\(r.landings) landings)")
        peak resident memory: \(String(format: "%.1f", Double(r.peakResidentBytes) / 1_048_576)) MB
        """
    }

    static func milliseconds(_ values: [Double]) -> JSONValue {
        let ms = values.map { $0 * 1000 }
        return .object(["p50": .number(percentile(ms, 0.5)), "p95": .number(percentile(ms, 0.95)),
                        "p99": .number(percentile(ms, 0.99)), "max": .number(ms.max() ?? 0)])
    }

    static func json(_ r: Bench.Report, scene: String, items: Int, size: Size, path: String) -> JSONValue {
        let engine = zip(r.update, r.layout).map { $0 + $1 }
        return .object([
            "scene": .string(scene), "items": .number(Double(items)), "frames": .number(Double(r.frames)), "path": .string(path),
            "size": .object(["width": .number(size.width), "height": .number(size.height)]),
            "updateMs": milliseconds(r.update), "layoutMs": milliseconds(r.layout), "renderMs": milliseconds(r.render), "materialMs": milliseconds(r.material),
            "engineMs": milliseconds(engine), "totalMs": milliseconds(r.total), "anchorMs": milliseconds(r.anchor),
            "renderToAnchor": .number(percentile(r.render, 0.5) / max(1e-9, percentile(r.anchor, 0.5))),
            "totalToAnchor": .number(percentile(r.total, 0.5) / max(1e-9, percentile(r.anchor, 0.5))),
            "overlayMs": r.overlay.isEmpty ? .null : milliseconds(r.overlay),
            "firstFrameMs": .number(r.firstFrame * 1000),
            "firstFrameResolution": .string(ProcessStart.reading.resolution.rawValue),
            "processStartBootTime": .number(ProcessStart.reading.bootTime),
            "peakResidentMB": .number(Double(r.peakResidentBytes) / 1_048_576),
        ])
    }

    static func table(_ r: Bench.Report, scene: String, items: Int, path: String) -> String {
        func row(_ name: String, _ values: [Double]) -> String {
            let ms = values.map { $0 * 1000 }
            return name.padding(toLength: 22, withPad: " ", startingAt: 0)
                + [0.5, 0.95, 0.99].map { String(format: "%10.4f", percentile(ms, $0)) }.joined()
                + String(format: "%10.4f", ms.max() ?? 0)
        }
        let engine = zip(r.update, r.layout).map { $0 + $1 }
        return """
        parallax bench: \(scene), \(items) items, \(r.frames) frames, \(path)
        milliseconds per frame      p50       p95       p99       max
        \(row("update", r.update))
        \(row("layout + display list", r.layout))
        \(row("engine (both)", engine))
        \(r.overlay.isEmpty ? "" : row("frame-time panel", r.overlay) + "\n")\(row("render + present", r.render))
        \(row("  of it, bar material", r.material))
        \(row("total", r.total))
        \(row("anchor (direct SDL)", r.anchor))
        render / anchor (p50): \(String(format: "%.3f", percentile(r.render, 0.5) / max(1e-9, percentile(r.anchor, 0.5))))
        total / anchor (p50): \(String(format: "%.3f", percentile(r.total, 0.5) / max(1e-9, percentile(r.anchor, 0.5))))
        time to first frame: \(String(format: "%.3f", r.firstFrame * 1000)) ms from process start (\(ProcessStart.reading.resolution.rawValue) resolution)
        peak resident memory: \(String(format: "%.1f", Double(r.peakResidentBytes) / 1_048_576)) MB
        """
    }
}
