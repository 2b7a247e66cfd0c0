import Foundation
import SwellLottie
import Testing
import TestSupport

/// Luma and inverted luma track mattes (`"tt"` 3 and 4) against ThorVG's
/// renders of the same frames, by the apple-ca rule: test-files'
/// matte-above with its matte read by luminance instead of alpha.
@Suite("Lottie: luma mattes")
struct LumaMatteTests {
    @Test("within 2 % of ThorVG's pixels", arguments: [3, 4])
    func lumaMatte(_ type: Int) throws {
        let source = LottieFixtures.testFiles.appendingPathComponent("layers/matte-above.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var layers = try #require(document["layers"] as? [[String: Any]])
        for k in layers.indices where layers[k]["tt"] != nil { layers[k]["tt"] = type }
        document["layers"] = layers
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-luma-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("luma.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let animation = try LottieAnimation(contentsOfFile: file.path, images: LottieFixtures.images)
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let stage = LottieStage(animation)
        let ours = directory.appendingPathComponent("swell.png").path, theirs = directory.appendingPathComponent("thorvg.png").path
        try stage.render(at: 0).writePNG(to: ours)
        _ = try Scorer.run(["thorvg-file", file.path, theirs, "--at", "0", "--size", "\(stage.width)x\(stage.height)"])
        let line = try Scorer.run(["diff", ours, theirs])
        let off = try #require(Double(line.split(separator: " ").first ?? ""), "score.py diff said \(line)")
        #expect(off <= 2, "\(off) % of pixels off ThorVG's")
    }
}
