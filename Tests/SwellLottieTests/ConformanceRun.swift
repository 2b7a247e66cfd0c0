import Foundation
import SwellCore
import SwellLottie
import SwellRender
import TestSupport

/// Every reference frame of a set rendered in this process, as `swell
/// render anim.json -o OUT --at T --size WxH` renders it (``LottieStage``),
/// written as PNG into a temporary render set laid out as score.py reads
/// it, then scored by score.py. Each set is rendered and scored once per
/// test run, its figures shared by the tests that read them.
enum ConformanceRun {
    /// A set's renders and how long they took.
    struct Rendered {
        var directory: URL
        var frames: Int
        var seconds: Double
    }

    /// Renders every frame `score.py list SET` names into a new temporary
    /// directory.
    static func render(_ set: String) throws -> Rendered {
        let start = ContinuousClock.now
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swell-lottie-\(set)-\(UUID().uuidString)")
        var animations: [String: LottieAnimation] = [:]
        let frames = try Scorer.list(set)
        let renderer = Renderer()
        for frame in frames {
            let animation = try animations[frame.json]
                ?? LottieAnimation(contentsOfFile: frame.json, images: LottieFixtures.images)
            animations[frame.json] = animation
            let stage = LottieStage(animation, width: frame.width, height: frame.height)
            let output = directory.appendingPathComponent(frame.output)
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try stage.render(at: frame.time, renderer: renderer).writePNG(to: output.path)
        }
        return Rendered(directory: directory, frames: frames.count, seconds: seconds(since: start))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// test-files, scored three ways in one run: Swell's renders against
    /// After Effects' frames (with each frame's % of pixels off ThorVG's),
    /// ThorVG's renders against them, and After Effects' frames themselves
    /// against ThorVG's (the fixture folder is laid out as a render set),
    /// which says where ThorVG is a fair stand-in for After Effects.
    struct TestFiles: Sendable {
        var swell: Scorer.Scores
        var thorVG: Scorer.Scores
        var afterEffectsOffThorVG: Scorer.Scores
        var frames: Int
        var renderSeconds: Double
        var scoreSeconds: Double
    }

    static let testFiles: Result<TestFiles, any Error> = Result {
        let rendered = try render("test-files")
        defer { try? FileManager.default.removeItem(at: rendered.directory) }
        let start = ContinuousClock.now
        let thorVGDirectory = rendered.directory.appendingPathComponent(".thorvg")
        _ = try Scorer.run(["thorvg-dir", "test-files", thorVGDirectory.path])
        let thorVG = try Scorer.parse(Scorer.run(["test-files", thorVGDirectory.path]))
        try FileManager.default.removeItem(at: thorVGDirectory)
        let swell = try Scorer.parse(Scorer.run(["test-files", rendered.directory.path, "--thorvg-within", "2"]))
        let afterEffects = try Scorer.parse(Scorer.run(["test-files", LottieFixtures.testFiles.path, "--thorvg-within", "2"]))
        let figures = TestFiles(swell: swell, thorVG: thorVG, afterEffectsOffThorVG: afterEffects, frames: rendered.frames,
                                renderSeconds: rendered.seconds, scoreSeconds: seconds(since: start))
        print(String(format: "Lottie test-files: %d frames rendered in %.1f s, scored (with ThorVG's) in %.1f s",
                     figures.frames, figures.renderSeconds, figures.scoreSeconds))
        return figures
    }

    /// apple-ca: Swell's renders against Apple's Core Animation snapshots.
    struct AppleCA: Sendable {
        var swell: Scorer.Scores
        var frames: Int
        var renderSeconds: Double
        var scoreSeconds: Double
    }

    static let appleCA: Result<AppleCA, any Error> = Result {
        let rendered = try render("apple-ca")
        defer { try? FileManager.default.removeItem(at: rendered.directory) }
        let start = ContinuousClock.now
        let swell = try Scorer.parse(Scorer.run(["apple-ca", rendered.directory.path]))
        let figures = AppleCA(swell: swell, frames: rendered.frames, renderSeconds: rendered.seconds,
                              scoreSeconds: seconds(since: start))
        print(String(format: "Lottie apple-ca: %d snapshots rendered in %.1f s, scored in %.1f s",
                     figures.frames, figures.renderSeconds, figures.scoreSeconds))
        return figures
    }
}
