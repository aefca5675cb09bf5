import Foundation
import ParallaxSnapshotTesting
import SnapshotTesting
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxVisualRegression
@testable import ParallaxSDL
@testable import ParallaxPhotos

/// The playground's feed with its photo margin `M` set to `margin` px.
func feed(margin: Double) -> SnapshotScene {
    var options = SceneRegistry.Options()
    options.settings[.feedMaxShift] = margin
    return SnapshotScene(resourcesFolder: resourcesFolder) { viewport, environment in
        SceneRegistry.standard.make("feed", viewport: viewport, options: options, environment: environment)!
    }
}

/// Nested in the serialized suite, as it drives SDL; its own name lets `--filter SnapshotStrategyTests` pick it.
extension SDLTests {
    @Suite struct SnapshotStrategyTests {
        /// The feed mid-fling (Tests/VisualRegression/Scripts/feed.json at 0.5 s), where every photo is
        /// shifted in its cell. Its reference is in `__Snapshots__/SnapshotStrategyTests/`, as any
        /// team's would be; after an intended change of look, re-record it with
        /// `SNAPSHOT_TESTING_RECORD=failed swift test --filter SnapshotStrategyTests`.
        @Test func theFeedMidFlingMatchesItsSnapshotAndAOnePixelWiderMarginDoesNot() throws {
            let script = try regressionScript("feed")
            assertSnapshot(of: feed(margin: 30), as: .frame(script: script, at: 0.5), named: "mid-fling")
            // `.never`: a failure here must not be recorded over the reference, whatever the environment says.
            withKnownIssue("the photos sit 1 px further in their cells") {
                assertSnapshot(of: feed(margin: 31), as: .frame(script: script, at: 0.5), named: "mid-fling", record: .never)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("Snapshot \"mid-fling\" does not match reference.") }
            }
        }

        @Test func aSceneIsSnapshotFromTheRenderTargetItMakes() {
            var made: [NullRenderTarget] = []
            let scene = SnapshotScene(makeTarget: { viewport in
                let target = NullRenderTarget(size: viewport)
                made.append(target)
                return target
            }) { viewport, environment in
                SceneRegistry.standard.make("pager", viewport: viewport, environment: environment)!
            }
            var frame: PixelImage?
            Snapshotting<SnapshotScene, PixelImage>.frame(at: 0.25, size: Size(width: 320, height: 200)).snapshot(scene).run { frame = $0 }
            #expect(made.count == 1 && made.first?.draws == 1 && made.first?.logicalSize == Size(width: 320, height: 200))
            #expect(frame == PixelImage(width: 320, height: 200), "the null target's black frame, not a canvas's")
        }

        @Test func aMarginChangeFailsWithTheThreeImagesAndPassesAgainOnceReRecorded() throws {
            let script = try regressionScript("feed")
            let folder = temporaryFolder()
            let strategy = Snapshotting<SnapshotScene, PixelImage>.frame(script: script, at: 0.5)
            func check(_ margin: Double, record: SnapshotTestingConfiguration.Record) -> String? {
                withSnapshotTesting(record: record) {
                    verifySnapshot(of: feed(margin: margin), as: strategy, named: "feed", snapshotDirectory: folder, testName: "margin")
                }
            }
            let reference = folder + "/margin.feed.png"
            #expect(check(30, record: .missing)?.contains("No reference was found on disk. Automatically recorded snapshot") == true)
            // The reference is the PNG SDL2_image wrote, and holds the frame `parallax verify` checks.
            let golden = try PixelImage.load(path: regressionFolder + "/Goldens/feed-0000.500.png")
            #expect(try PixelImage.load(path: reference) == golden)
            #expect(check(30, record: .never) == nil)

            let failure = try #require(check(31, record: .never))
            #expect(failure.contains("Snapshot \"feed\" does not match reference."))
            #expect(failure.contains("Newly-taken snapshot does not match reference."))
            #expect(try PixelImage.load(path: reference) == golden, "a failure under .never records nothing")

            // The images a failure attaches: the reference, the new frame, and the changed pixels in red
            // over it, all where the photos show (the text did not move).
            let wider = strategy.snapshot(feed(margin: 31))
            var frame = PixelImage(width: 0, height: 0)
            wider.run { frame = $0 }
            let (message, attachments) = try #require(strategy.diffing.diffV2(golden, frame))
            #expect(message.hasPrefix("Newly-taken snapshot does not match reference. "))
            var images: [String: PixelImage] = [:]
            for case let .data(data, name) in attachments { images[name] = try PixelImage(pngData: data) }
            #expect(images.keys.sorted() == ["difference.png", "failure.png", "reference.png"])
            #expect(images["reference.png"] == golden && images["failure.png"] == frame)
            let layout = FeedLayout(settings: FeedSettings(), viewport: script.size!)
            let difference = try #require(images["difference.png"])
            var red = 0
            for y in 0..<difference.height {
                for x in 0..<difference.width where difference[x, y] == (255, 0, 0) {
                    red += 1
                    #expect(showsAPhotoChange(x: x, y: y, layout: layout), "changed pixel at \(x),\(y)")
                }
            }
            #expect(red == PixelComparison(expected: golden, actual: frame).differingPixels && red > 0)

            // Re-recorded, the wider margin is the reference: it passes, and the old one fails.
            #expect(check(31, record: .all)?.contains("Record mode is on. Automatically recorded snapshot") == true)
            #expect(try PixelImage.load(path: reference) == frame)
            #expect(check(31, record: .never) == nil)
            #expect(check(30, record: .never) != nil)
            // `.failed` records over a failing reference and still fails once.
            #expect(check(30, record: .failed)?.contains("A new snapshot was automatically recorded.") == true)
            #expect(check(30, record: .never) == nil)
        }

        @Test func motionSnapshotsAreTheMotionGoldenAndFailWithTheVerdict() throws {
            let script = try regressionScript("feed")
            let folder = temporaryFolder()
            func feed(late: Bool) -> SnapshotScene {
                var options = SceneRegistry.Options()
                options.settings.oneFrameLate = late
                return SnapshotScene(resourcesFolder: resourcesFolder) { viewport, environment in
                    SceneRegistry.standard.make("feed", viewport: viewport, options: options, environment: environment)!
                }
            }
            func check(late: Bool, tolerance: [MotionKind: Double] = [:], record: SnapshotTestingConfiguration.Record) -> String? {
                withSnapshotTesting(record: record) {
                    verifySnapshot(of: feed(late: late), as: .motion(script: script, tolerance: tolerance), named: "feed", snapshotDirectory: folder,
                                   testName: "motion")
                }
            }
            #expect(check(late: false, record: .missing)?.contains("No reference was found on disk. Automatically recorded snapshot") == true)
            // The reference holds what `parallax verify` keeps: the frames of the motion golden.
            let reference = try MotionTimeline.load(path: folder + "/motion.feed.motion.jsonl")
            #expect(reference.frames == (try MotionTimeline.load(path: regressionFolder + "/Goldens/feed.motion.jsonl")).frames)
            #expect(check(late: false, record: .never) == nil)

            let failure = try #require(check(late: true, record: .never))
            #expect(failure.contains("  items[0].shift: shifted by 1 frame (late); first at frame 14"), "\(failure)")
            #expect(!failure.contains("offset.y"))
            // Within a tolerance as wide as the shifts' largest difference, it passes.
            #expect(check(late: true, tolerance: [.position: 40], record: .never) == nil)
        }

        @Test func framesSnapshotEveryCaptureTimeUnderTheNamesCaptureGivesThem() throws {
            let script = try regressionScript("feed")
            let strategies = [String: Snapshotting<SnapshotScene, PixelImage>].frames(script: script)
            #expect(strategies.keys.sorted() == ["0000.000", "0000.500", "0003.400", "0005.000"])
            let folder = temporaryFolder()
            for (name, strategy) in strategies {
                let recorded = verifySnapshot(of: feed(margin: 30), as: strategy, named: name, record: .missing, snapshotDirectory: folder,
                                              testName: "feed")
                #expect(recorded?.contains("Automatically recorded snapshot") == true)
                let golden = try PixelImage.load(path: regressionFolder + "/Goldens/feed-\(name).png")
                // The library turns the name's dot into a dash in the file name.
                let file = folder + "/feed.\(name.replacingOccurrences(of: ".", with: "-")).png"
                #expect(try PixelImage.load(path: file) == golden, "\(name)")
            }
            let chosen = [String: Snapshotting<SnapshotScene, PixelImage>].frames(script: script, at: [1, 0.25])
            #expect(chosen.keys.sorted() == ["0000.250", "0001.000"])
        }

        @Test func precisionsLoosenTheFrameDiffingAsTheLibrarysImageStrategiesDo() throws {
            let white = solid(10, 10, (255, 255, 255))
            // Two pixels of a hundred changed: a faint one (4 levels of red less) and a black one.
            let changed = solid(10, 10, (255, 255, 255)) { x, y in
                (x, y) == (2, 2) ? (251, 255, 255) : ((x, y) == (7, 7) ? (0, 0, 0) : nil)
            }
            func failure(_ precision: Float, _ perceptual: Float) -> String? {
                Diffing<PixelImage>.frame(precision: precision, perceptualPrecision: perceptual).diffV2(white, changed)?.0
            }
            #expect(failure(1, 1)?.hasPrefix("Newly-taken snapshot does not match reference. 2 of 100 pixels differ") == true)
            #expect(failure(0.98, 1) == nil)
            #expect(failure(0.99, 1)?.hasPrefix("Actual image precision 0.98 is less than required 0.99") == true)
            // Perceptually the faint pixel is 0.0085 of the largest distance: 0.99 lets it pass, the black one not.
            #expect(failure(0.99, 0.99) == nil)
            let strict = try #require(failure(1, 0.99))
            #expect(strict.contains("The percentage of pixels that match 0.99 is less than required 1.0"))
            // Black on white is 0.9659 of the largest distance.
            #expect(strict.contains("The lowest perceptual color precision 0.034"))
            #expect(failure(1, 0.999)?.contains("The percentage of pixels that match 0.98") == true)
            #expect(failure(1, 1) != nil && Diffing<PixelImage>.frame().diffV2(white, white) == nil)
            let small = solid(5, 4, (255, 255, 255))
            #expect(Diffing<PixelImage>.frame().diffV2(white, small)?.0 == "Newly-taken snapshot@5x4 does not match reference@10x10.")
            let unreadable = Diffing<PixelImage>.frame().fromData(Data("not a png".utf8))
            #expect(Diffing<PixelImage>.frame().diffV2(unreadable, white)?.0 == "Reference image could not be loaded.")
        }

        @Test func aSceneThatCannotBeCapturedIsAnIssueSayingWhy() {
            let missing = SnapshotScene(resourcesFolder: "/nonexistent/resources") { viewport, environment in
                SceneRegistry.standard.make("feed", viewport: viewport, environment: environment)!
            }
            withKnownIssue {
                let failure = verifySnapshot(of: missing, as: .frame(), named: "x", record: .never, snapshotDirectory: temporaryFolder())
                #expect(failure?.hasPrefix("No reference was found on disk.") == true)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.hasPrefix("the scene could not be captured at 0.0 s: ") && $0.rawValue.contains("/nonexistent/resources/Fonts") }
            }
        }

        @Test func framesRoundTripThroughSDLImagePNG() throws {
            let image = solid(3, 2, (10, 20, 30)) { x, y in (x, y) == (1, 1) ? (200, 100, 0) : nil }
            let data = try image.pngData()
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(try PixelImage(pngData: data) == image)
            let diffing = Diffing<PixelImage>.frame()
            #expect(diffing.fromData(diffing.toData(image)) == image)
            #expect(throws: SDLError.self) { try PixelImage(pngData: Data([1, 2, 3])) }
        }
    }
}

extension SDLTests.SnapshotStrategyTests {
    /// A folder's photo stored turned or mirrored, with its EXIF orientation, in the feed: every one
    /// shows the same upright picture (red, green / white, blue, a black mark top left), each its own
    /// reference in `__Snapshots__/SnapshotStrategyTests/`.
    @Test(arguments: 1...8)
    func aFolderPhotoShowsTheRightWayUpInTheFeed(orientation: Int) throws {
        let path = writeOrientedPhoto(orientation)
        let items = try PhotoFolder.scan((path as NSString).deletingLastPathComponent)
        var options = SceneRegistry.Options()
        options.feed.photos = items.map { Photo(image: PhotoID.file($0.path), title: $0.name, credit: $0.dateText) }
        options.feed.itemCount = 1
        let scene = SnapshotScene(resourcesFolder: resourcesFolder) { viewport, environment in
            SceneRegistry.standard.make("feed", viewport: viewport, options: options, environment: environment)!
        }
        assertSnapshot(of: scene, as: .frame(size: Size(width: 360, height: 340)), named: "orientation-\(orientation)")
    }
}
