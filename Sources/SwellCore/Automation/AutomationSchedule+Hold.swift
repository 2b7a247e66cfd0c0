extension AutomationSchedule {
    /// `cancelAndHoldAtTime(cancelTime)`: removes the events after
    /// `cancelTime` and holds the value the schedule had there — Web
    /// Audio's algorithm, step by step. With E1 the last event at or
    /// before the time and E2 the first after it:
    /// 3. a ramp E2 is cut short there, held at the value it reaches;
    /// 4. else a setTarget E1 is followed by a setValue of its value there,
    ///    and a value curve E1 under way is cut short there, sampled as it
    ///    was — one that starts exactly then is removed, as Web Audio's
    ///    conformance tests expect;
    /// 5. every event after the time is removed.
    public mutating func cancelAndHoldAtTime(_ cancelTime: Double, call: AutomationCall) throws(ScheduleError) {
        try make(.cancelAndHoldAtTime(cancelTime: cancelTime), at: call)
    }

    /// The cancellation at `time`, already checked and clamped.
    mutating func cancelAndHold(at time: Double) {
        var events = self.events
        let after = Self.upperBound(of: time, in: events)
        if after < events.endIndex, case .ramp(var ramp) = events[after] {
            ramp.heldAt = time
            events[after] = .ramp(ramp)
            events.removeSubrange((after + 1)...)
        } else {
            events.removeSubrange(after...)
            switch events.last {
            case .setTarget?:
                let held = AutomationCurve(events: events).value(at: time)!
                events.append(.setValue(value: held, time: time))
            case .valueCurve(let values, let start, let duration, let heldAt)?:
                if start == time {
                    events.removeLast()
                } else if time < heldAt ?? (start + duration) {
                    events[events.count - 1] = .valueCurve(values: values, time: start, duration: duration, heldAt: time)
                }
            default:
                break
            }
        }
        replaceEvents(events)
    }
}
