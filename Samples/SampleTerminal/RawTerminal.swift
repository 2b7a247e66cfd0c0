import Glibc
import Synchronization

/// Standard input's terminal switched to raw input for single-key
/// commands, and switched back.
///
/// In canonical mode a terminal hands input over a line at a time, echoed;
/// a program driven by keys wants each key as it is pressed, unechoed. This
/// is `cfmakeraw(3)` (no `ICANON`, `ECHO`, `ISIG`, `IEXTEN`, `IXON`,
/// `ICRNL`…) with one difference: output processing (`OPOST`) stays on, so
/// that `"\n"` still starts a new line (`ONLCR`) while the status line and
/// messages are printed. Without `ISIG`, Ctrl-C arrives as the byte 0x03
/// instead of raising SIGINT — the programs treat it as their quit key.
///
/// The saved settings are put back by ``restore()``, by `deinit`, and by
/// ``restoreForExit()``, which a signal handler may call: `tcsetattr` is
/// async-signal-safe (POSIX.1-2017, 2.4.3) and the saved settings are
/// published to it through an atomic, never a lock.
public final class RawTerminal {
    private let saved: UnsafeMutablePointer<termios>
    private var isRaw = true

    /// The saved settings of the terminal in raw mode, for
    /// ``restoreForExit()``: the address of `saved`, 0 when none.
    private static let savedForSignals = Atomic<Int>(0)

    /// Switches standard input to raw input; nil when it is not a terminal
    /// (a pipe or a file gives its bytes as they come anyway).
    public init?() throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        saved = .allocate(capacity: 1)
        guard tcgetattr(STDIN_FILENO, saved) == 0 else {
            let code = errno
            saved.deallocate()
            throw TerminalError(operation: "reading the terminal's settings", code: code)
        }
        var raw = saved.pointee
        cfmakeraw(&raw)
        raw.c_oflag = saved.pointee.c_oflag
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            let code = errno
            saved.deallocate()
            throw TerminalError(operation: "switching the terminal to raw input", code: code)
        }
        Self.savedForSignals.store(Int(bitPattern: saved), ordering: .releasing)
    }

    deinit {
        restore()
        saved.deallocate()
    }

    /// Puts the terminal's original settings back (once).
    public func restore() {
        guard isRaw else { return }
        isRaw = false
        Self.savedForSignals.store(0, ordering: .releasing)
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
    }

    /// Puts back the settings of the terminal in raw mode, if any, from a
    /// signal handler about to end the process.
    public static func restoreForExit() {
        guard let saved = UnsafePointer<termios>(bitPattern: savedForSignals.load(ordering: .acquiring)) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
    }
}

/// A terminal call that failed, with `errno`'s message.
public struct TerminalError: Error, CustomStringConvertible {
    public let operation: String
    public let code: Int32

    public var description: String {
        "\(operation) failed: \(String(cString: strerror(code)))"
    }
}
