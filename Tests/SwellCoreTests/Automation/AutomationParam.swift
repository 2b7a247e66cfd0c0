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
