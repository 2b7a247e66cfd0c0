import Foundation

/// A LEVEL on the command line (`--volume`, `--to`, ramp points), as a
/// linear amplitude.
///
/// Three spellings (docs/cli.md#level): a bare number is a linear amplitude
/// (`0.5`), a percentage is a fraction of full scale (`50%` = 0.5) and
/// decibels are relative to full scale, amplitude = 10^(dB/20) (`-6dB` ≈
/// 0.501, `0dB` = 1), the field-quantity convention SoX's `vol` effect and
/// FFmpeg's `volume` filter use. The unit is case-insensitive (`dB`, `db`)
/// and may follow a space. A negative amplitude or percentage is an error —
/// to attenuate, write decibels — and so is any value that is not finite.
/// Levels above 1 are accepted here; the gain stage clamps them unless
/// boost is allowed (docs/audio.md#ear-safety).
public struct LevelSpec: Hashable, Sendable {
    /// The linear amplitude, finite and ≥ 0.
    public var amplitude: Double

    public init(amplitude: Double) {
        self.amplitude = amplitude
    }

    public init(parsing text: String) throws(ValueSyntaxError) {
        func failure(_ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "level", value: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace
        guard let number = DecimalNumber(prefixOf: trimmed) else {
            throw failure("expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)")
        }
        let unit = number.rest.trimmingWhitespace
        let amplitude: Double
        switch unit.lowercased() {
        case "":
            guard !number.isNegative else {
                throw failure("a linear amplitude cannot be negative; write decibels to attenuate, e.g. -6dB")
            }
            amplitude = number.value
        case "%":
            guard !number.isNegative else { throw failure("a percentage cannot be negative") }
            amplitude = number.value / 100
        case "db":
            amplitude = pow(10, number.value / 20)
        default:
            throw failure("unknown unit \(unit.quotedForMessage); use %, dB or no unit")
        }
        guard amplitude.isFinite else { throw failure("the level is too large") }
        self.amplitude = amplitude + 0  // turns -0 into +0
    }
}
