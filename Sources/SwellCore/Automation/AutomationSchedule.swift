/// Web Audio's automation of one property: the event list an `AudioParam`
/// keeps (Web Audio API, "AudioParam"), built by its seven calls and
/// evaluated in closed form by ``AutomationCurve``.
///
/// Each call is made at a time and finds a value (``AutomationCall``):
/// Web Audio's `currentTime`, here in the layer's time space, and the
/// property's model value, Web Audio's `value`. A time before the call's
/// is moved to it, as Web Audio clamps times to `currentTime`. A call the
/// specification refuses throws ``ScheduleError`` and changes nothing.
/// docs/automation.md sets the calls beside Web Audio's.
public struct AutomationSchedule: Sendable, Equatable {
    /// Ascending in time; events at the same time in the order they were
    /// added.
    public private(set) var events: [AutomationEvent] = []

    public init() {}

    /// `setValueAtTime(value, startTime)`: `value` from `startTime` on.
    public mutating func setValueAtTime(_ value: Double, _ startTime: Double, call: AutomationCall) throws(ScheduleError) {
        try make(.setValueAtTime(value: value, startTime: startTime), at: call)
    }

    /// `linearRampToValueAtTime(value, endTime)`: a straight line from the
    /// previous event to `value` at `endTime`.
    public mutating func linearRampToValueAtTime(_ value: Double, _ endTime: Double, call: AutomationCall) throws(ScheduleError) {
        try make(.linearRampToValueAtTime(value: value, endTime: endTime), at: call)
    }

    /// `exponentialRampToValueAtTime(value, endTime)`: a geometric curve
    /// from the previous event to `value` at `endTime`; `value` must not
    /// be 0.
    public mutating func exponentialRampToValueAtTime(_ value: Double, _ endTime: Double,
                                                      call: AutomationCall) throws(ScheduleError) {
        try make(.exponentialRampToValueAtTime(value: value, endTime: endTime), at: call)
    }

    /// `setTargetAtTime(target, startTime, timeConstant)`: from
    /// `startTime`, an exponential approach to `target`, `1 − 1/e` of the
    /// way there after each `timeConstant`; 0 jumps there at once.
    public mutating func setTargetAtTime(_ target: Double, _ startTime: Double, _ timeConstant: Double,
                                         call: AutomationCall) throws(ScheduleError) {
        try make(.setTargetAtTime(target: target, startTime: startTime, timeConstant: timeConstant), at: call)
    }

    /// `setValueCurveAtTime(values, startTime, duration)`: `values` spread
    /// evenly over `duration` from `startTime`, interpolated linearly, the
    /// last held after.
    public mutating func setValueCurveAtTime(_ values: [Double], _ startTime: Double, _ duration: Double,
                                             call: AutomationCall) throws(ScheduleError) {
        try make(.setValueCurveAtTime(values: values, startTime: startTime, duration: duration), at: call)
    }

    /// `cancelScheduledValues(cancelTime)`: removes the events at or after
    /// `cancelTime` — a ramp by its end — and a value curve under way then.
    public mutating func cancelScheduledValues(_ cancelTime: Double, call: AutomationCall) throws(ScheduleError) {
        try make(.cancelScheduledValues(cancelTime: cancelTime), at: call)
    }

    /// Makes `call` at `now`: its arguments checked
    /// (``ScheduleCall/effect(at:)``), then its event inserted — a value
    /// curve refused over later events — or the schedule cancelled.
    public mutating func make(_ call: ScheduleCall, at now: AutomationCall) throws(ScheduleError) {
        switch try call.effect(at: now) {
        case .insert(let event):
            if case .valueCurve(_, let time, let duration, _) = event {
                let end = time + duration
                let next = Self.upperBound(of: time, in: events)
                if next < events.endIndex, AutomationEvent.isBeforeCurveEnd(events[next].time, end) {
                    throw ScheduleError(.overlapsCurve, "a value curve from \(time) s to \(end) s would cover the event at "
                                          + "\(events[next].time) s")
                }
            }
            try insert(event)
        case .cancel(let time):
            events.removeAll { event in
                if let interval = event.curveInterval, interval.lowerBound <= time && time <= interval.upperBound { return true }
                return event.time >= time
            }
        case .cancelAndHold(let time):
            cancelAndHold(at: time)
        }
    }

    /// Puts `event` after every event at or before its time, refusing an
    /// event inside a value curve.
    ///
    /// No event lies inside a curve, so the one curve that could hold the
    /// time is the last event at or before it: found by binary search, as
    /// the place is, so that building a schedule of n events costs
    /// O(n log n).
    private mutating func insert(_ event: AutomationEvent) throws(ScheduleError) {
        let time = event.time
        let index = Self.upperBound(of: time, in: events)
        if index > 0, let curve = events[index - 1].curveInterval, curve.lowerBound <= time,
           AutomationEvent.isBeforeCurveEnd(time, curve.upperBound) {
            throw ScheduleError(.overlapsCurve, "an event at \(time) s falls inside the value curve from "
                                  + "\(curve.lowerBound) s to \(curve.upperBound) s")
        }
        events.insert(event, at: index)
    }

    /// The index of the first event later than `time`.
    static func upperBound(of time: Double, in events: [AutomationEvent]) -> Int {
        // Calls mostly come in time order: then the place is the end.
        if let last = events.last, last.time <= time { return events.count }
        var (low, high) = (0, events.count)
        while low < high {
            let middle = (low + high) / 2
            if events[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Checks

    static func finite(_ number: Double, _ parameter: ScheduleCall.Parameter) throws(ScheduleError) {
        guard number.isFinite else {
            throw ScheduleError(.notFinite, "\(parameter.rawValue) \(number) is not a finite number", argument: parameter)
        }
    }

    /// A time argument, checked and clamped to the call's time.
    static func time(_ time: Double, _ parameter: ScheduleCall.Parameter, _ call: AutomationCall) throws(ScheduleError) -> Double {
        try finite(time, parameter)
        guard time >= 0 else { throw ScheduleError(.outOfRange, "\(parameter.rawValue) \(time) is negative", argument: parameter) }
        return max(time, call.time)
    }

    /// Replaces the events, for ``cancelAndHoldAtTime(_:call:)``.
    mutating func replaceEvents(_ events: [AutomationEvent]) {
        self.events = events
    }
}
