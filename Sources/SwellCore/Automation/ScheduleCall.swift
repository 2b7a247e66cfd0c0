/// One of Web Audio's seven `AudioParam` calls with its arguments, as a
/// value: what a script's `"automate"` event and a control request list,
/// written as the JavaScript call — `["setValueAtTime", 0.5, 0.1]` — name
/// first, arguments in Web Audio's order (docs/automation.md#scripts).
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
    /// Refuses what Web Audio refuses whatever the schedule — a number
    /// not finite, a negative time or time constant, a curve of fewer than
    /// 2 values or no duration, an exponential ramp to 0 — by making the
    /// call on an empty schedule: what a control request can be checked
    /// for before it reaches the session.
    public func check() throws(ScheduleError) {
        var empty = AutomationSchedule()
        try empty.make(self, at: AutomationCall(time: 0, value: 1))
    }
}

extension AutomationSchedule {
    /// Makes `call` at `now`.
    public mutating func make(_ call: ScheduleCall, at now: AutomationCall) throws(ScheduleError) {
        switch call {
        case .setValueAtTime(let value, let startTime):
            try setValueAtTime(value, startTime, call: now)
        case .linearRampToValueAtTime(let value, let endTime):
            try linearRampToValueAtTime(value, endTime, call: now)
        case .exponentialRampToValueAtTime(let value, let endTime):
            try exponentialRampToValueAtTime(value, endTime, call: now)
        case .setTargetAtTime(let target, let startTime, let timeConstant):
            try setTargetAtTime(target, startTime, timeConstant, call: now)
        case .setValueCurveAtTime(let values, let startTime, let duration):
            try setValueCurveAtTime(values, startTime, duration, call: now)
        case .cancelScheduledValues(let cancelTime):
            try cancelScheduledValues(cancelTime, call: now)
        case .cancelAndHoldAtTime(let cancelTime):
            try cancelAndHoldAtTime(cancelTime, call: now)
        }
    }

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
