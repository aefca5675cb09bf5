// swift-tools-version:6.0
// The libFuzzer target for the script and config parsers; built and run by scripts/fuzz.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones: take it from here.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "ParallaxFuzz",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "ParserFuzzer",
            dependencies: [
                .product(name: "ParallaxEngine", package: root.lastPathComponent.lowercased()),
                .product(name: "ParallaxScenes", package: root.lastPathComponent.lowercased()),
            ]
        ),
    ]
)
