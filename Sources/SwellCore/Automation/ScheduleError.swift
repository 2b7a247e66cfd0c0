/// A call a schedule refuses, as Web Audio throws: the schedule is left as
/// it was. The kind is the exception Web Audio names.
public struct ScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Web Audio's `TypeError`: a number that is not finite.
        case notFinite
        /// `RangeError`: a negative time or time constant, a duration that
        /// is not positive, an exponential ramp to 0.
        case outOfRange
        /// `NotSupportedError`: an event inside a value curve, or a value
        /// curve over other events.
        case overlapsCurve
        /// `InvalidStateError`: a value curve of fewer than 2 values.
        case tooFewValues
        /// Not Web Audio's: an exponential ramp from 0 or across a change
        /// of sign, which Web Audio holds at its start value and a script
        /// or control request is refused
        /// (``AutomationSchedule/make(_:at:)-([ScheduleCall],_)``).
        case holdsExponentialRamp
    }

    public let kind: Kind
    public let description: String
    /// The argument at fault; nil when the call as a whole is.
    public let argument: ScheduleCall.Parameter?

    init(_ kind: Kind, _ description: String, argument: ScheduleCall.Parameter? = nil) {
        self.kind = kind
        self.description = description
        self.argument = argument
    }
}
