import Foundation

/// A time as the progress line and messages write it: `m:ss.s`, with hours
/// when there are any (`1:02:03.5`), to the nearest tenth of a second.
public enum ClockText {
    public static func string(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds.isFinite ? seconds : 0) * 10).rounded())
        let (hours, minutes, second) = (tenths / 36_000, tenths / 600 % 60, Double(tenths % 600) / 10)
        return hours > 0 ? String(format: "%d:%02d:%04.1f", hours, minutes, second)
            : String(format: "%d:%04.1f", minutes, second)
    }
}
