import Foundation
import Testing
import TestSupport
@testable import SwellCore

/// The conformance suite's "100 intervals" tests (web-platform-tests,
/// webaudio/the-audio-api/the-audioparam-interface, audioparam-testing.js):
/// n intervals of 30 ms, each starting with a setValueAtTime and automated
/// to a value alternately above and below it, every frame compared with Web
/// Audio's formula for the interval it falls in — by the exact event times,
/// as the specification applies them. Within 1e-6 relative, where the
/// suite allows 1.865e-6 (linear), 1.222e-5 (exponential) and 6.5683e-4
/// (setTarget).
@Suite("automation: the conformance suite's interval tests")
struct AutomationIntervalTests {
    static let interval = 0.03
    static let timeConstant = interval / 3

    /// The suite's `createAudioGraphAndTest`: runs `automate` for each
    /// interval and returns each frame's value with the interval's start
    /// and end times and values.
    private func run(intervals n: Int, initial: Double, rate: Double,
                     automate: (inout AutomationParam, _ value: Double, _ end: Double, _ t0: Double, _ t1: Double) throws -> Void)
        throws -> (frames: [Double], intervals: [(t0: Double, t1: Double, v0: Double, v1: Double)]) {
        var param = AutomationParam(value: initial)
        var value = initial
        let delta = initial / Double(n)
        var intervals: [(t0: Double, t1: Double, v0: Double, v1: Double)] = []
        for k in 0..<n {
            let (t0, t1) = (Double(k) * Self.interval, Double(k + 1) * Self.interval)
            let end = value + (k % 2 == 1 ? -delta / 2 : delta / 2)
            try automate(&param, value, end, t0, t1)
            intervals.append((t0, t1, value, end))
            value -= delta
        }
        let frames = Int((0.5 + Double(n + 1) * Self.interval * rate).rounded(.down))
        return (param.render(frames: frames, rate: rate), intervals)
    }

    /// The largest relative error of the frames inside the intervals
    /// against `formula`, the interval of frame n being the one whose event
    /// times bracket n/rate.
    private func worstError(_ run: (frames: [Double], intervals: [(t0: Double, t1: Double, v0: Double, v1: Double)]),
                            rate: Double, formula: (Double, (t0: Double, t1: Double, v0: Double, v1: Double)) -> Double)
        -> Double {
        var worst = 0.0
        var k = 0
        for (n, actual) in run.frames.enumerated() {
            let t = Double(n) / rate
            while k + 1 < run.intervals.count && run.intervals[k + 1].t0 <= t { k += 1 }
            guard t < run.intervals[k].t1 || k + 1 < run.intervals.count else { break }
            worst = max(worst, WebAudioFormula.relativeError(actual, formula(t, run.intervals[k])))
        }
        return worst
    }

    static let rates = [44_100.0, 48_000, 96_000]

    @Test("setValueAtTime: 100 steps of 0.01 down from 1", arguments: rates)
    func setValue(rate: Double) throws {
        let result = try run(intervals: 100, initial: 1, rate: rate) { param, value, _, t0, _ in
            try param.setValueAtTime(value, t0)
        }
        #expect(worstError(result, rate: rate) { _, interval in interval.v0 } == 0)
    }

    @Test("linearRampToValueAtTime in 100 intervals", arguments: rates)
    func linear(rate: Double) throws {
        let result = try run(intervals: 100, initial: 1, rate: rate) { param, value, end, t0, t1 in
            try param.setValueAtTime(value, t0)
            try param.linearRampToValueAtTime(end, t1)
        }
        let worst = worstError(result, rate: rate) { t, i in WebAudioFormula.linear(t, i.v0, i.t0, i.v1, i.t1) }
        #expect(worst <= 1e-6, "worst relative error \(worst)")
    }

    @Test("exponentialRampToValueAtTime in 100 intervals from 100", arguments: rates)
    func exponential(rate: Double) throws {
        let result = try run(intervals: 100, initial: 100, rate: rate) { param, value, end, t0, t1 in
            try param.setValueAtTime(value, t0)
            try param.exponentialRampToValueAtTime(end, t1)
        }
        let worst = worstError(result, rate: rate) { t, i in WebAudioFormula.exponential(t, i.v0, i.t0, i.v1, i.t1) }
        #expect(worst <= 1e-6, "worst relative error \(worst)")
    }

    @Test("setTargetAtTime in 100 intervals, time constant 10 ms", arguments: rates)
    func target(rate: Double) throws {
        let result = try run(intervals: 100, initial: 100, rate: rate) { param, value, end, t0, _ in
            try param.setValueAtTime(value, t0)
            try param.setTargetAtTime(end, t0, Self.timeConstant)
        }
        let worst = worstError(result, rate: rate) { t, i in WebAudioFormula.target(t, i.v0, i.t0, i.v1, Self.timeConstant) }
        #expect(worst <= 1e-6, "worst relative error \(worst)")
    }

    @Test("setValueCurveAtTime: 20 curves of a 440 Hz sine, each 30 ms", arguments: rates)
    func curve(rate: Double) throws {
        let length = Int((0.5 + Self.interval * rate).rounded(.down))
        let sine = (0..<length).map { 0.5 + 0.5 * sin(2 * Double.pi * 440 * Double($0) / rate) }
        // The duration is the end less the start, as the suite computes
        // it: 0.27 + 0.03 is past 0.3 in binary, and a curve that long
        // would overlap the next one's start.
        let result = try run(intervals: 20, initial: 1, rate: rate) { param, _, _, t0, t1 in
            try param.setValueCurveAtTime(sine, t0, t1 - t0)
        }
        let worst = worstError(result, rate: rate) { t, i in WebAudioFormula.curve(t, sine, i.t0, i.t1 - i.t0) }
        #expect(worst <= 1e-6, "worst relative error \(worst)")
    }
}
