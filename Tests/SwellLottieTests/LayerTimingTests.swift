import Foundation
import SwellCore
import SwellLottie
import Testing

/// When Lottie layers show and which of their frames they show
/// (docs/lottie.md#time): a layer only between its in and out points, a
/// precomp's composition on its layer's start time `st` and stretch `sr`,
/// and the ``LottieLayer``'s own timing — progress as `speed` 0 and a
/// `timeOffset`, a loop as `repeatCount` — all checked against frames
/// worked out by hand.
@Suite("Lottie layer timing")
struct LayerTimingTests {
    static let frameRate = 30.0

    /// "blink" shows from frame 15 to 40; "fade" eases linearly from 0 at
    /// frame 0 to 100 at 60. "pre" shows composition "inner" from frame 10
    /// (st), at half speed (sr 2); in it "ramp" eases linearly from 0 at
    /// its frame 0 to 100 at its frame 20 and shows from its frame 0 on.
    static let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "assets": [{"id": "inner", "layers": [
           {"ty": 3, "ind": 1, "nm": "ramp", "ip": 0, "op": 200, "st": 0, "ks": {
             "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [100]}]}}}]}],
         "layers": [
          {"ty": 3, "ind": 1, "nm": "blink", "ip": 15, "op": 40, "st": 0, "ks": {}},
          {"ty": 3, "ind": 2, "nm": "fade", "ip": 0, "op": 60, "st": 0, "ks": {
            "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [100]}]}}},
          {"ty": 0, "ind": 3, "nm": "pre", "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 60,
           "st": 10, "sr": 2, "ks": {}}
         ]}
        """

    static func stage(configure: (LottieLayer) -> Void = { _ in }) throws -> LottieStage {
        LottieStage(try ClosedForms.animation(json), configure: configure)
    }

    @Test("a layer shows from its in point up to, not at, its out point", arguments: [
        (0.0, true), (14.9, true), (15, false), (27, false), (39.9, false), (40, true), (55, true),
    ])
    func inAndOutPoints(frame: Double, hidden: Bool) throws {
        let layer = try #require(try Self.stage().presented("blink", atFrame: frame, frameRate: Self.frameRate))
        #expect(layer.isHidden == hidden, "frame \(frame)")
    }

    /// The precomp's frame at composition frame F is (F − st) ÷ sr.
    @Test("a precomp plays its composition from its start time, stretched", arguments: [
        10.0, 14, 20, 30, 36, 50, 59,
    ])
    func precompStartAndStretch(frame: Double) throws {
        let inner = (frame - 10) / 2
        let expected = min(max(inner / 20, 0), 1)
        let layer = try #require(try Self.stage().presented("ramp", atFrame: frame, frameRate: Self.frameRate))
        #expect(abs(Double(layer.opacity) - expected) < 1e-4, "frame \(frame), its frame \(inner): \(layer.opacity)")
        #expect(!layer.isHidden, "frame \(frame)")
    }

    @Test("before its start time a precomp's layers have not begun")
    func precompBeforeStart() throws {
        let layer = try #require(try Self.stage().presented("ramp", atFrame: 5, frameRate: Self.frameRate))
        #expect(layer.isHidden, "its frame −2.5 is before the layer's in point 0")
    }

    @Test("progress: speed 0 and the time offset of a progress show that frame at any time", arguments: [
        0.0, 0.25, 0.5, 0.9,
    ])
    func progress(p: Double) throws {
        let stage = try Self.stage { lottie in
            lottie.speed = 0
            lottie.timeOffset = lottie.timeOffset(forProgress: p)
        }
        #expect(stage.lottie.timeOffset(forProgress: p) == p * 2)
        for time in [0.0, 0.7, 3.1] {
            stage.show(time)
            let fade = try #require(stage.layer(named: "fade")?.presentation())
            #expect(abs(Double(fade.opacity) - p) < 1e-4, "progress \(p) at \(time) s: \(fade.opacity)")
        }
    }

    @Test("timeOffset(forProgress:) is clamped to the range")
    func progressClamped() throws {
        let stage = try Self.stage()
        #expect(stage.lottie.duration == 2)
        #expect(stage.lottie.timeOffset(forProgress: -1) == 0)
        #expect(stage.lottie.timeOffset(forProgress: 2) == 2)
    }

    /// LottieLayer documents its loop as `repeatCount` over its
    /// `duration`, the range's: a layer is a timing object as an animation
    /// is (Apple's `CAMediaTiming`), so its local time wraps.
    @Test("a loop: repeatCount plays the range again from its first frame", arguments: [
        0.5, 1.25, 1.9,
    ])
    func loop(time: Double) throws {
        let stage = try Self.stage { $0.repeatCount = .infinity }
        var seen: [(opacity: Double, hidden: Bool)] = []
        for lap in 0..<3 {
            stage.show(Double(lap) * 2 + time)
            let fade = try #require(stage.layer(named: "fade")?.presentation())
            let blink = try #require(stage.layer(named: "blink")?.presentation())
            seen.append(((Double(fade.opacity) * 1e4).rounded() / 1e4, blink.isHidden))
        }
        let expected = (opacity: time / 2, hidden: !(15..<40).contains(time * Self.frameRate))
        #expect(seen.map(\.opacity) == Array(repeating: expected.opacity, count: 3), "laps 0, 1, 2 at \(time) s")
        #expect(seen.map(\.hidden) == Array(repeating: expected.hidden, count: 3), "laps 0, 1, 2 at \(time) s")
    }
}
