import Foundation
import Testing
@testable import SwellCore

/// The calls Web Audio refuses (audioparam-exceptional-values,
/// audioparam-setValueCurve-exceptions, cancel-*'s "cancel-time"): each is
/// refused with the exception's kind, and the schedule is left as it was.
@Suite("automation: refused calls")
struct AutomationErrorTests {
    private func refusal(_ call: (inout AutomationParam) throws -> Void, setUp: (inout AutomationParam) throws -> Void = { _ in })
        throws -> ScheduleError.Kind? {
        var param = AutomationParam(value: 1)
        try setUp(&param)
        let before = param.schedule
        do {
            try call(&param)
        } catch let error as ScheduleError {
            #expect(param.schedule == before, "a refused call changes nothing")
            return error.kind
        }
        return nil
    }

    @Test("numbers that are not finite", arguments: [Double.infinity, -.infinity, .nan])
    func notFinite(_ x: Double) throws {
        #expect(try refusal { try $0.setValueAtTime(x, 1) } == .notFinite)
        #expect(try refusal { try $0.linearRampToValueAtTime(x, 1) } == .notFinite)
        #expect(try refusal { try $0.exponentialRampToValueAtTime(x, 1) } == .notFinite)
        #expect(try refusal { try $0.setTargetAtTime(x, 1, 1) } == .notFinite)
        #expect(try refusal { try $0.setValueAtTime(1, x) } == .notFinite)
        #expect(try refusal { try $0.setTargetAtTime(1, 1, x) } == .notFinite)
        #expect(try refusal { try $0.setValueCurveAtTime([1, 2, x, 3], 1, 1) } == .notFinite)
        #expect(try refusal { try $0.setValueCurveAtTime([0, 0, 0], x, 1) } == .notFinite)
        #expect(try refusal { try $0.cancelScheduledValues(x) } == .notFinite)
        #expect(try refusal { try $0.cancelAndHoldAtTime(x) } == .notFinite)
    }

    @Test("negative times and time constants, durations that are not positive, an exponential ramp to 0")
    func outOfRange() throws {
        let curve = [1.0, 2, 3]
        #expect(try refusal { try $0.setValueAtTime(1, -1) } == .outOfRange)
        #expect(try refusal { try $0.linearRampToValueAtTime(1, -1) } == .outOfRange)
        #expect(try refusal { try $0.exponentialRampToValueAtTime(1, -1) } == .outOfRange)
        #expect(try refusal { try $0.setTargetAtTime(1, -1, 1) } == .outOfRange)
        #expect(try refusal { try $0.setTargetAtTime(1, 1, -1) } == .outOfRange)
        #expect(try refusal { try $0.setValueCurveAtTime(curve, -1, 1) } == .outOfRange)
        #expect(try refusal { try $0.setValueCurveAtTime(curve, 1, -1) } == .outOfRange)
        #expect(try refusal { try $0.setValueCurveAtTime(curve, 1, 0) } == .outOfRange)
        #expect(try refusal { try $0.exponentialRampToValueAtTime(0, 1) } == .outOfRange)
        #expect(try refusal { try $0.cancelScheduledValues(-1) } == .outOfRange)
        #expect(try refusal { try $0.cancelAndHoldAtTime(-1) } == .outOfRange)
    }

    @Test("a value curve of fewer than 2 values")
    func tooFew() throws {
        #expect(try refusal { try $0.setValueCurveAtTime([], 0, 0.01) } == .tooFewValues)
        #expect(try refusal { try $0.setValueCurveAtTime([1], 0, 0.01) } == .tooFewValues)
        #expect(try refusal { try $0.setValueCurveAtTime([1, 2], 0, 0.01) } == nil)
    }

    @Test("events inside a value curve, and curves over events")
    func overlaps() throws {
        let curve = { (param: inout AutomationParam) in try param.setValueCurveAtTime([0, 0], 0.0125, 0.0125) }
        #expect(try refusal({ try $0.setValueAtTime(1, 0.01875) }, setUp: curve) == .overlapsCurve)
        #expect(try refusal({ try $0.linearRampToValueAtTime(1, 0.01875) }, setUp: curve) == .overlapsCurve)
        #expect(try refusal({ try $0.exponentialRampToValueAtTime(1, 0.01875) }, setUp: curve) == .overlapsCurve)
        #expect(try refusal({ try $0.setTargetAtTime(1, 0.01875, 1) }, setUp: curve) == .overlapsCurve)
        #expect(try refusal({ try $0.setValueAtTime(1, 0.0125) }, setUp: curve) == .overlapsCurve)
        #expect(try refusal({ try $0.setValueAtTime(1, 0.02625) }, setUp: curve) == nil)
        let events = { (param: inout AutomationParam) in
            try param.linearRampToValueAtTime(1, 0.0125); try param.exponentialRampToValueAtTime(1, 0.025)
            try param.setTargetAtTime(1, 0.0375, 0.1); try param.setValueCurveAtTime([0, 0], 0.05, 0.1)
        }
        for start in [0.00625, 0.01875, 0.03125, 0.04375, Double.pi / 100] {
            #expect(try refusal({ try $0.setValueCurveAtTime([0, 0], start, 0.01) }, setUp: events) == .overlapsCurve)
        }
        // A value that is not finite is found before the overlap.
        #expect(try refusal({ try $0.setValueCurveAtTime([.nan, .nan], 0.04375, 0.01) }, setUp: events) == .notFinite)
    }

    @Test("events at a curve's start, before it, and at its end are allowed")
    func adjacent() throws {
        var param = AutomationParam(value: 1)
        let c = [0.0, 1]
        try param.setValueAtTime(1, 0); try param.linearRampToValueAtTime(0, 0.0025)
        try param.setValueCurveAtTime(c, 0.0025, 0.0025); try param.exponentialRampToValueAtTime(1, 0.0075)
        try param.setValueCurveAtTime(c, 0.0075, 0.0025); try param.setValueCurveAtTime(c, 0.01, 0.0025)
        try param.setValueAtTime(0, 0.0125); try param.setValueCurveAtTime(c, 0.0125, 0.0025)
        try param.setTargetAtTime(1, 0.015, 1)
        #expect(param.schedule.events.count == 9)
        // The last curve ends a unit in the last place after 0.015 s, where
        // the setTarget to its last value takes over, from within 1e-9 of it.
        let out = param.render(frames: 1000, rate: 48_000)
        #expect(out.allSatisfy(\.isFinite) && out[720...].allSatisfy { abs($0 - 1) < 1e-9 })
    }
}
