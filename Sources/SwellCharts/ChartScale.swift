import Foundation

/// A linear axis range with "nice" ticks, chosen the way plotting libraries
/// (D3's `scale.nice()`, Heckbert's "Nice Numbers for Graph Labels",
/// Graphics Gems, 1990) do it.
///
/// The rule:
/// 1. The range to cover is `min(0, data minimum) … max(0, data maximum)`:
///    zero is always on the axis, so levels read against silence. When that
///    range is empty (every value is 0, or there is no data) it becomes `0…1`.
/// 2. The step is the *smallest* number `m·10ⁿ`, `m ∈ {1, 2, 5}`, for which
///    `⌈max/step⌉ − ⌊min/step⌋ ≤ maximumIntervals`. A range with values on
///    both sides of zero always gets at least two intervals, since zero is a
///    tick between them.
/// 3. The axis runs from `⌊min/step⌋·step` to `⌈max/step⌉·step`, with a tick at
///    every multiple of `step` in between, both ends included.
///
/// For example `0…1.5` with at most 6 intervals gives the step 0.5 (0.2 would
/// need 8 intervals) and the ticks 0, 0.5, 1, 1.5.
///
/// Ticks are computed as the integer `i·m` times a power of ten, so a tick is
/// the `Double` nearest its decimal value (`0.3`, not `3 × 0.1 =
/// 0.30000000000000004`), and labels are written from those integers
/// (``tickLabels``) without floating-point formatting.
public struct ChartScale: Sendable, Equatable {
    /// The value at the start of the axis (the first tick).
    public let lowerBound: Double

    /// The value at the end of the axis (the last tick).
    public let upperBound: Double

    /// The distance between ticks, `m·10ⁿ`.
    public let step: Double

    /// The ticks from ``lowerBound`` to ``upperBound``.
    public let ticks: [Double]

    /// The ticks as text: plain decimals without trailing zeros (`0`, `0.5`,
    /// `1`, `1.5`), or, for steps of 10⁶ and above or 10⁻⁵ and below,
    /// ECMAScript-style exponent notation (`2.5e+6`, `5e-7`).
    public let tickLabels: [String]

    /// The largest magnitude a chart value may have. Beyond it the span
    /// `max − min` could overflow to infinity.
    public static let largestMagnitude = 1e300

    /// Spans narrower than this are treated as empty: their steps would be
    /// subnormal powers of ten that no longer divide exactly.
    static let smallestSpan = 1e-290

    /// The candidate mantissas, in increasing order.
    static let mantissas = [1, 2, 5]

    /// A scale covering zero and every value in `values`.
    ///
    /// - Parameters:
    ///   - values: The data. NaN, infinities and magnitudes beyond
    ///     ``largestMagnitude`` are left out; a ``Chart`` rejects them with a
    ///     ``ChartError`` before it gets here.
    ///   - maximumIntervals: The most steps the axis may have, clamped to
    ///     `1...10_000` (`2...10_000` when `values` has both signs).
    public init(covering values: some Sequence<Double>, maximumIntervals: Int) {
        var minimum = 0.0
        var maximum = 0.0
        for value in values where value.magnitude <= Self.largestMagnitude {
            minimum = Swift.min(minimum, value)
            maximum = Swift.max(maximum, value)
        }
        if !(maximum - minimum >= Self.smallestSpan) {
            // Only reachable when every value is (about) zero, since zero is
            // always in the range.
            minimum = 0
            maximum = 1
        }
        let intervals = Swift.min(Swift.max(minimum < 0 && maximum > 0 ? 2 : 1, maximumIntervals), 10_000)

        // Start one decade below the step that would fit exactly and walk up
        // through 1, 2, 5 × 10ⁿ: the first step that fits is the smallest.
        var exponent = Int(log10((maximum - minimum) / Double(intervals)).rounded(.down)) - 1
        while true {
            for mantissa in Self.mantissas {
                let step = Self.decimal(mantissa, exponent)
                let first = Self.index(of: minimum, step: step, rounding: .down)
                let last = Self.index(of: maximum, step: step, rounding: .up)
                if last - first <= intervals {
                    self.init(first: first, last: last, mantissa: mantissa, exponent: exponent)
                    return
                }
            }
            exponent += 1
        }
    }

    private init(first: Int, last: Int, mantissa: Int, exponent: Int) {
        let multiples = (first...last).map { $0 * mantissa }
        ticks = multiples.map { Self.decimal($0, exponent) }
        lowerBound = ticks[0]
        upperBound = ticks[ticks.count - 1]
        step = Self.decimal(mantissa, exponent)
        let scientific = exponent >= 6 || exponent <= -5
        tickLabels = multiples.map {
            scientific
                ? TickLabel.exponential(significand: $0, exponent: exponent)
                : TickLabel.decimal(significand: $0, exponent: exponent)
        }
    }

    /// `value / step` rounded to a whole number of steps, forgiving the last
    /// bits of rounding error so that a value that *is* a tick (1.5 for a step
    /// of 0.5, 0.3 for a step of 0.1) does not gain an extra interval.
    private static func index(of value: Double, step: Double, rounding: FloatingPointRoundingRule) -> Int {
        let quotient = value / step
        let nearest = quotient.rounded()
        if (quotient - nearest).magnitude <= 1e-9 * Swift.max(1, nearest.magnitude) {
            return Int(nearest)
        }
        return Int(quotient.rounded(rounding))
    }

    /// The `Double` nearest `significand · 10^exponent`.
    ///
    /// Dividing by an exact power of ten (10²² is the largest exact one) is
    /// correctly rounded, where multiplying by an inexact `10⁻ⁿ` is not.
    static func decimal(_ significand: Int, _ exponent: Int) -> Double {
        let power = Self.powerOfTen(exponent.magnitude)
        return exponent >= 0 ? Double(significand) * power : Double(significand) / power
    }

    private static func powerOfTen(_ exponent: UInt) -> Double {
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// Where `value` lies on the axis: 0 at ``lowerBound``, 1 at
    /// ``upperBound``.
    public func fraction(of value: Double) -> Double {
        (value - lowerBound) / (upperBound - lowerBound)
    }
}

