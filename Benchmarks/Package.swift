// swift-tools-version:6.1
// Engine benchmarks (docs/performance.md, "Engine benchmarks"), a package of their own so that the main
// package's users and `swift test` never build package-benchmark.
import PackageDescription

let package = Package(
    name: "ParallaxBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named: a path package is otherwise known by its folder's name, which differs between clones.
        .package(name: "ParallaxPlayground", path: ".."),
        // MallocInterposer counts mallocs on Swift 6.3 without jemalloc.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SceneFrames",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ParallaxEngine", package: "ParallaxPlayground"),
                .product(name: "ParallaxScenes", package: "ParallaxPlayground"),
                .product(name: "ParallaxFrame", package: "ParallaxPlayground"),
            ],
            path: "Benchmarks/SceneFrames",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
