// swift-tools-version:6.1
import PackageDescription

// Swell's performance measurements, kept out of the main package so that its
// `swift build` (and CI) never builds the benchmark harness. Run from this
// folder: `swift package benchmark` (see README.md).
let package = Package(
    name: "SwellBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Swell", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SwellCoreBenchmarks",
            dependencies: [
                .product(name: "SwellCore", package: "Swell"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SwellCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "SwellAudioBenchmarks",
            dependencies: [
                .product(name: "SwellSndFile", package: "Swell"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SwellAudioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // A plain program, no harness: render-frames.sh times whole frames
        // of SwellRender's scenes and compares them with rsvg-convert.
        .executableTarget(
            name: "RenderScenes",
            dependencies: [.product(name: "SwellRender", package: "Swell")],
            path: "RenderScenes"),
        // A plain program: lottie-frame.sh times a Lottie file's frames
        // stepped and rendered in-process, as ThorVG's are.
        .executableTarget(
            name: "LottieFrames",
            dependencies: [.product(name: "SwellLottie", package: "Swell"),
                           .product(name: "SwellRender", package: "Swell")],
            path: "LottieFrames"),
        // A plain program: video-decode.sh times a video layer's frames
        // decoded in order against `ffmpeg -f null`, and decoded and
        // converted against `ffmpeg -pix_fmt bgra -f null`.
        .executableTarget(
            name: "VideoDecode",
            dependencies: [.product(name: "SwellCore", package: "Swell"), .product(name: "SwellMedia", package: "Swell")],
            path: "VideoDecode"),
    ],
    swiftLanguageModes: [.v6]
)
