// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Swell",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SwellCore", targets: ["SwellCore"]),
        .library(name: "SwellAudio", targets: ["SwellAudio"]),
        .library(name: "SwellAutomation", targets: ["SwellAutomation"]),
        .executable(name: "swell", targets: ["swell"]),
        .executable(name: "ClockFace", targets: ["ClockFace"]),
        .executable(name: "CircularProgress", targets: ["CircularProgress"]),
        .executable(name: "ExplicitAnimations", targets: ["ExplicitAnimations"]),
        .executable(name: "PopAnimation", targets: ["PopAnimation"]),
        .executable(name: "AudioFader", targets: ["AudioFader"]),
        .executable(name: "Crossfade", targets: ["Crossfade"]),
        .executable(name: "SleepTimer", targets: ["SleepTimer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // Linux calls the Swift Glibc module leaves out (renameat2).
        .systemLibrary(name: "CLinux"),

        // The Core Animation engine: values, timing, animations, layers,
        // transactions, hosts and render snapshots. Foundation only.
        .target(name: "SwellCore"),

        // Sound: AudioLayer, MixerLayer, decoding, ALSA output, gain stage,
        // offline renderer.
        .target(name: "SwellAudio", dependencies: ["SwellCore", "CALSA", "CSndFile", "CLinux"]),

        // Between the command line and the engine: TIME/LEVEL/ramp syntax,
        // JSON scripts, curves and charts (PNG charts are deflated by zlib).
        .target(name: "SwellAutomation", dependencies: ["SwellCore", "SwellAudio", "CZlib"]),

        // The command-line tool, a thin layer over SwellAutomation.
        .executableTarget(
            name: "swell",
            dependencies: [
                "SwellAutomation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Samples: the seed articles' examples, runnable.
        .executableTarget(name: "ClockFace", dependencies: ["SwellCore"], path: "Samples/ClockFace"),
        .executableTarget(name: "CircularProgress", dependencies: ["SwellCore"], path: "Samples/CircularProgress"),
        .executableTarget(name: "ExplicitAnimations", dependencies: ["SwellCore"], path: "Samples/ExplicitAnimations"),
        .executableTarget(name: "PopAnimation", dependencies: ["SwellCore"], path: "Samples/PopAnimation"),
        // The seed's AudioLayer view controller, with keys for its buttons.
        .executableTarget(
            name: "AudioFader",
            dependencies: [
                "SampleTerminal", "SwellAutomation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/AudioFader"),
        // Two AudioLayers handing over with equal power.
        .executableTarget(
            name: "Crossfade",
            dependencies: [
                "SampleTerminal", "SwellAutomation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/Crossfade"),
        // A slow MixerLayer fade on the sound card, cancellable.
        .executableTarget(
            name: "SleepTimer",
            dependencies: [
                "SampleTerminal", "SwellAutomation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/SleepTimer"),
        // What the interactive samples share: raw keys, signals, a status line.
        .target(name: "SampleTerminal", path: "Samples/SampleTerminal"),

        .testTarget(name: "SwellCoreTests", dependencies: ["SwellCore", "SwellTestSupport"]),
        // Test support: a self-contained ALSA configuration (a capture PCM
        // and a fake mixer built from C at run time), signals and readers.
        .target(
            name: "SwellTestSupport", dependencies: ["SwellAudio"],
            path: "Tests/SwellTestSupport",
            resources: [.copy("Plugins")]),

        .testTarget(name: "SwellAudioTests", dependencies: ["SwellAudio", "SwellTestSupport"]),
        .testTarget(name: "SwellAutomationTests", dependencies: ["SwellAutomation", "SwellTestSupport"]),
        // End-to-end tests of the `swell` executable, which they run from
        // the build directory beside the test bundle (`swift build
        // --build-tests` builds every product, `swell` included).
        .testTarget(name: "SwellCLITests", dependencies: ["SwellAutomation", "SwellTestSupport"]),
        // Runs every sample and checks what it prints against closed-form
        // references. Depending on the samples makes `swift build
        // --build-tests` (and `swift test`) build them before the tests run;
        // the tests find the executables beside the test bundle.
        .testTarget(
            name: "SamplesTests",
            dependencies: ["ClockFace", "CircularProgress", "ExplicitAnimations", "PopAnimation", "SwellTestSupport"]),
        // The audio samples, run as programs: through a pseudo-terminal, on
        // the test configuration's capture PCMs and fake mixer.
        .testTarget(
            name: "AudioSamplesTests",
            dependencies: ["SwellAudio", "SwellTestSupport", "AudioFader", "Crossfade", "SleepTimer"]),
    ],
    swiftLanguageModes: [.v6]
)
