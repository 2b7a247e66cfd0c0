import Foundation
import TestSupport
import Testing

/// The conformance suite's AudioParam scenarios (web-platform-tests,
/// `webaudio/the-audio-api/the-audioparam-interface/`) as "automate"
/// events of a script, each with its reference: Web Audio's formulas,
/// evaluated here at the frame's time, never the engine's output.
///
/// The property starts at 1, as a layer's `volume` does; times are
/// seconds, at which events are called (`at`) and scheduled.
struct ScheduleScenario: CustomTestStringConvertible, Sendable {
    let name: String
    /// How long to render, in seconds.
    let length: Double
    /// The events: when each is called, and its calls.
    let events: [(at: Double, calls: [String])]
    /// The property's value at time t.
    let reference: @Sendable (Double) -> Double

    var testDescription: String { name }

    /// The "events" of a script automating `key` on `layer`.
    func scriptEvents(layer: String, key: String) -> [String] {
        events.map { event in
            #"{"at": \#(event.at), "layer": "\#(layer)", "automate": "\#(key)", "calls": [\#(event.calls.joined(separator: ", "))]}"#
        }
    }

    /// A script whose `main` layer's volume is automated.
    var volumeScript: String {
        #"{"version": 1, "events": [\#(scriptEvents(layer: "main", key: "volume").joined(separator: ",\n"))]}"#
    }

    /// `["NAME", ARGUMENT…]`.
    static func call(_ name: String, _ arguments: Double...) -> String {
        "[\"\(name)\", " + arguments.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    static func curveCall(_ values: [Double], _ time: Double, _ duration: Double) -> String {
        "[\"setValueCurveAtTime\", [\(values.map { "\($0)" }.joined(separator: ", "))], \(time), \(duration)]"
    }

    // MARK: The scenarios

    /// Every scenario at `sampleRate` (the within-block step is placed by
    /// frames).
    static func all(sampleRate: Double) -> [ScheduleScenario] {
        [linearIntervals, exponentialIntervals, targetIntervals, curveIntervals, withinBlockStep(sampleRate),
         cancelScheduled, holdInLinearRamp, holdInExponentialRamp, holdInTarget, holdInCurve, lateEvents,
         lateRamp, largeEndTimes, targetAtCurrentValue, issueExample]
    }

    /// Interval k of 100 over 1 s starts at k/100.
    static let intervals = 100
    static func start(_ k: Int) -> Double { Double(k) / Double(intervals) }
    /// The interval k that holds t: the last that starts at or before it.
    static func interval(_ t: Double) -> Int {
        var k = min(Int(t * Double(intervals)), intervals - 1)
        while k > 0 && start(k) > t { k -= 1 }
        while k + 1 < intervals && start(k + 1) <= t { k += 1 }
        return k
    }
    /// Values of no pattern, within 0.25…0.75.
    static func level(_ k: Int, _ phase: Double) -> Double {
        let x = Double(k) * phase
        return 0.25 + 0.5 * (x - x.rounded(.down))
    }

    /// audioparam-linearRampToValueAtTime: a setValueAtTime and a linear
    /// ramp in each of 100 intervals.
    static let linearIntervals = ScheduleScenario(
        name: "100 intervals of linearRampToValueAtTime", length: 1.1,
        events: [(0, (0..<intervals).flatMap { k in
            [call("setValueAtTime", level(k, 0.618), start(k)), call("linearRampToValueAtTime", level(k, 0.381), start(k + 1))]
        })]) { t in
            let k = interval(t)
            return WebAudioFormula.linear(t, level(k, 0.618), start(k), level(k, 0.381), start(k + 1))
        }

    /// audioparam-exponentialRampToValueAtTime.
    static let exponentialIntervals = ScheduleScenario(
        name: "100 intervals of exponentialRampToValueAtTime", length: 1.1,
        events: [(0, (0..<intervals).flatMap { k in
            [call("setValueAtTime", level(k, 0.618), start(k)),
             call("exponentialRampToValueAtTime", level(k, 0.381), start(k + 1))]
        })]) { t in
            let k = interval(t)
            return WebAudioFormula.exponential(t, level(k, 0.618), start(k), level(k, 0.381), start(k + 1))
        }

    /// audioparam-setTargetAtTime: one setTarget an interval, each
    /// starting from where the last had reached.
    static let targetIntervals: ScheduleScenario = {
        let tau = 0.004
        var starts = [1.0]
        for k in 0..<intervals {
            starts.append(WebAudioFormula.target(start(k + 1), starts[k], start(k), level(k, 0.618), tau))
        }
        return ScheduleScenario(
            name: "100 intervals of setTargetAtTime", length: 1.1,
            events: [(0, (0..<intervals).map { k in call("setTargetAtTime", level(k, 0.618), start(k), tau) })]) { [starts] t in
                let k = interval(t)
                return WebAudioFormula.target(t, starts[k], start(k), level(k, 0.618), tau)
            }
    }()

    /// audioparam-setValueCurveAtTime: a curve of three values an interval.
    static let curveIntervals: ScheduleScenario = {
        @Sendable func values(_ k: Int) -> [Double] { [level(k, 0.618), level(k, 0.381), level(k, 0.127)] }
        let duration = 1.0 / Double(intervals)
        return ScheduleScenario(
            name: "100 intervals of setValueCurveAtTime", length: 1.1,
            events: [(0, (0..<intervals).map { k in curveCall(values(k), start(k), duration) })]) { t in
                let k = interval(t)
                return WebAudioFormula.curve(t, values(k), start(k), duration)
            }
    }()

    /// audioparam-setValueAtTime in the middle of a render quantum: frames
    /// 0–64 are exactly 1, from 65 exactly the new value.
    static func withinBlockStep(_ sampleRate: Double) -> ScheduleScenario {
        let time = 65 / sampleRate
        return ScheduleScenario(name: "a step at frame 65", length: 0.01,
                                events: [(0, [call("setValueAtTime", 0.375, time)])]) { t in t < time ? 1 : 0.375 }
    }

    /// cancel-scheduled-values: the events from 0.8 s on are gone, a ramp
    /// ending then included.
    static let cancelScheduled = ScheduleScenario(
        name: "cancelScheduledValues", length: 1.2,
        events: [(0, [call("setValueAtTime", 0.5, 0.1), call("linearRampToValueAtTime", 1, 0.4),
                      call("exponentialRampToValueAtTime", 0.25, 0.8), call("setTargetAtTime", 0.75, 0.9, 0.05),
                      call("cancelScheduledValues", 0.8)])]) { t in
            t < 0.1 ? 1 : WebAudioFormula.linear(t, 0.5, 0.1, 1, 0.4)
        }

    /// cancel-and-hold: a linear ramp held where it is at the cancel time.
    static let holdInLinearRamp = ScheduleScenario(
        name: "cancelAndHoldAtTime in a linear ramp", length: 1.1,
        events: [(0, [call("setValueAtTime", 0.25, 0), call("linearRampToValueAtTime", 1, 1),
                      call("cancelAndHoldAtTime", 0.5)])]) { t in
            WebAudioFormula.linear(min(t, 0.5), 0.25, 0, 1, 1)
        }

    static let holdInExponentialRamp = ScheduleScenario(
        name: "cancelAndHoldAtTime in an exponential ramp", length: 1.1,
        events: [(0, [call("setValueAtTime", 0.1, 0), call("exponentialRampToValueAtTime", 1, 1),
                      call("cancelAndHoldAtTime", 0.6)])]) { t in
            WebAudioFormula.exponential(min(t, 0.6), 0.1, 0, 1, 1)
        }

    static let holdInTarget = ScheduleScenario(
        name: "cancelAndHoldAtTime in a setTarget", length: 1,
        events: [(0, [call("setTargetAtTime", 0.2, 0.1, 0.1), call("cancelAndHoldAtTime", 0.4)])]) { t in
            t < 0.1 ? 1 : WebAudioFormula.target(min(t, 0.4), 1, 0.1, 0.2, 0.1)
        }

    static let holdInCurve = ScheduleScenario(
        name: "cancelAndHoldAtTime in a value curve", length: 1,
        events: [(0, [curveCall([0.2, 1, 0.4], 0.1, 0.8), call("cancelAndHoldAtTime", 0.5)])]) { t in
            t < 0.1 ? 1 : WebAudioFormula.curve(min(t, 0.5), [0.2, 1, 0.4], 0.1, 0.8)
        }

    /// Events added late: a time already past is the call's time.
    static let lateEvents = ScheduleScenario(
        name: "events added late", length: 1,
        events: [(0.5, [call("setValueAtTime", 0.25, 0.2), call("linearRampToValueAtTime", 0.75, 0.9)])]) { t in
            t < 0.5 ? 1 : WebAudioFormula.linear(t, 0.25, 0.5, 0.75, 0.9)
        }

    /// A ramp with no event before it starts from the value at its call.
    static let lateRamp = ScheduleScenario(
        name: "a ramp with no event before it", length: 1,
        events: [(0.3, [call("linearRampToValueAtTime", 0.5, 0.8)])]) { t in
            t < 0.3 ? 1 : WebAudioFormula.linear(t, 1, 0.3, 0.5, 0.8)
        }

    /// Ramps ending at 1e300 s render, without overflowing.
    static let largeEndTimes = ScheduleScenario(
        name: "ramps ending at 1e300 s", length: 0.5,
        events: [(0, [call("setValueAtTime", 0.5, 0), call("exponentialRampToValueAtTime", 0.25, 1e300)]),
                 (0.25, [call("cancelScheduledValues", 0.1), call("setValueAtTime", 0.75, 0.3),
                         call("linearRampToValueAtTime", 0.25, 1e300)])]) { t in
            t < 0.3 ? WebAudioFormula.exponential(t, 0.5, 0, 0.25, 1e300) : WebAudioFormula.linear(t, 0.75, 0.3, 0.25, 1e300)
        }

    /// A setTarget to the value the property has never moves it.
    static let targetAtCurrentValue = ScheduleScenario(
        name: "setTargetAtTime to the current value", length: 0.5,
        events: [(0, [call("setValueAtTime", 0.3, 0), call("setTargetAtTime", 0.3, 0.1, 0.05)])]) { _ in 0.3 }

    /// The event of docs/automation.md, which makes every call.
    static let issueExample = ScheduleScenario(
        name: "the seven calls", length: 2.5,
        events: [(0, [call("setValueAtTime", 0.5, 0.1), call("linearRampToValueAtTime", 1.0, 0.5),
                      call("exponentialRampToValueAtTime", 0.01, 1.0), call("setTargetAtTime", 0.2, 1.2, 0.1),
                      curveCall([0, 0.5, 1], 2.0, 0.5), call("cancelScheduledValues", 2.2),
                      call("cancelAndHoldAtTime", 2.3)])]) { t in
            switch t {
            case ..<0.1: 1
            case ..<0.5: WebAudioFormula.linear(t, 0.5, 0.1, 1, 0.5)
            case ..<1.0: WebAudioFormula.exponential(t, 1, 0.5, 0.01, 1)
            case ..<1.2: 0.01
            // The curve under way at 2.2 is cancelled; the hold at 2.3
            // keeps the setTarget's value there.
            default: WebAudioFormula.target(min(t, 2.3), 0.01, 1.2, 0.2, 0.1)
            }
        }
}
