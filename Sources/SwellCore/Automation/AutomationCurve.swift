import Foundation

/// A schedule's events compiled into the segments of its value over time,
/// each in closed form (Web Audio API, "Computation of Value"): evaluated
/// in `Double` from the formula at every time asked — no recurrence, so
/// nothing drifts — by binary search for the segment, O(log n) in the
/// events. Immutable and `Sendable`: built on the owning thread, read on
/// the audio thread without locks or allocation.
public struct AutomationCurve: Sendable {
    /// The value from `start` until the next segment's start.
    struct Segment: Sendable {
        let start: Double
        let shape: Shape
    }

    enum Shape: Sendable {
        case constant(Double)
        /// `v0 + (v1 − v0)(t − t0)/(t1 − t0)`.
        case linear(t0: Double, v0: Double, t1: Double, v1: Double)
        /// `v0 (v1/v0)^((t − t0)/(t1 − t0))`, computed as `v0 e^(rate (t −
        /// t0))` with `rate = ln(v1/v0)/(t1 − t0)` found once
        /// (``exponential(t0:v0:t1:v1:)``); `v0` while `v0` is 0 or the two
        /// differ in sign.
        case exponential(t0: Double, v0: Double, t1: Double, v1: Double, rate: Double)
        /// `target + (v0 − target) e^(−(t − t0)/τ)`; `target` when τ is 0.
        case target(t0: Double, v0: Double, target: Double, timeConstant: Double)
        /// `values` spread over `[t0, t0 + duration)`, interpolated linearly.
        case curve(t0: Double, duration: Double, values: [Double])
    }

    let segments: [Segment]

    /// An exponential ramp that cannot leave its start value — 0, or of
    /// the other sign than its end — and so holds it until its end.
    public struct HeldRamp: Sendable, Equatable {
        public let startValue: Double
        public let value: Double
        public let endTime: Double
    }

    /// The schedule's exponential ramps that hold, in order.
    public let heldExponentialRamps: [HeldRamp]

    /// The segments of `schedule`'s events, in order.
    public init(_ schedule: AutomationSchedule) {
        self.init(events: schedule.events)
    }

    init(events: [AutomationEvent]) {
        var segments: [Segment] = []
        // A ramp or curve adds its end's segment too.
        segments.reserveCapacity(2 * events.count)
        var held: [HeldRamp] = []
        // Where the previous event leaves the value, for a ramp's start;
        // the previous event itself when it is a setTarget, which a ramp
        // follows from the time it was called.
        var previous: (time: Double, value: Double)?
        var previousTarget: (t0: Double, v0: Double, target: Double, timeConstant: Double)?
        func valueSoFar(at time: Double, else fallback: Double) -> Double {
            Self.value(at: time, in: segments) ?? fallback
        }
        // An event may follow a curve whose end, rounded in binary, is a
        // unit in the last place after it
        // (``AutomationEvent/isBeforeCurveEnd(_:_:)``): it starts where it
        // was written, and the curve's end value, which would come after
        // it, is dropped, so that starts never go back.
        func append(_ start: Double, _ shape: Shape) {
            while let last = segments.last, last.start > start { segments.removeLast() }
            segments.append(Segment(start: start, shape: shape))
        }
        for event in events {
            switch event {
            case .setValue(let value, let time):
                append(time, .constant(value))
                (previous, previousTarget) = ((time, value), nil)
            case .setTarget(let target, let time, let timeConstant, let call):
                let v0 = valueSoFar(at: time, else: call.value)
                append(time, .target(t0: time, v0: v0, target: target, timeConstant: timeConstant))
                (previous, previousTarget) = (nil, (time, v0, target, timeConstant))
            case .ramp(let ramp):
                let start: (time: Double, value: Double)
                if let setTarget = previousTarget {
                    // Web Audio: from the setTarget's value when the ramp
                    // was called, or in its place when it had not started.
                    if ramp.call.time > setTarget.t0 {
                        let shape = Shape.target(t0: setTarget.t0, v0: setTarget.v0, target: setTarget.target,
                                                 timeConstant: setTarget.timeConstant)
                        start = (ramp.call.time, shape.value(at: ramp.call.time))
                    } else {
                        start = (setTarget.t0, setTarget.v0)
                    }
                } else {
                    // With no event before it, as if the call had set the
                    // value it found, then.
                    start = previous ?? (ramp.call.time, ramp.call.value)
                }
                let shape: Shape
                switch ramp.shape {
                case .linear:
                    shape = .linear(t0: start.time, v0: start.value, t1: ramp.endTime, v1: ramp.value)
                case .exponential:
                    shape = .exponential(t0: start.time, v0: start.value, t1: ramp.endTime, v1: ramp.value)
                    if shape.holdsStart {
                        held.append(HeldRamp(startValue: start.value, value: ramp.value, endTime: ramp.endTime))
                    }
                }
                append(start.time, shape)
                let end = ramp.heldAt ?? ramp.endTime
                let endValue = ramp.heldAt.map(shape.value(at:)) ?? ramp.value
                append(end, .constant(endValue))
                (previous, previousTarget) = ((end, endValue), nil)
            case .valueCurve(let values, let time, let duration, let heldAt):
                let shape = Shape.curve(t0: time, duration: duration, values: values)
                append(time, shape)
                // The implicit setValueAtTime at the curve's end.
                let end = heldAt ?? (time + duration)
                let endValue = heldAt.map(shape.value(at:)) ?? values[values.count - 1]
                append(end, .constant(endValue))
                (previous, previousTarget) = ((end, endValue), nil)
            }
        }
        self.segments = segments
        self.heldExponentialRamps = held
    }

    /// The value at `time`; nil before the first event, where the property
    /// keeps the value it has without the schedule.
    public func value(at time: Double) -> Double? {
        Self.value(at: time, in: segments)
    }

    /// The time of the first event; nil for an empty schedule.
    public var startTime: Double? { segments.first?.start }

    /// The layer-time interval outside which the value does not change:
    /// from the first event to the start of the last segment when that is
    /// constant; to infinity when it approaches a target.
    public var changingInterval: Range<Double>? {
        guard let first = segments.first, let last = segments.last else { return nil }
        if case .constant = last.shape { return first.start..<max(last.start, first.start) }
        return first.start..<Double.infinity
    }

    /// The values at `count` times, into `values` from the first event
    /// on; a value before it is left as it is. The same value as
    /// ``value(at:)`` at each time, found by a cursor: one search for each
    /// run of times in one segment, and none to step to the next segment,
    /// so that a block costs amortised O(1) a frame while time moves on.
    public func values(at times: UnsafePointer<Double>, count: Int, into values: UnsafeMutablePointer<Double>) {
        segments.withUnsafeBufferPointer { segments in
            var index = -1, n = 0
            while n < count {
                let time = times[n]
                if index >= 0, Self.contains(time, segments, index) {
                    // Still in the segment.
                } else if index + 1 < segments.count, Self.contains(time, segments, index + 1) {
                    index += 1
                } else {
                    index = Self.segmentIndex(at: time, in: segments)
                    if index < 0 {
                        n += 1
                        continue
                    }
                }
                let shape = segments[index].shape
                repeat {
                    values[n] = shape.value(at: times[n])
                    n += 1
                } while n < count && Self.contains(times[n], segments, index)
            }
        }
    }

    @inline(__always)
    private static func contains(_ time: Double, _ segments: UnsafeBufferPointer<Segment>, _ index: Int) -> Bool {
        segments[index].start <= time && (index + 1 == segments.count || time < segments[index + 1].start)
    }

    /// The index of the segment in effect at `time` — the last to start at
    /// or before it — or -1 before the first.
    @inline(__always)
    private static func segmentIndex(at time: Double, in segments: UnsafeBufferPointer<Segment>) -> Int {
        var (low, high) = (0, segments.count)
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// The segment in effect at `time`, evaluated there.
    @inline(__always)
    static func value(at time: Double, in segments: [Segment]) -> Double? {
        segments.withUnsafeBufferPointer { segments in
            let index = segmentIndex(at: time, in: segments)
            return index < 0 ? nil : segments[index].shape.value(at: time)
        }
    }
}

extension AutomationCurve.Shape {
    /// An exponential ramp from `v0` at `t0` to `v1` at `t1`, its rate
    /// found once: the audio thread evaluates one `exp` a frame, not a
    /// `pow`.
    static func exponential(t0: Double, v0: Double, t1: Double, v1: Double) -> Self {
        .exponential(t0: t0, v0: v0, t1: t1, v1: v1, rate: log(v1 / v0) / (t1 - t0))
    }

    /// Whether an exponential ramp holds its start value until its end:
    /// from 0, or across a change of sign (Web Audio API,
    /// "exponentialRampToValueAtTime").
    var holdsStart: Bool {
        guard case .exponential(_, let v0, _, let v1, _) = self else { return false }
        return v0 == 0 || (v0 < 0) != (v1 < 0)
    }

    /// The value at `t`, which lies in the segment.
    @inline(__always)
    func value(at t: Double) -> Double {
        switch self {
        case .constant(let value):
            return value
        case .linear(let t0, let v0, let t1, let v1):
            return t >= t1 ? v1 : v0 + (v1 - v0) * (t - t0) / (t1 - t0)
        case .exponential(let t0, let v0, let t1, let v1, let rate):
            if t >= t1 { return v1 }
            if holdsStart { return v0 }
            return v0 * exp(rate * (t - t0))
        case .target(let t0, let v0, let target, let timeConstant):
            if timeConstant == 0 { return target }
            return target + (v0 - target) * exp(-(t - t0) / timeConstant)
        case .curve(let t0, let duration, let values):
            let last = values.count - 1
            if t >= t0 + duration { return values[last] }
            let x = (t - t0) * Double(last) / duration
            let k = min(Int(x), last)
            return values[k] + (values[min(k + 1, last)] - values[k]) * (x - Double(k))
        }
    }
}
