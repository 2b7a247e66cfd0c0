import Foundation
import Testing
import TestSupport
@testable import SwellCore

/// Where events take effect and how they follow each other, after the
/// conformance suite's setValueAtTime-within-block,
/// setTargetAtTime-after-event-within-block, event-insertion, adding-events,
/// retrospective-*, set-target-conv, audioparam-large-endtime,
/// audioparam-close and audioparam-method-chaining: exact where the suite
/// is exact, else within 1e-6 of Web Audio's formula.
@Suite("automation: events in time")
struct AutomationEventTests {
    typealias F = WebAudioFormula

    @Test("a setValueAtTime at frame 65 takes effect at frame 65, exactly")
    func withinBlock() throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(-2, 65 / 48_000)
        let out = param.render(frames: 200, rate: 48_000)
        #expect(out[0..<65].allSatisfy { $0 == 1 } && out[65...].allSatisfy { $0 == -2 })
    }

    @Test("a setTarget to the value already reached never moves it")
    func setTargetAfterEvent() throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(-0.5, 42 / 48_000)
        try param.setTargetAtTime(-0.5, 53 / 48_000, 128 / 48_000)
        let out = param.render(frames: 179, rate: 48_000)
        #expect(out[0..<42].allSatisfy { $0 == 1 } && out[42...].allSatisfy { $0 == -0.5 })
    }

    static let rate = 16_384.0

    @Test("events at the same time go after the ones already there")
    func sameTime() throws {
        let r = Self.rate
        var param = AutomationParam(value: 0)
        try param.setValueAtTime(99, 128 / r); try param.setValueAtTime(1, 128 / r)
        try param.linearRampToValueAtTime(99, 256 / r); try param.linearRampToValueAtTime(2, 256 / r)
        try param.exponentialRampToValueAtTime(99, 384 / r); try param.exponentialRampToValueAtTime(3, 384 / r)
        try param.setValueCurveAtTime([3, 4], 384 / r, 128 / r)
        try param.setValueAtTime(99, 639 / r); try param.setValueAtTime(1, 639 / r); try param.setValueAtTime(5, 639 / r)
        let out = param.render(frames: 1024, rate: r)
        #expect([out[128], out[256], out[384], out[512], out[640]] == [1, 2, 3, 4, 5])
    }

    @Test("a ramp, a setValue and another ramp ending at one time: the first ramp runs to it, the last wins there",
          arguments: ["linear+expo", "expo+linear", "linear+setTarget"])
    func rampsAtOneTime(_ order: String) throws {
        let r = Self.rate, t = 256 / r
        var param = AutomationParam(value: 0)
        try param.setValueAtTime(1, 0)
        switch order {
        case "linear+expo":
            try param.linearRampToValueAtTime(2, t); try param.setValueAtTime(99, t); try param.exponentialRampToValueAtTime(3, t)
        case "expo+linear":
            try param.exponentialRampToValueAtTime(3, t); try param.setValueAtTime(99, t); try param.linearRampToValueAtTime(2, t)
        default:
            try param.linearRampToValueAtTime(3, t); try param.setValueAtTime(100, t); try param.setTargetAtTime(0, t, 0.1)
        }
        let out = param.render(frames: 1024, rate: r)
        switch order {
        case "linear+expo":
            #expect(out[255] == 1 + 255.0 / 256 && out[256...].allSatisfy { $0 == 3 })
        case "expo+linear":
            #expect(F.relativeError(out[255], pow(3, 255.0 / 256)) <= 1e-6 && out[256...].allSatisfy { $0 == 2 })
        default:
            #expect(out[255] == 1 + 2 * 255.0 / 256 && out[256] == 100)
            let worst = (256..<1024).map { F.relativeError(out[$0], 100 * exp(-(Double($0 - 256) / r) / 0.1)) }.max()!
            #expect(worst <= 1e-6)
        }
    }

    @Test("several ramps to one time: the last added is the value there", arguments: [false, true])
    func severalRamps(exponential: Bool) throws {
        let t = 64 / Self.rate
        var param = AutomationParam(value: 0)
        try param.setValueAtTime(1, 0)
        for value in [2.0, 7, 10] {
            if exponential { try param.exponentialRampToValueAtTime(value, t) } else { try param.linearRampToValueAtTime(value, t) }
        }
        let out = param.render(frames: 128, rate: Self.rate)
        let expected = exponential ? pow(2, 63.0 / 64) : 1 + 63.0 / 64
        #expect(F.relativeError(out[63], expected) <= 1e-6 && out[64] == 10)
    }

    @Test("a ramp added while it is under way starts at the previous event all the same", arguments: [false, true])
    func addedLate(exponential: Bool) throws {
        let r = 8192.0
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(1, 64 / r)
        param.now = 640 / r
        if exponential { try param.exponentialRampToValueAtTime(2, 1344 / r) } else { try param.linearRampToValueAtTime(2, 1344 / r) }
        let out = param.render(frames: 2048, rate: r)
        for n in 640..<1344 {
            let t = Double(n) / r
            let expected = exponential ? F.exponential(t, 1, 64 / r, 2, 1344 / r) : F.linear(t, 1, 64 / r, 2, 1344 / r)
            #expect(F.relativeError(out[n], expected) <= 1e-6, "frame \(n)")
        }
        #expect(exponential || out[640] == 1.45)
        #expect(out[1344...].allSatisfy { $0 == 2 })
    }

    /// Times before the call are moved to it; the first ramp, with no event
    /// before it, starts where the call found the value.
    @Test("times in the past are the time of the call", arguments: ["setValue", "linear", "expo", "setTarget", "curve"])
    func retrospective(_ call: String) throws {
        let r = 16_384.0, now = 128 / r
        func schedule(_ time: Double) throws -> [Double] {
            var param = AutomationParam(value: 1)
            param.now = now
            switch call {
            case "setValue": try param.setValueAtTime(0, time); try param.linearRampToValueAtTime(16_256, 1)
            case "linear": try param.linearRampToValueAtTime(0.1, time); try param.linearRampToValueAtTime(0.9, 1)
            case "expo": try param.exponentialRampToValueAtTime(0.1, time); try param.exponentialRampToValueAtTime(0.9, 1)
            case "setTarget": try param.setTargetAtTime(0.1, time, 0.1)
            default: try param.setValueCurveAtTime([1, 0.1], time, 1)
            }
            return Array(param.render(frames: 16_384, rate: r)[128...])
        }
        #expect(try schedule(now / 2) == schedule(now))
        let out = try schedule(now / 2), t = 129 / r
        let expected: Double = switch call {
        case "setValue": 1
        case "linear": 0.1 + 0.8 * (t - now) / (1 - now)
        case "expo": 0.1 * pow(9, (t - now) / (1 - now))
        case "setTarget": 0.1 + 0.9 * exp(-(t - now) / 0.1)
        default: 1 - 0.9 * (t - now)
        }
        #expect(F.relativeError(out[1], expected) <= 1e-6, "frame 129: \(out[1]) vs \(expected)")
    }

    @Test("a setTarget, then a setValue and a ramp: exact from the setValue on")
    func setTargetConverges() throws {
        var test = AutomationParam(value: 1), reference = AutomationParam(value: 1)
        try test.setValueAtTime(1, 0); try test.setTargetAtTime(0.5, 0.01, 0.01)
        try test.setValueAtTime(0.5, 0.15); try test.linearRampToValueAtTime(1, 0.151)
        try reference.setValueAtTime(0.5, 0); try reference.setValueAtTime(0.5, 0.15); try reference.linearRampToValueAtTime(1, 0.151)
        let (a, b) = (test.render(frames: 8000, rate: 8000), reference.render(frames: 8000, rate: 8000))
        #expect(a[1200...] == b[1200...])
        // Before 0.15 s the setTarget is within 0.5·e^(−12.4) of 0.5 at 0.134 s.
        #expect(abs(a[1072] - 0.5) <= 0.5 * exp(-(1072.0 / 8000 - 0.01) / 0.01) * (1 + 1e-6))
    }

    @Test("a ramp ending at 1e300 s renders, without overflow", arguments: [false, true])
    func largeEndTime(exponential: Bool) throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(1, 0.1 / 48_000)
        if exponential { try param.exponentialRampToValueAtTime(0.1, 1e300) } else { try param.linearRampToValueAtTime(0.1, 1e300) }
        let out = param.render(frames: 6000, rate: 48_000)
        #expect(out.allSatisfy { $0.isFinite && abs($0 - 1) < 1e-12 })
    }

    @Test("a ramp over less than a frame to the largest float: no NaN, the end value from the next frame")
    func closeTimes() throws {
        let floatMax = Double(Float.greatestFiniteMagnitude)
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(10, 0)
        try param.linearRampToValueAtTime(floatMax, Double(Float.leastNonzeroMagnitude))
        let out = param.render(frames: 128, rate: 65_536)
        #expect(out[0] == 10 && out[1...].allSatisfy { $0 == floatMax })
        var second = AutomationParam(value: 0)
        let (t0, t1) = ((1 - 5.551115123125784e-17) / 65_536, (1 + 1.1102230246251568e-16) / 65_536)
        try second.setValueAtTime(1e15, t0)
        try second.linearRampToValueAtTime(floatMax, t1)
        let two = second.render(frames: 128, rate: 65_536)
        #expect(two[0] == 0 && two[1] == 1e15 + (floatMax - 1e15) * (1 / 65_536 - t0) / (t1 - t0))
        #expect(two[2...].allSatisfy { $0 == floatMax })
    }

    @Test("setValue, linear, exponential and setTarget one after another, within 1e-6 of each formula")
    func chain() throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(0, 0); try param.linearRampToValueAtTime(1, 1)
        try param.exponentialRampToValueAtTime(0.5, 2); try param.setTargetAtTime(0.001, 2, 0.5)
        let out = param.render(frames: 32_000, rate: 8000)
        for (n, value) in out.enumerated() {
            let t = Double(n) / 8000
            let expected = t < 1 ? t : t < 2 ? F.exponential(t, 1, 1, 0.5, 2) : F.target(t, 0.5, 2, 0.001, 0.5)
            #expect(abs(value - expected) <= 1e-6 * max(abs(expected), 1e-3), "frame \(n)")
        }
    }
}
