// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Swell",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SwellCore", targets: ["SwellCore"]),
        .library(name: "SwellAudio", targets: ["SwellAudio"]),
        .library(name: "SwellSndFile", targets: ["SwellSndFile"]),
        .library(name: "SwellALSA", targets: ["SwellALSA"]),
        .library(name: "SwellScript", targets: ["SwellScript"]),
        .library(name: "SwellCharts", targets: ["SwellCharts"]),
        .library(name: "SwellRender", targets: ["SwellRender"]),
        .library(name: "SwellMedia", targets: ["SwellMedia"]),
        .library(name: "SwellWindow", targets: ["SwellWindow"]),
        .library(name: "SwellSession", targets: ["SwellSession"]),
        .library(name: "SwellMPRIS", targets: ["SwellMPRIS"]),
        .library(name: "SwellLottie", targets: ["SwellLottie"]),
        .executable(name: "swell", targets: ["swell"]),
        .executable(name: "ClockFace", targets: ["ClockFace"]),
        .executable(name: "CircularProgress", targets: ["CircularProgress"]),
        .executable(name: "ExplicitAnimations", targets: ["ExplicitAnimations"]),
        .executable(name: "PopAnimation", targets: ["PopAnimation"]),
        .executable(name: "LayerGallery", targets: ["LayerGallery"]),
        .executable(name: "AudioFader", targets: ["AudioFader"]),
        .executable(name: "Crossfade", targets: ["Crossfade"]),
        .executable(name: "SleepTimer", targets: ["SleepTimer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target SwellCore` (or
        // SwellAudio) builds the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
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
            name: "CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"])]),
        // Cairo, with its SVG surface (cairo-svg.h, part of libcairo itself).
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // Text for SwellRender's text layers. No pkgConfig: its flags carry
        // -pthread, which SwiftPM drops with a warning; the module's header
        // declares the Pango calls used and its map links the libraries.
        .systemLibrary(name: "CPangoCairo", providers: [.apt(["libpango1.0-dev"])]),
        // FFmpeg's libraries: encoding and muxing video with its sound,
        // decoding video layers. No pkgConfig: the headers are in the
        // standard path, and the module map links the six libraries.
        .systemLibrary(
            name: "CFFmpeg",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev",
                              "libswresample-dev"])]),
        // SDL2, for the live window. No pkgConfig: its flags carry -D_REENTRANT
        // and an include path the shim does without.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // Linux calls the Swift Glibc module leaves out (renameat2,
        // sem_clockwait).
        .systemLibrary(name: "CLinux"),
        // sd-bus, systemd's D-Bus library, for the MPRIS media-player
        // interface of live sessions: its headers only. No pkgConfig, which
        // would link it: CMPRIS loads libsystemd when a session serves MPRIS
        // on a bus that exists.
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),
        // The MPRIS object's sd-bus vtables, in C: they are built by C
        // macros, which Swift cannot expand. Each entry forwards to
        // handlers SwellMPRIS gives. The sd-bus calls go through libsystemd
        // loaded with dlopen (swell_sd_bus.h).
        .target(name: "CMPRIS", dependencies: ["CSystemd"]),
        // EBU R128 loudness (libebur128's headers only): the meter loads
        // libebur128 with dlopen when --loudness first measures a file.
        .target(name: "CLoudness"),
        // OSC through liblo (its headers only): loaded with dlopen when an
        // OSC layer is made or a session listens.
        .target(name: "COSC"),
        // The PulseAudio client library (its headers only), which speaks to
        // PulseAudio and PipeWire alike: loaded with dlopen when a session
        // drives another program's volume.
        .target(name: "CPulse"),

        // The layers below depend only on the ones above them:
        //
        //   SwellCore                  Core Animation: values, timing, animations,
        //       |                      layers, transactions, hosts, snapshots
        //   SwellAudio                 the audio engine: AudioLayer, gain, render
        //     /      \                 core, mix plans and their hand-off
        //   SwellSndFile  SwellALSA    files (libsndfile, libsoxr); devices (ALSA)
        //   SwellRender                pixels: a snapshot composited by Cairo
        //   SwellMedia    SwellWindow  video files (FFmpeg): export with sound,
        //                              video layers; the live window (SDL2)
        //   SwellScript   SwellCharts  value syntax and scripts; curve charts,
        //       \    |    /            their PNG a layer tree SwellRender draws
        //         swell                the command-line tool, its jobs, the demo

        // The Core Animation engine: values, timing, animations, layers,
        // transactions, hosts and render snapshots. Foundation, and the one
        // module of swift-collections it needs: Heap, for scheduled events.
        .target(name: "SwellCore", dependencies: [.product(name: "HeapModule", package: "swift-collections")]),

        // The audio engine: AudioLayer, the render core, the gain chain,
        // filters, varispeed (libsoxr), mix plans and their lock-free
        // hand-off, the real-time threads. Links neither ALSA nor
        // libsndfile: sources and outputs plug in.
        .target(name: "SwellAudio", dependencies: ["SwellCore", "CLinux", "CSoxr"]),

        // Sound files through libsndfile: reading, streaming decoders,
        // writing, and the offline renderer into a file; a source at another
        // sample rate, through SoX's resampler (libsoxr).
        .target(name: "SwellSndFile", dependencies: ["SwellAudio", "CSndFile", "CSoxr", "CLinux", "CLoudness"]),

        // ALSA: PCM output driving the engine live, mixer controls and
        // MixerLayer.
        .target(name: "SwellALSA", dependencies: ["SwellAudio", "CALSA"]),

        // OSC: OSCLayer, whose value is sent to an address, and the
        // listener a session is driven through.
        .target(name: "SwellOSC", dependencies: ["SwellCore", "COSC"]),

        // Other programs' volumes through the sound server (libpulse):
        // ServerVolumeLayer.
        .target(name: "SwellPulse", dependencies: ["SwellCore", "CPulse"]),

        // TIME/LEVEL/NAME/ramp syntax and the JSON script format, turned into
        // Core Animation objects.
        .target(name: "SwellScript", dependencies: ["SwellCore"]),
        // Lottie (Bodymovin JSON) animations as layer trees of keyframe
        // animations (docs/lottie.md).
        .target(name: "SwellLottie", dependencies: ["SwellCore", "SwellScript", "CInflate"]),
        // DEFLATE for dotLottie archives (zlib's headers only): zlib is
        // loaded with dlopen when an archive is first read.
        .target(name: "CInflate"),

        // JPEG files decoded by libjpeg, in C: its errors return through
        // setjmp/longjmp, which Swift cannot call.
        .target(name: "CJPEGDecoder", linkerSettings: [.linkedLibrary("jpeg")]),
        // Pixels: a snapshot's presentation composited by Cairo in Core
        // Animation's order, on any thread; text by Pango (docs/render.md).
        .target(name: "SwellRender", dependencies: ["SwellCore", "CCairo", "CPangoCairo", "CJPEGDecoder"]),

        // Video through FFmpeg: scenes encoded with their sound (MP4, WebM,
        // MKV, GIF), and the frames and sound of video layers.
        // SwellSndFile for the temporary file an export is written into and
        // the quantiser FLAC's integer words share with sound files.
        .target(name: "SwellMedia", dependencies: ["SwellCore", "SwellAudio", "SwellSndFile", "SwellRender", "CFFmpeg"]),

        // The live window: a scene shown by SDL2 at the display's refresh.
        .target(name: "SwellWindow", dependencies: ["SwellCore", "SwellRender", "CSDL2"]),

        // Curve charts: a layer tree of shape and text layers, drawn by
        // SwellRender to PNG or SVG.
        .target(name: "SwellCharts", dependencies: ["SwellCore", "SwellRender"]),

        // A script and options built into a live layer tree on an engine, the
        // session that plays, renders or drives it, its control socket and
        // typed protocol, and the jobs behind the commands.
        .target(name: "SwellSession", dependencies: ["SwellScript", "SwellSndFile", "SwellALSA", "SwellOSC", "SwellPulse", "CLinux"]),

        // A playing session's MPRIS media-player interface on the D-Bus
        // session bus (sd-bus).
        .target(name: "SwellMPRIS", dependencies: ["SwellSession", "CMPRIS"]),

        // The commands of the command-line tool over SwellSession, and the
        // demo. What draws is not linked: it is reached through a
        // SceneDrawing that swell-draw gives.
        .target(
            name: "SwellCommands",
            dependencies: ["SwellSession", "SwellMPRIS", "SwellLottie",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // Scenes drawn and encoded: pictures, frame sequences, videos with
        // their sound, the live window, curve charts.
        .target(
            name: "SwellScenes",
            dependencies: [
                "SwellCommands", "SwellCharts", "SwellRender", "SwellMedia", "SwellWindow",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // The two executables (docs/architecture.md#two-executables): `swell`
        // loads only what sound, files, devices and control need, and runs
        // its drawing helper, `swell-draw`, for a command that draws. The
        // DrawingHelper plugin builds the helper beside it whenever `swell`
        // is built, without linking it.
        .executableTarget(name: "swell", dependencies: ["SwellCommands"], plugins: ["DrawingHelper"]),
        .executableTarget(name: "swell-draw", dependencies: ["SwellScenes"]),
        .plugin(name: "DrawingHelper", capability: .buildTool(), dependencies: ["swell-draw"]),

        // Samples: the seed articles' examples, runnable.
        .executableTarget(name: "ClockFace", dependencies: ["SampleFrames"], path: "Samples/ClockFace"),
        .executableTarget(name: "CircularProgress", dependencies: ["SampleFrames"], path: "Samples/CircularProgress"),
        .executableTarget(name: "ExplicitAnimations", dependencies: ["SampleFrames"], path: "Samples/ExplicitAnimations"),
        .executableTarget(name: "PopAnimation", dependencies: ["SampleFrames"], path: "Samples/PopAnimation"),
        // The CALayer guide's figures, one PNG per section, and a contact sheet.
        .executableTarget(name: "LayerGallery", dependencies: ["SwellCore", "SwellRender", "SwellMedia"], path: "Samples/LayerGallery"),
        // The AudioLayer view controller of objc.io's article, with keys for its buttons.
        .executableTarget(
            name: "AudioFader",
            dependencies: [
                "SampleTerminal", "SwellScript", "SwellSndFile", "SwellALSA", "SwellSession", "SwellMPRIS",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/AudioFader"),
        // Two AudioLayers handing over with equal power.
        .executableTarget(
            name: "Crossfade",
            dependencies: [
                "SampleTerminal", "SwellScript", "SwellSndFile", "SwellALSA",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/Crossfade"),
        // A slow MixerLayer fade on the sound card, cancellable.
        .executableTarget(
            name: "SleepTimer",
            dependencies: [
                "SampleTerminal", "SwellScript", "SwellALSA",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/SleepTimer"),
        // What the moving samples share: `--frames DIR`, their frames as PNGs,
        // and `--gif DIR`, their motion as GIFs.
        .target(name: "SampleFrames", dependencies: ["SwellRender", "SwellMedia"], path: "Samples/SampleFrames"),
        // What the interactive samples share: raw keys, signals, a status line.
        .target(name: "SampleTerminal", path: "Samples/SampleTerminal"),

        // Test support. TestSupport is Foundation only: one subprocess
        // runner for the peer tools (SoX, FFmpeg) and the built programs,
        // one reference Bézier, shared fixture scripts, scratch directories,
        // a seeded generator. ALSATestSupport builds a self-contained ALSA
        // configuration: a capture PCM and a fake mixer, built from C at run
        // time.
        .target(name: "TestSupport", dependencies: ["SwellCore"], path: "Tests/TestSupport"),
        .target(
            name: "ALSATestSupport", dependencies: ["SwellALSA", "TestSupport"],
            path: "Tests/ALSATestSupport",
            resources: [.copy("Plugins")]),

        .testTarget(name: "SwellCoreTests", dependencies: ["SwellCore", "TestSupport"]),
        // Core Animation code as Apple's developers write it, one snippet a
        // file, compiled with only the edits docs/porting.md lists and run
        // on a headless host.
        .testTarget(name: "PortingTests", dependencies: ["SwellCore"]),
        // The engine alone: offline, its sources in memory, no file library
        // and no device.
        .testTarget(name: "SwellAudioTests", dependencies: ["SwellAudio", "TestSupport"]),
        .testTarget(name: "SwellSndFileTests", dependencies: ["SwellSndFile", "TestSupport"]),
        .testTarget(name: "SwellALSATests", dependencies: ["SwellALSA", "SwellSndFile", "ALSATestSupport"]),
        // With the audio and mixer layer kinds a player reads scripts with.
        .testTarget(name: "SwellScriptTests", dependencies: ["SwellScript", "SwellAudio", "SwellALSA", "TestSupport"]),
        // The session library in memory: control requests and replies, the
        // session on an offline engine or a headless host.
        .testTarget(name: "SwellSessionTests", dependencies: ["SwellSession", "TestSupport"]),
        .testTarget(name: "SwellChartsTests", dependencies: ["SwellCharts", "SwellRender", "TestSupport"]),
        .testTarget(name: "SwellRenderTests", dependencies: ["SwellRender", "TestSupport"]),
        .testTarget(name: "SwellLottieTests", dependencies: ["SwellLottie", "SwellRender", "TestSupport"]),
        .testTarget(name: "SwellMediaTests", dependencies: ["SwellMedia", "SwellCore", "SwellAudio", "SwellRender", "TestSupport"]),
        // The live window's pieces without a display: fitting, pacing
        // statistics, snapshots by commit time.
        .testTarget(name: "SwellWindowTests", dependencies: ["SwellWindow"]),
        // End-to-end tests of the `swell` executable, which they run from
        // the build directory beside the test bundle (`swift build
        // --build-tests` builds every product, `swell` included).
        .testTarget(
            name: "SwellCLITests",
            dependencies: ["swell", "SwellCommands", "SwellScenes", "SwellSession", "SwellScript",
                           "SwellSndFile", "ALSATestSupport"]),
        // Runs every sample and checks what it prints against closed-form
        // references. Depending on the samples makes `swift build
        // --build-tests` (and `swift test`) build them before the tests run;
        // the tests find the executables beside the test bundle.
        .testTarget(
            name: "SamplesTests",
            dependencies: [
                "ClockFace", "CircularProgress", "ExplicitAnimations", "PopAnimation", "LayerGallery", "TestSupport",
            ]),
        // The audio samples, run as programs: through a pseudo-terminal, on
        // the test configuration's capture PCMs and fake mixer.
        .testTarget(
            name: "AudioSamplesTests",
            dependencies: ["SwellSndFile", "ALSATestSupport", "AudioFader", "Crossfade", "SleepTimer"]),
    ],
    swiftLanguageModes: [.v6]
)
