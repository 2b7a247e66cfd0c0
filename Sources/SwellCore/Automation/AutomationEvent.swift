/// One automation event of a schedule: what one of Web Audio's
/// `AudioParam` calls put on the timeline (Web Audio API, "AudioParam":
/// the automation event list). Every value is a number fixed when the call
/// was made; times are in the layer's time space.
public enum AutomationEvent: Sendable, Equatable {
    /// `setValueAtTime(value, time)`.
    case setValue(value: Double, time: Double)
    /// `linearRampToValueAtTime(value, endTime)` or
    /// `exponentialRampToValueAtTime(value, endTime)`: a ``Ramp``.
    case ramp(Ramp)
    /// `setTargetAtTime(target, startTime, timeConstant)`.
    case setTarget(target: Double, time: Double, timeConstant: Double, call: AutomationCall)
    /// `setValueCurveAtTime(values, startTime, duration)`, held from
    /// `heldAt` on when `cancelAndHoldAtTime` cut it short.
    case valueCurve(values: [Double], time: Double, duration: Double, heldAt: Double?)

    /// A linear or exponential ramp to `value` at `endTime`, held from
    /// `heldAt` on when `cancelAndHoldAtTime` cut it short.
    public struct Ramp: Sendable, Equatable {
        public enum Shape: Sendable, Equatable {
            case linear, exponential
        }

        public var shape: Shape
        public var value: Double
        public var endTime: Double
        /// When and from what value the ramp was called: where it starts
        /// when no event precedes it, and how it follows a `setTarget`.
        public var call: AutomationCall
        public var heldAt: Double?
    }

    /// The event's time on the timeline, which orders the events: a ramp's
    /// end (or where it is held), the start of the others.
    public var time: Double {
        switch self {
        case .setValue(_, let time), .setTarget(_, let time, _, _), .valueCurve(_, let time, _, _): time
        case .ramp(let ramp): ramp.heldAt ?? ramp.endTime
        }
    }

    /// The interval a value curve covers, `[time, time + duration)` — cut
    /// short where it is held; nil for other events.
    var curveInterval: Range<Double>? {
        guard case .valueCurve(_, let time, let duration, let heldAt) = self else { return nil }
        return time..<(heldAt ?? (time + duration))
    }

    /// Whether a time lies inside a curve that ends at `end`, for the
    /// overlap rules: a time within two units in the last place of the end
    /// counts as the end, where `start + duration`, rounded in binary, can
    /// pass the time the user wrote for it (0.0125 + 0.0025 is
    /// 0.015000000000000001, and an event at 0.015 follows that curve).
    static func isBeforeCurveEnd(_ time: Double, _ end: Double) -> Bool {
        time < end - 2 * end.ulp
    }
}

/// When a call was made and the value it found: Web Audio's `currentTime`
/// at the call, in the layer's time, and the property's value then (its
/// model value, Web Audio's `value`).
public struct AutomationCall: Sendable, Equatable {
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}
