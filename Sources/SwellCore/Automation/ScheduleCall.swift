/// One of Web Audio's seven `AudioParam` calls with its arguments, as a
/// value: what a script's `"automate"` event and a control request list,
/// written as the JavaScript call — `["setValueAtTime", 0.5, 0.1]` — name
/// first, arguments in Web Audio's order (docs/automation.md#in-scripts).
public enum ScheduleCall: Sendable, Hashable {
    case setValueAtTime(value: Double, startTime: Double)
    case linearRampToValueAtTime(value: Double, endTime: Double)
    case exponentialRampToValueAtTime(value: Double, endTime: Double)
    case setTargetAtTime(target: Double, startTime: Double, timeConstant: Double)
    case setValueCurveAtTime(values: [Double], startTime: Double, duration: Double)
    case cancelScheduledValues(cancelTime: Double)
    case cancelAndHoldAtTime(cancelTime: Double)

    /// A call's name, as Web Audio spells it, and the arguments it takes.
    public enum Name: String, Sendable, CaseIterable {
        case setValueAtTime, linearRampToValueAtTime, exponentialRampToValueAtTime, setTargetAtTime,
             setValueCurveAtTime, cancelScheduledValues, cancelAndHoldAtTime

        /// The arguments, in Web Audio's order.
        public var parameters: [Parameter] {
            switch self {
            case .setValueAtTime: [.value, .startTime]
            case .linearRampToValueAtTime, .exponentialRampToValueAtTime: [.value, .endTime]
            case .setTargetAtTime: [.target, .startTime, .timeConstant]
            case .setValueCurveAtTime: [.values, .startTime, .duration]
            case .cancelScheduledValues, .cancelAndHoldAtTime: [.cancelTime]
            }
        }
    }

    /// An argument, by its name in Web Audio's IDL.
    public enum Parameter: String, Sendable {
        case value, target, values, startTime, endTime, timeConstant, duration, cancelTime

        /// Whether it is a value of the property — `values` an array of
        /// them — rather than a time.
        public var isValue: Bool { self == .value || self == .target || self == .values }
    }

    /// The call of `name` with `numbers` for its number arguments, in
    /// order, and `values` for a value curve's.
    public init(_ name: Name, numbers: [Double], values: [Double] = []) {
        switch name {
        case .setValueAtTime: self = .setValueAtTime(value: numbers[0], startTime: numbers[1])
        case .linearRampToValueAtTime: self = .linearRampToValueAtTime(value: numbers[0], endTime: numbers[1])
        case .exponentialRampToValueAtTime: self = .exponentialRampToValueAtTime(value: numbers[0], endTime: numbers[1])
        case .setTargetAtTime:
            self = .setTargetAtTime(target: numbers[0], startTime: numbers[1], timeConstant: numbers[2])
        case .setValueCurveAtTime: self = .setValueCurveAtTime(values: values, startTime: numbers[0], duration: numbers[1])
        case .cancelScheduledValues: self = .cancelScheduledValues(cancelTime: numbers[0])
        case .cancelAndHoldAtTime: self = .cancelAndHoldAtTime(cancelTime: numbers[0])
        }
    }

    public var name: Name {
        switch self {
        case .setValueAtTime: .setValueAtTime
        case .linearRampToValueAtTime: .linearRampToValueAtTime
        case .exponentialRampToValueAtTime: .exponentialRampToValueAtTime
        case .setTargetAtTime: .setTargetAtTime
        case .setValueCurveAtTime: .setValueCurveAtTime
        case .cancelScheduledValues: .cancelScheduledValues
        case .cancelAndHoldAtTime: .cancelAndHoldAtTime
        }
    }
}

extension ScheduleCall {
    /// What a call does to a schedule.
    enum Effect {
        /// Puts an event on the timeline.
        case insert(AutomationEvent)
        /// `cancelScheduledValues` at a time.
        case cancel(Double)
        /// `cancelAndHoldAtTime` at a time.
        case cancelAndHold(Double)
    }

    /// What the call does made at `now`, with its arguments checked as Web
    /// Audio checks them — finite numbers, times and a time constant not
    /// negative, a curve of 2 values or more over a positive duration, an
    /// exponential ramp not to 0 — and its times clamped to `now`.
    func effect(at now: AutomationCall) throws(ScheduleError) -> Effect {
        typealias Schedule = AutomationSchedule
        switch self {
        case .setValueAtTime(let value, let startTime):
            try Schedule.finite(value, .value)
            return .insert(.setValue(value: value, time: try Schedule.time(startTime, .startTime, now)))
        case .linearRampToValueAtTime(let value, let endTime):
            try Schedule.finite(value, .value)
            let time = try Schedule.time(endTime, .endTime, now)
            return .insert(.ramp(.init(shape: .linear, value: value, endTime: time, call: now)))
        case .exponentialRampToValueAtTime(let value, let endTime):
            try Schedule.finite(value, .value)
            let time = try Schedule.time(endTime, .endTime, now)
            guard value != 0 else { throw ScheduleError(.outOfRange, "an exponential ramp cannot reach 0", argument: .value) }
            return .insert(.ramp(.init(shape: .exponential, value: value, endTime: time, call: now)))
        case .setTargetAtTime(let target, let startTime, let timeConstant):
            try Schedule.finite(target, .target)
            try Schedule.finite(timeConstant, .timeConstant)
            let time = try Schedule.time(startTime, .startTime, now)
            guard timeConstant >= 0 else {
                throw ScheduleError(.outOfRange, "timeConstant \(timeConstant) is negative", argument: .timeConstant)
            }
            return .insert(.setTarget(target: target, time: time, timeConstant: timeConstant, call: now))
        case .setValueCurveAtTime(let values, let startTime, let duration):
            for value in values { try Schedule.finite(value, .values) }
            try Schedule.finite(duration, .duration)
            let time = try Schedule.time(startTime, .startTime, now)
            guard values.count >= 2 else {
                throw ScheduleError(.tooFewValues, "a value curve needs at least 2 values, not \(values.count)",
                                    argument: .values)
            }
            guard duration > 0 else {
                throw ScheduleError(.outOfRange, "duration \(duration) is not positive", argument: .duration)
            }
            return .insert(.valueCurve(values: values, time: time, duration: duration, heldAt: nil))
        case .cancelScheduledValues(let cancelTime):
            return .cancel(try Schedule.time(cancelTime, .cancelTime, now))
        case .cancelAndHoldAtTime(let cancelTime):
            return .cancelAndHold(try Schedule.time(cancelTime, .cancelTime, now))
        }
    }

    /// Refuses what Web Audio refuses whatever the schedule (see
    /// ``effect(at:)``): what a control request can be checked for before
    /// it reaches the session.
    public func check() throws(ScheduleError) {
        _ = try effect(at: AutomationCall(time: 0, value: 1))
    }
}

extension AutomationSchedule {
    /// Makes `calls` in order at `now`, all or none, as a script's event
    /// and a control request do. Stricter than Web Audio, which holds an
    /// exponential ramp's start value where it cannot move from it: a
    /// ramp that would start from 0 or cross a change of sign is refused,
    /// since written in a script it is always a mistake.
    ///
    /// Throws the first refusal with the index of the call it is about
    /// (``ScheduleCallError``); the schedule is then as it was.
    public mutating func make(_ calls: [ScheduleCall], at now: AutomationCall) throws(ScheduleCallError) {
        var schedule = self
        for (index, call) in calls.enumerated() {
            do throws(ScheduleError) {
                try schedule.make(call, at: now)
            } catch {
                throw ScheduleCallError(index: index, error: error)
            }
        }
        let held = AutomationCurve(schedule).heldExponentialRamps
        if !held.isEmpty, let held = held.first(where: { !AutomationCurve(self).heldExponentialRamps.contains($0) }) {
            // The call that made it, when one of these did; else the
            // later call that put an event before it.
            let index = calls.lastIndex {
                if case .exponentialRampToValueAtTime(held.value, let endTime) = $0 { max(endTime, now.time) == held.endTime }
                else { false }
            }
            let from = held.startValue == 0 ? "from 0" : "from \(held.startValue), across a change of sign,"
            throw ScheduleCallError(index: index, error: ScheduleError(
                .holdsExponentialRamp,
                "an exponential ramp cannot go \(from) to \(held.value) (at \(held.endTime) s): it would hold "
                    + "\(held.startValue) until then; use a linear ramp, or start from a value of the same sign"))
        }
        self = schedule
    }
}

/// A refused call of a list (``AutomationSchedule/make(_:at:)-([ScheduleCall],_)``):
/// the index of the call, nil when no one call is to blame, and why.
public struct ScheduleCallError: Error, Sendable, Equatable {
    public let index: Int?
    public let error: ScheduleError
}
