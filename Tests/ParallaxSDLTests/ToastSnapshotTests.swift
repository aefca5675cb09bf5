import SnapshotTesting
import Testing
import ParallaxTestSupport
import ParallaxEngine
import ParallaxSnapshotTesting
@testable import ParallaxScenes

extension SDLTests {
    /// F12's toast as the window shows it, half a second after the screenshot (the flash over by
    /// then): at the bottom centre of the feed, at the smallest, the default and a large window. The
    /// references are in `__Snapshots__/ToastSnapshotTests/`; re-record after an intended change with
    /// `SNAPSHOT_TESTING_RECORD=failed swift test --filter ToastSnapshotTests`.
    @Suite struct ToastSnapshotTests {
        @Test(arguments: [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 2560, height: 1600)])
        func theScreenshotToastNamesTheFileAndTheFolder(size: Size) {
            let scene = SnapshotScene(resourcesFolder: resourcesFolder) { viewport, environment in
                let playground = Playground(viewport: viewport, first: "feed", environment: environment)
                playground.notify("Saved parallax-2026-11-27-101010.123.png in ~/Pictures", flash: true, at: 0)
                return playground
            }
            assertSnapshot(of: scene, as: .frame(at: 0.5, size: size), named: "toast-\(Int(size.width))x\(Int(size.height))")
        }
    }
}
