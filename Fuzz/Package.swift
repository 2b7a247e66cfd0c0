// swift-tools-version:6.0
// libFuzzer targets for Swell's input fronts: JSON scripts and scenes,
// control-socket requests, the time/level/ramp syntax, colours and SVG path
// data, and sound-file headers.
// A package of its own so the main build and `swift test` never see the
// sanitizer flags; `scripts/fuzz` builds it with
// `-sanitize=fuzzer,address -parse-as-library` and runs each target over its
// corpus in Corpus/ (docs/hardening.md).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the checkout's own
/// folder name (`swell`, or a worktree's) is read rather than assumed.
let swell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let swellPackage = swell.lastPathComponent

let package = Package(
    name: "SwellFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: swell.path)],
    targets: [
        .systemLibrary(name: "CFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzer"]),
        .executableTarget(
            name: "FuzzScript",
            dependencies: [
                "FuzzDriver", .product(name: "SwellScript", package: swellPackage),
                .product(name: "SwellSession", package: swellPackage),
            ]),
        .executableTarget(
            name: "FuzzControl",
            dependencies: [
                "FuzzDriver", .product(name: "SwellScript", package: swellPackage),
                .product(name: "SwellSession", package: swellPackage),
            ]),
        .executableTarget(
            name: "FuzzSyntax", dependencies: ["FuzzDriver", .product(name: "SwellScript", package: swellPackage)]),
        .executableTarget(
            name: "FuzzScene", dependencies: ["FuzzDriver", .product(name: "SwellScript", package: swellPackage)]),
        .executableTarget(
            name: "FuzzSoundFile", dependencies: ["FuzzDriver", .product(name: "SwellSndFile", package: swellPackage)]),
    ]
)
