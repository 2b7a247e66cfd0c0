import Foundation

/// A status line redrawn in place at the bottom of a terminal, with
/// messages printed on lines of their own above it.
///
/// The line is redrawn with a carriage return and "erase to end of line"
/// (ECMA-48 EL, `ESC [ K`), at most ten times a second. When standard
/// output is not a terminal there is no status line, and messages are plain
/// lines, so that the output can be piped or logged.
public final class StatusLine {
    private let isTerminal = isatty(STDOUT_FILENO) == 1
    private var shown = ""
    private var lastDraw = ContinuousClock.now - .seconds(1)

    public init() {}

    /// Shows `text` as the status. Call it as often as the state changes:
    /// a text that changed within a tenth of a second of the last redraw
    /// is drawn by a later call.
    public func update(_ text: String) {
        guard isTerminal, text != shown, ContinuousClock.now - lastDraw >= .milliseconds(100) else { return }
        shown = text
        lastDraw = .now
        write("\r\(text)\u{1B}[K")
    }

    /// Prints `message` on a line of its own, above the status line.
    public func print(_ message: String) {
        write(isTerminal ? "\r\(message)\u{1B}[K\n\(shown)" : "\(message)\n")
    }

    /// Ends the status line, leaving it on screen.
    public func finish() {
        guard isTerminal, !shown.isEmpty else { return }
        write("\n")
        shown = ""
    }

    /// A time as status lines show it: "12:34.5" (minutes, seconds).
    public static func clock(_ seconds: Double) -> String {
        let s = seconds.isFinite ? max(0, seconds) : 0
        return String(format: "%d:%04.1f", Int(s) / 60, s.truncatingRemainder(dividingBy: 60))
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
