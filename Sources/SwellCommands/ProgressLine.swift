import Foundation
import SwellSession

/// The progress line `play`, `render` and `mixer` show on a terminal:
/// time, a bar, the current gain in dB, and (when playing) xruns. Written to
/// standard error, redrawn in place at most ten times a second, and once more
/// at the end, so the last state is what stays on screen; nothing when
/// standard error is not a terminal or with `--quiet`. It fits the
/// terminal's width: the bar shrinks first, then the line is cut. A stream,
/// whose length is not known, gets its time alone, without a bar.
package final class ProgressLine {
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var drawn = false
    /// The latest state not drawn yet, drawn by ``finish()``.
    private var pending: (() -> Void)?

    package init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    package func update(time: Double, duration: Double?, gainDecibels: @autoclosure @escaping () -> Double?, xruns: Int? = nil) {
        guard enabled else { return }
        let draw = { [unowned self] in self.draw(time: time, duration: duration, gainDecibels: gainDecibels(), xruns: xruns) }
        if Date().timeIntervalSince(lastDraw) >= 0.1 || duration.map({ time >= $0 }) == true {
            draw()
            pending = nil
        } else {
            pending = draw
        }
    }

    package func finish() {
        guard enabled else { return }
        pending?()
        pending = nil
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func draw(time: Double, duration: Double?, gainDecibels: Double?, xruns: Int?) {
        lastDraw = Date()
        let gain = gainDecibels.map { $0.isFinite ? String(format: "%6.1f dB", $0) : "  -inf dB" } ?? "        "
        let times = Self.clock(time) + (duration.map { " / " + Self.clock($0) } ?? "")
        let tail = " \(gain)" + (xruns.map { "  xruns \($0)" } ?? "")
        // The bar takes what the terminal's width leaves, up to 30 columns;
        // the last column stays free, so the cursor never wraps.
        let room = Self.terminalColumns() - 1 - times.count - tail.count - 3
        let width = min(30, room)
        var line = times + tail
        if let duration, width >= 5 {
            let fraction = duration > 0 ? min(max(time / duration, 0), 1) : 0
            let filled = Int((fraction * Double(width)).rounded())
            line = times + " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]" + tail
        }
        line = String(line.prefix(max(1, Self.terminalColumns() - 1)))
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
        drawn = true
    }

    /// The terminal's width: standard error's window size, else `COLUMNS`,
    /// else 80.
    private static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// `m:ss.s`, or `h:mm:ss.s` from an hour on, rounded to a tenth first so
    /// that 59.96 s reads `1:00.0`, not `0:60.0`.
    package static func clock(_ seconds: Double) -> String {
        ClockText.string(seconds)
    }
}
