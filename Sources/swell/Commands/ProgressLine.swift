import Foundation

/// The progress line `play`, `render` and `mixer` show on a terminal:
/// time, a bar, the current gain in dB, and (when playing) xruns. Written to
/// standard error, redrawn in place at most ten times a second; nothing when
/// standard error is not a terminal or with `--quiet`.
final class ProgressLine {
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    func update(time: Double, duration: Double, gainDecibels: @autoclosure () -> Double?, xruns: Int? = nil) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = Date()
        let width = 30
        let fraction = duration > 0 ? min(max(time / duration, 0), 1) : 0
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let gain = gainDecibels().map { $0.isFinite ? String(format: "%6.1f dB", $0) : "  -inf dB" } ?? "        "
        let xrunText = xruns.map { "  xruns \($0)" } ?? ""
        let line = "\(Self.clock(time)) / \(Self.clock(duration)) [\(bar)] \(gain)\(xrunText)"
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
        drawn = true
    }

    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private static func clock(_ seconds: Double) -> String {
        let s = max(0, seconds.isFinite ? seconds : 0)
        return String(format: "%d:%04.1f", Int(s) / 60, s.truncatingRemainder(dividingBy: 60))
    }
}
