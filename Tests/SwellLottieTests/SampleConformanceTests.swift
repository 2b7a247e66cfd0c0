import Foundation
import SwellLottie
import Testing
import TestSupport

/// The Lottie samples Swell ships (Samples/Lottie) against ThorVG's
/// renders of the same frames, by the apple-ca rule: both over white, a
/// pixel off when a channel differs by more than 24, at most 2 % off.
@Suite("Lottie conformance: Samples/")
struct SampleConformanceTests {
    static let chime = LottieFixtures.packageRoot.appendingPathComponent("Samples/Lottie/Chime.json")

    @Test("Chime.json within 2 % of ThorVG's pixels at every note and between them",
          arguments: [0.0, 0.5, 1.1, 1.75, 2.3, 3.05, 3.5, 4.1, 4.95])
    func chime(at time: Double) throws {
        let animation = try LottieAnimation(contentsOfFile: Self.chime.path, images: LottieFixtures.images)
        let stage = LottieStage(animation)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swell-lottie-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("swell.png").path
        let theirs = directory.appendingPathComponent("thorvg.png").path
        try stage.render(at: time).writePNG(to: ours)
        _ = try Scorer.run(["thorvg-file", Self.chime.path, theirs, "--at", "\(time)",
                            "--size", "\(stage.width)x\(stage.height)"])
        let line = try Scorer.run(["diff", ours, theirs])
        let off = try #require(Double(line.split(separator: " ").first ?? ""), "score.py diff said \(line)")
        #expect(off <= 2, "\(off) % of pixels off ThorVG's at \(time) s")
    }
}
