import Foundation
import Testing

/// Samples/ClockFace — objc.io's "Animating Custom Layer Properties": `time`
/// 0 → 1.5 with the default implicit duration, 0.25 s, linear, displayed
/// once per 60 Hz frame.
@Suite struct SampleClockFaceTests {
    @Test func displaysTheInterpolatedTimeEveryFrameUntilTheEnd() throws {
        let run = try SampleRun.run("ClockFace")
        // time(t) = 1.5 · t / 0.25 at frame k, t = k/60: 0.1 · k; the frames
        // at or after 0.25 s (k ≥ 15) display once more, at the model value
        // 1.5, when the animation ends, then no more.
        #expect(run.lines.count == 16)
        for (k, line) in run.lines.enumerated() {
            let value = try #require(line.hasPrefix("time: ") ? Double(line.dropFirst(6)) : nil, "line \(k): \(line)")
            #expect(abs(value - 0.1 * Double(k)) <= 1e-6, "frame \(k): \(line)")
        }
    }
}
