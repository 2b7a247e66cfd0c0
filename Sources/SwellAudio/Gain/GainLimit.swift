import Foundation

/// The ear-safety ceiling on output gain (docs/audio.md#ear-safety).
///
/// Gain is clamped to 0 dB — no sample is made louder than it is in the
/// file — unless boost is explicitly allowed, and then to +24 dB. A gain
/// that is not a number (which the engine never produces, but a limit is the
/// last line of defence) becomes silence.
public struct GainLimit: Sendable, Equatable {
    /// The largest gain let through, as an amplitude.
    public let ceiling: Double

    /// 0 dB, or +24 dB when `allowsBoost`.
    public init(allowsBoost: Bool) {
        ceiling = allowsBoost ? pow(10, 24.0 / 20) : 1
    }

    /// `gain` clamped to `0…ceiling`; NaN becomes 0.
    @inline(__always)
    public func clamp(_ gain: Double) -> Double {
        gain > 0 ? min(gain, ceiling) : 0
    }
}
