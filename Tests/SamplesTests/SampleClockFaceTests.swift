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

    /// `--frames`: one frame per display-link step, the clock centred at
    /// (160, 150) with its minute hand 90 points long, turned `time` whole
    /// turns (time in hours) clockwise from twelve, and the hour hand
    /// (70 points) `time / 12` of a turn: probes 60 points from the centre.
    @Test func framesShowTheMinuteHandSweepingFromTwelveToSix() throws {
        let frames = try SampleFrameFiles.run("ClockFace")
        defer { frames.remove() }
        #expect(try frames.names() == (0..<20).map { String(format: "%04d.png", $0) } + ["layers"])
        let black = [0, 0, 0], white = [255, 255, 255]
        // Frame 0, time 0: both hands point up.
        let first = try frames.frame(0, width: 320)
        #expect(first.pixel(160, 90, is: black) && first.pixel(160, 210, is: white), "\(first.rgb(160, 90))")
        // Frame 5, time 0.5: the minute hand half a turn round, pointing
        // down; the hour hand 15° from twelve, 15.5 points right of the probe.
        let half = try frames.frame(5, width: 320)
        #expect(half.pixel(160, 210, is: black) && half.pixel(160, 90, is: white), "\(half.rgb(160, 210))")
        // Frame 19, time 1.5: the hour hand at 45°, 50 points out at
        // (160 + 50 sin 45°, 150 − 50 cos 45°) = (195.4, 114.6).
        let last = try frames.frame(19, width: 320)
        #expect(last.pixel(195, 114, is: black) && last.pixel(160, 210, is: black), "\(last.rgb(195, 114))")
    }

    /// The article's first clock, in `layers/`: two hand layers from 00:00
    /// to 01:30 by CALayer's implicit `transform` animation — 0.25 s,
    /// linear (the default transaction), so done by frame 15 at 60 Hz. The
    /// hour hand ends 1/12 of a turn round (hour 1: 30°), the minute hand
    /// half a turn (minute 30: 180°); probes 50 points from the centre.
    @Test func theHandLayerClockTurnsItsHandsByTheirTransforms() throws {
        let frames = try SampleFrameFiles.run("ClockFace")
        defer { frames.remove() }
        #expect(try frames.names(in: "layers") == (0..<20).map { String(format: "%04d.png", $0) })
        let black = [0, 0, 0], white = [255, 255, 255]
        // Frame 0 is the first step of the animation, time 0: both up.
        let first = try frames.frame(0, in: "layers", width: 320)
        #expect(first.pixel(160, 100, is: black) && first.pixel(160, 200, is: white), "\(first.rgb(160, 100))")
        // Last frame: the minute hand points down; the hour hand at 30°,
        // 50 points out at (160 + 50 sin 30°, 150 − 50 cos 30°) = (185, 106.7).
        let last = try frames.frame(19, in: "layers", width: 320)
        #expect(last.pixel(160, 200, is: black) && last.pixel(160, 100, is: white), "\(last.rgb(160, 200))")
        #expect(last.pixel(185, 107, is: black), "\(last.rgb(185, 107))")
    }
}
