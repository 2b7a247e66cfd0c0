import Foundation
import Testing
import TestSupport
@testable import SwellCore

/// cancelScheduledValues and cancelAndHoldAtTime, after the conformance
/// suite's cancel-scheduled-values and audioparam-cancel-and-hold: the
/// value held is Web Audio's formula at the cancel time, and what is
/// scheduled after starts from it.
@Suite("automation: cancelling")
struct AutomationCancelTests {
    typealias F = WebAudioFormula
    static let rate = 48_000.0
    static let cancelTime = 0.25
    static let cancelFrame = 12_000

    @Test("cancelScheduledValues removes a curve under way and what follows; a setValue can then go where it was")
    func cancelScheduled() throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(0.5, 0); try param.setValueAtTime(1.5, 0.25)
        try param.setValueCurveAtTime([1, -1], 0.25, 0.25); try param.setValueAtTime(99, 0.5)
        try param.cancelScheduledValues(0.3)
        try param.setValueAtTime(3, 0.375)
        let out = param.render(frames: 8000, rate: 8000)
        #expect(out[0..<2000].allSatisfy { $0 == 0.5 } && out[2000..<3000].allSatisfy { $0 == 1.5 }
                && out[3000...].allSatisfy { $0 == 3 })
    }

    /// setValueAtTime(0, 0) and a linear ramp to 1 at 10 ms, then `then`.
    private func ramped(_ then: (inout AutomationParam) throws -> Void) throws -> AutomationParam {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(0, 0)
        try param.linearRampToValueAtTime(1, 0.01)
        try then(&param)
        return param
    }

    /// Checks that cancelling at 250 ms holds `held` (within 1e-6) from
    /// there, and that the frames before are the uncancelled schedule's.
    private func expectHold(_ param: AutomationParam, held: Double) throws {
        var cancelled = param
        try cancelled.cancelAndHoldAtTime(Self.cancelTime)
        let (before, after) = (param.render(frames: 24_000, rate: Self.rate), cancelled.render(frames: 24_000, rate: Self.rate))
        #expect(before[..<Self.cancelFrame] == after[..<Self.cancelFrame])
        #expect(F.relativeError(after[Self.cancelFrame], held) <= 1e-6, "held \(after[Self.cancelFrame]), expected \(held)")
        #expect(after[Self.cancelFrame...].allSatisfy { $0 == after[Self.cancelFrame] })
    }

    @Test("cancelAndHold in a linear ramp holds 1 − 0.24/0.49")
    func linear() throws {
        try expectHold(try ramped { try $0.linearRampToValueAtTime(0, 0.5) }, held: 1 - 0.24 / 0.49)
    }

    @Test("cancelAndHold in an exponential ramp holds 0.001^(0.24/0.49)")
    func exponential() throws {
        try expectHold(try ramped { try $0.exponentialRampToValueAtTime(0.001, 0.5) }, held: pow(0.001, 0.24 / 0.49))
    }

    @Test("cancelAndHold in a setTarget holds e^(−0.24/0.05)")
    func target() throws {
        try expectHold(try ramped { try $0.setTargetAtTime(0, 0.01, 0.05) }, held: exp(-0.24 / 0.05))
    }

    @Test("cancelAndHold in a value curve holds its value there; after its end, its last value")
    func curve() throws {
        try expectHold(try ramped { try $0.setValueCurveAtTime([1, 0], 0.01, 0.49) }, held: 1 - 0.24 / 0.49)
        try expectHold(try ramped { try $0.setValueCurveAtTime([1, 0], 0.01, 0.115) }, held: 0)
    }

    @Test("cancelAndHold in a setTarget from the value set before any event holds e^(−2.4)")
    func initialTarget() throws {
        var param = AutomationParam(value: 1)
        try param.setTargetAtTime(0, 0.01, 0.1)
        try expectHold(param, held: exp(-2.4))
    }

    @Test("what is scheduled after a cancelAndHold starts from the value held",
          arguments: ["linear", "expo", "curve", "setTarget", "setValue"])
    func after(_ call: String) throws {
        var param = try ramped { try $0.linearRampToValueAtTime(0, 0.5) }
        try param.cancelAndHoldAtTime(Self.cancelTime)
        let held = 1 - 0.24 / 0.49
        switch call {
        case "linear": try param.linearRampToValueAtTime(2, 0.375)
        case "expo": try param.exponentialRampToValueAtTime(2, 0.375)
        case "curve": try param.setValueCurveAtTime([0.125, 2], 0.375, 0.125)
        case "setTarget": try param.setTargetAtTime(0.125, 0.375, 0.1)
        default: try param.setValueAtTime(0.125, 0.375)
        }
        let out = param.render(frames: 24_000, rate: Self.rate)
        var worst = 0.0
        for n in Self.cancelFrame..<24_000 {
            let t = Double(n) / Self.rate
            let expected: Double = switch call {
            case "linear": F.linear(t, held, 0.25, 2, 0.375)
            case "expo": F.exponential(t, held, 0.25, 2, 0.375)
            case "curve": t < 0.375 ? held : F.curve(t, [0.125, 2], 0.375, 0.125)
            case "setTarget": t < 0.375 ? held : F.target(t, held, 0.375, 0.125, 0.1)
            default: t < 0.375 ? held : 0.125
            }
            worst = max(worst, F.relativeError(out[n], expected))
        }
        #expect(worst <= 1e-6)
    }

    @Test("cancelAndHold before a setTarget or a curve removes it; at its start, too",
          arguments: ["future setTarget", "setTarget now", "future curve", "curve now"])
    func cancelsAhead(_ call: String) throws {
        var param = AutomationParam(value: 1)
        try param.setValueAtTime(0.5, 0)
        switch call {
        case "future setTarget": try param.setTargetAtTime(0, 0.375, 0.1)
        case "setTarget now": try param.setTargetAtTime(0, 0.25, 0.1)
        case "future curve": try param.setValueCurveAtTime([-1, 1], 0.375, 0.1)
        default: try param.setValueCurveAtTime([-1, 1], 0.25, 0.1)
        }
        try param.cancelAndHoldAtTime(Self.cancelTime)
        #expect(param.render(frames: 24_000, rate: Self.rate).allSatisfy { $0 == 0.5 })
    }

    @Test("linear, cancel, linear, cancel, linear: each cancel holds where the ramp it cuts had got to")
    func twoCancels() throws {
        var param = try ramped { try $0.linearRampToValueAtTime(0, 0.5) }
        try param.cancelAndHoldAtTime(0.25)
        try param.linearRampToValueAtTime(2, 0.5)
        try param.cancelAndHoldAtTime(0.375)
        try param.linearRampToValueAtTime(0, 0.5)
        let e1 = 1 - 0.24 / 0.49, e2 = F.linear(0.375, e1, 0.25, 2, 0.5)
        let out = param.render(frames: 24_000, rate: Self.rate)
        var worst = 0.0
        for n in Self.cancelFrame..<24_000 {
            let t = Double(n) / Self.rate
            worst = max(worst, F.relativeError(out[n], t < 0.375 ? F.linear(t, e1, 0.25, 2, 0.5) : F.linear(t, e2, 0.375, 0, 0.5)))
        }
        #expect(worst <= 1e-6)
    }
}
