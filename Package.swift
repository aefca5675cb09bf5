// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ParallaxPlayground",
    products: [
        // The engine alone: geometry, input, physics, effect math, display lists. No SDL.
        .library(name: "ParallaxEngine", targets: ["ParallaxEngine"]),
        // The three demo scenes and the overlays, built on the engine.
        .library(name: "ParallaxScenes", targets: ["ParallaxScenes"]),
        // One frame's path without SDL: the frame step, the render target protocol, pixel images, a
        // null target and a fixed scene environment, for other renderers and for tests.
        .library(name: "ParallaxFrame", targets: ["ParallaxFrame"]),
        // Photos without a window: folders, EXIF and headers, decoding, pixel operations, the decode
        // queue, colour thumbnails and the shared thumbnail cache, the prefetch schedule.
        .library(name: "ParallaxPhotos", targets: ["ParallaxPhotos"]),
        // The SDL2 backend: window, input, pacing, drawing a display list.
        .library(name: "ParallaxSDL", targets: ["ParallaxSDL"]),
        // `parallax bench`'s runs: scene frames against an anchor frame, and the photo benchmark.
        .library(name: "ParallaxBench", targets: ["ParallaxBench"]),
        // Goldens: pixel and perceptual comparison, and verifying scripts against golden PNGs; apart
        // from the platform, so an app that only draws does not build it.
        .library(name: "ParallaxVisualRegression", targets: ["ParallaxVisualRegression"]),
        // assertSnapshot strategies for scenes (swift-snapshot-testing): a product of its own, so
        // apps using the engine or the platform alone never build the snapshot library.
        .library(name: "ParallaxSnapshotTesting", targets: ["ParallaxSnapshotTesting"]),
        .executable(name: "parallax", targets: ["parallax"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 1.16 for LogEvent, which log handlers now implement.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        // SDL's window-system messages with Xlib's and XInput2's event structs (smooth scrolling).
        .systemLibrary(
            name: "CSDL2SysWM",
            pkgConfig: "xi",
            providers: [.apt(["libsdl2-dev", "libxi-dev"])]
        ),
        // The app's own wl_pointer on SDL's Wayland connection.
        .systemLibrary(
            name: "CWaylandClient",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // The session bus, to read the desktop's settings through its portal.
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .systemLibrary(
            name: "CSDL2Image",
            pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"])]
        ),
        .systemLibrary(
            name: "CSDL2TTF",
            pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"])]
        ),
        // JPEG decoding with DCT scaling: a 12 MP photo decoded at 1/4 of its size costs a fraction of a whole decode.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // PNG with its text chunks: the shared thumbnail cache's files (docs/photo-folders.md).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "ParallaxEngine"),
        .target(name: "ParallaxScenes", dependencies: ["ParallaxEngine"]),
        .target(name: "ParallaxFrame", dependencies: ["ParallaxEngine"]),
        // Decoded photos are `PhotoPixels`, resampled in Swift. CSDL2Image stays for formats other
        // than JPEG (PNG, GIF, WebP, ...), with CSDL2 for the surface it returns, converted and
        // freed in Decoding/SDLImageFile.swift alone: never SDL's video subsystem.
        .target(
            name: "ParallaxPhotos",
            dependencies: [
                "ParallaxEngine", "CSDL2", "CSDL2Image", "CTurboJPEG", "CPNG",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ParallaxSDL",
            dependencies: [
                "ParallaxEngine", "ParallaxFrame", "ParallaxPhotos", "CSDL2", "CSDL2SysWM", "CWaylandClient", "CDBus", "CSDL2Image", "CSDL2TTF",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ParallaxBench",
            dependencies: ["ParallaxEngine", "ParallaxFrame", "ParallaxPhotos", "ParallaxSDL", "CSDL2", "CSDL2Image", "CSDL2TTF", "CTurboJPEG"]
        ),
        .target(name: "ParallaxVisualRegression", dependencies: ["ParallaxEngine", "ParallaxFrame", "ParallaxSDL"]),
        .target(
            name: "ParallaxSnapshotTesting",
            dependencies: [
                "ParallaxEngine", "ParallaxFrame", "ParallaxSDL", "ParallaxVisualRegression",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .executableTarget(
            name: "parallax",
            dependencies: [
                "ParallaxEngine", "ParallaxScenes", "ParallaxFrame", "ParallaxPhotos", "ParallaxSDL", "ParallaxBench", "ParallaxVisualRegression",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "ParallaxEngineTests", dependencies: ["ParallaxEngine", "ParallaxFrame", "ParallaxTestSupport"]),
        .testTarget(name: "ParallaxScenesTests", dependencies: ["ParallaxScenes", "ParallaxFrame", "ParallaxTestSupport"]),
        // Whole frames in plain Swift, into the null target: no SDL in the build.
        .testTarget(name: "ParallaxFrameTests", dependencies: ["ParallaxFrame", "ParallaxScenes", "ParallaxTestSupport"]),
        // What the test targets share: the package's folders, scratch folders, JPEGs made in the test, a thread
        // of its own for a test that blocks.
        .target(name: "ParallaxTestSupport", dependencies: ["CTurboJPEG"], path: "Tests/ParallaxTestSupport"),
        // Photos decoded, indexed and scheduled without a window.
        .testTarget(name: "ParallaxPhotosTests", dependencies: ["ParallaxPhotos", "ParallaxScenes", "ParallaxTestSupport"]),
        // The snapshot strategy's tests live here: every test that drives SDL runs in one serialized suite.
        .testTarget(
            name: "ParallaxSDLTests",
            dependencies: [
                "ParallaxSDL", "ParallaxFrame", "ParallaxPhotos", "ParallaxScenes", "ParallaxVisualRegression", "ParallaxSnapshotTesting", "ParallaxTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "ParallaxCLITests", dependencies: ["ParallaxFrame", "ParallaxSDL", "ParallaxVisualRegression", "ParallaxTestSupport"]),
    ]
)
