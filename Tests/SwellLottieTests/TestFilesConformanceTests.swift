import Foundation
import Testing

/// Swell against After Effects' frames of LottieFiles/test-files
/// (Tests/Fixtures/Lottie/test-files/README.md): the upstream project's
/// score, a frame passing with UQI > 0.95, and ThorVG 1.0.4's renders of
/// the same frames as the baseline to beat.
@Suite("Lottie conformance: test-files")
struct TestFilesConformanceTests {
    @Test("at least 90 % of the 143 frames pass, and more than ThorVG's")
    func passesAfterEffectsRule() throws {
        let run = try ConformanceRun.testFiles.get()
        let swell = try #require(run.swell.totals.first), thorVG = try #require(run.thorVG.totals.first)
        print("Lottie test-files: Swell passes \(swell.count) of \(swell.of) frames, ThorVG \(thorVG.count) of \(thorVG.of)")
        print("Lottie test-files: Swell fails "
              + run.swell.frames.filter { !$0.value.passes }.keys.sorted().joined(separator: ", "))
        #expect(swell.of == 143 && run.frames == 143)
        #expect(swell.count * 10 >= swell.of * 9, "at least 90 % pass (129 of 143)")
        #expect(swell.count > thorVG.count, "more frames pass than ThorVG's renders of them")
    }

    /// ThorVG stands in for After Effects where its render is itself
    /// within 2 % of pixels of After Effects' frame (the apple-ca rule:
    /// over white, a channel off by more than 24) and passes After
    /// Effects' rule: 124 of the 143 frames. On the others ThorVG differs
    /// from After Effects — it draws the transform/ files' shapes a
    /// quarter of the canvas away, leaves out pucker and bloat, and blends
    /// darken differently — so agreeing with it there would be wrong.
    @Test("within 2 % of ThorVG's pixels wherever ThorVG matches After Effects")
    func agreesWithThorVG() throws {
        let run = try ConformanceRun.testFiles.get()
        let fair = run.afterEffectsOffThorVG.frames.filter { path, afterEffects in
            (afterEffects.offThorVG ?? .infinity) <= 2 && run.thorVG.frames[path]?.passes == true
        }.keys.sorted()
        let within = fair.filter { (run.swell.frames[$0]?.offThorVG ?? .infinity) <= 2 }
        let overall = run.swell.frames.values.filter { ($0.offThorVG ?? .infinity) <= 2 }.count
        print("Lottie test-files: Swell within 2 % of ThorVG on \(overall) of \(run.swell.frames.count) frames; "
              + "on \(within.count) of the \(fair.count) where ThorVG matches After Effects")
        #expect(fair.count >= 124, "ThorVG matches After Effects on 124 frames (thorvg-python 1.1.3)")
        for path in fair {
            let off = run.swell.frames[path]?.offThorVG ?? .infinity
            if let issue = Self.knownIssues[path] {
                withKnownIssue(Comment(rawValue: issue)) {
                    #expect(off <= 2, "\(path): \(off) % of pixels off ThorVG's")
                }
            } else {
                #expect(off <= 2, "\(path): \(off) % of pixels off ThorVG's")
            }
        }
    }

    /// Frames Swell draws wrong today, each expected to fail until fixed —
    /// Core Animation's radial gradient has no focal point to draw a
    /// highlight with;
    /// a fixed one fails the test as "known issue not recorded", to be
    /// struck off here.
    static let knownIssues = [
        "shape-style/gradient-radial-highlight-00.png": "a radial gradient's highlight (\"h\", \"a\") is not drawn (UQI 0.76)",
    ]
}
