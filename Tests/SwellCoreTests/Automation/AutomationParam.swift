import Foundation
@testable import SwellCore

/// An `AudioParam` as the conformance tests drive one: a schedule, the
/// value it has before any event (`defaultValue`, or what `value` was set
/// to) and the context's `currentTime` at the calls, rendered at frame
/// times n/rate. The reference values of the tests are Web Audio's
/// formulas, computed by the tests themselves.
struct AutomationParam {
    var schedule = AutomationSchedule()
    var value: Double
    var now = 0.0

    init(value: Double) { self.value = value }

    var call: AutomationCall { AutomationCall(time: now, value: value) }

    mutating func setValueAtTime(_ v: Double, _ t: Double) throws { try schedule.setValueAtTime(v, t, call: call) }
    mutating func linearRampToValueAtTime(_ v: Double, _ t: Double) throws { try schedule.linearRampToValueAtTime(v, t, call: call) }
    mutating func exponentialRampToValueAtTime(_ v: Double, _ t: Double) throws {
        try schedule.exponentialRampToValueAtTime(v, t, call: call)
    }
    mutating func setTargetAtTime(_ v: Double, _ t: Double, _ tau: Double) throws {
        try schedule.setTargetAtTime(v, t, tau, call: call)
    }
    mutating func setValueCurveAtTime(_ values: [Double], _ t: Double, _ d: Double) throws {
        try schedule.setValueCurveAtTime(values, t, d, call: call)
    }
    mutating func cancelScheduledValues(_ t: Double) throws { try schedule.cancelScheduledValues(t, call: call) }
    mutating func cancelAndHoldAtTime(_ t: Double) throws { try schedule.cancelAndHoldAtTime(t, call: call) }

    /// The value at each of `frames` frames at `rate`.
    func render(frames: Int, rate: Double) -> [Double] {
        let curve = AutomationCurve(schedule)
        return (0..<frames).map { curve.value(at: Double($0) / rate) ?? value }
    }
}

/// Web Audio's formulas (Web Audio API, "AudioParam"), as the conformance
/// suite's audio-param.js writes them.
enum WebAudioFormula {
    static func linear(_ t: Double, _ v0: Double, _ t0: Double, _ v1: Double, _ t1: Double) -> Double {
        t >= t1 ? v1 : v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    }

    static func exponential(_ t: Double, _ v0: Double, _ t0: Double, _ v1: Double, _ t1: Double) -> Double {
        t >= t1 ? v1 : v0 * pow(v1 / v0, (t - t0) / (t1 - t0))
    }

    static func target(_ t: Double, _ v0: Double, _ t0: Double, _ target: Double, _ tau: Double) -> Double {
        target + (v0 - target) * exp(-(t - t0) / tau)
    }

    static func curve(_ t: Double, _ values: [Double], _ t0: Double, _ duration: Double) -> Double {
        let n = values.count
        if t >= t0 + duration { return values[n - 1] }
        let x = (t - t0) * Double(n - 1) / duration
        let i = Int(x.rounded(.down))
        return values[i] + (values[min(i + 1, n - 1)] - values[i]) * (x - Double(i))
    }

    /// |actual − expected| / |expected| (absolute when expected is 0).
    static func relativeError(_ actual: Double, _ expected: Double) -> Double {
        expected == 0 ? abs(actual) : abs(actual - expected) / abs(expected)
    }
}
