/// A TIME on the command line (`--fade-in`, `--duration`, `--start`, ramp
/// points): a non-negative number of seconds with an optional unit, or a
/// number of samples.
///
/// `2` and `2s` are two seconds, `500ms` half a second, `30m` thirty minutes
/// and `1h` an hour (docs/cli.md#time). A space may separate the number from
/// its unit. A clock time, `[[h:]m:]s.frac` as SoX and FFmpeg write it
/// (`1:30`, `1:02:03.5`), is the same time; its minutes and seconds after
/// the first field are below 60. `44100 samples` is a sample count, SoX's
/// `44100s` (whose `s` Swell reads as seconds), in frames of the stream it
/// applies to. Negative, non-finite and empty values are errors, because
/// every TIME names a point or a span on the stream's clock, which starts
/// at 0.
public struct TimeSpec: Hashable, Sendable {
    /// The duration in seconds, finite and ≥ 0; for a sample count, the
    /// count (see ``sampleCount``).
    private let amount: Double
    /// The number of samples (frames), when the TIME is a sample count.
    public let sampleCount: Int64?

    /// The units a TIME may carry and the seconds in each.
    static let units: [(suffix: String, seconds: Double)] = [("s", 1), ("ms", 0.001), ("m", 60), ("h", 3600)]
    /// The units of a sample count.
    static let sampleUnits = ["samples", "sample"]

    public init(seconds: Double) {
        amount = seconds
        sampleCount = nil
    }

    /// The duration in seconds, or nil for a sample count, which needs a
    /// sample rate (``seconds(atSampleRate:)``).
    public var seconds: Double? { sampleCount == nil ? amount : nil }

    /// The duration in seconds at `sampleRate` frames per second. Throws for
    /// a sample count when there is no rate (`curve`, `mixer`).
    public func seconds(atSampleRate sampleRate: Int?) throws(ValueSyntaxError) -> Double {
        guard let sampleCount else { return amount }
        guard let sampleRate else {
            throw ValueSyntaxError(subject: "time", value: "\(sampleCount) samples",
                                   reason: "a sample count needs the sample rate of a file; give seconds")
        }
        return Double(sampleCount) / Double(sampleRate)
    }

    public init(parsing text: String) throws(ValueSyntaxError) {
        func failure(_ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "time", value: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw failure("expected a duration such as 2, 2.5s, 500ms, 30m or 1h")
        }
        if trimmed.contains(":") {
            amount = try Self.clockTime(trimmed, failure: failure)
            sampleCount = nil
            return
        }
        guard let number = DecimalNumber(prefixOf: trimmed) else {
            throw failure("expected a number of seconds, optionally followed by s, ms, m or h, or of samples")
        }
        let unit = number.rest.trimmingWhitespace
        guard !number.isNegative else { throw failure("a duration cannot be negative") }
        if Self.sampleUnits.contains(String(unit)) {
            // Whole samples, below 2^53 so that the count is exact.
            guard number.value == number.value.rounded(), number.value < 0x1p53 else {
                throw failure("a sample count is a whole number below 2^53")
            }
            amount = number.value + 0
            sampleCount = Int64(number.value)
            return
        }
        guard let scale = unit.isEmpty ? 1 : Self.units.first(where: { $0.suffix == unit })?.seconds else {
            throw failure("unknown unit \(unit.quotedForMessage); use s, ms, m, h or samples")
        }
        let seconds = number.value * scale
        guard seconds.isFinite else { throw failure("the duration is too large") }
        amount = seconds + 0  // turns -0 into +0
        sampleCount = nil
    }

    /// `[[h:]m:]s.frac`: whole hours and minutes, and seconds that may have
    /// a fraction; every field after the first below 60.
    private static func clockTime(_ text: Substring, failure: (String) -> ValueSyntaxError) throws(ValueSyntaxError) -> Double {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 3 else { throw failure("a clock time is [[h:]m:]s, with at most two ':'") }
        var seconds = 0.0
        for (index, field) in fields.enumerated() {
            // Digits; the seconds may have a fraction.
            let allowed = index == fields.count - 1 ? "0123456789." : "0123456789"
            guard field.allSatisfy(allowed.contains), let value = DecimalNumber(exactly: field)?.value else {
                throw failure("expected [[h:]m:]s with whole hours and minutes, such as 1:30 or 1:02:03.5")
            }
            guard index == 0 || value < 60 else {
                throw failure("\(field.quotedForMessage) is not below 60 in a clock time")
            }
            seconds = seconds * 60 + value
        }
        guard seconds.isFinite else { throw failure("the duration is too large") }
        return seconds
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingWhitespace: SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
