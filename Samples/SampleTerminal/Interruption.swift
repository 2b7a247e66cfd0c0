import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP as a request to stop, which the program's
/// loop polls: the first signal asks for a clean stop (an audio fade-out,
/// the terminal restored, files closed); a second one ends the process at
/// once, with the terminal restored, as a shell would expect of Ctrl-C
/// pressed twice.
public enum Interruption {
    /// The first signal received, 0 for none.
    private static let first = Atomic<Int32>(0)

    /// Installs the handlers, on the main thread before any other starts.
    /// The handler only touches atomics and calls async-signal-safe
    /// functions (`tcsetattr`, `_exit`).
    ///
    /// A blocked signal stays blocked across `exec` (signal(7)), and some
    /// launchers spawn with signals blocked, so the three are also
    /// unblocked; threads started later inherit the mask.
    public static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&signals, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                guard Interruption.first.compareExchange(expected: 0, desired: received, ordering: .relaxed).exchanged else {
                    RawTerminal.restoreForExit()
                    _exit(128 + received)
                }
            }
        }
    }

    /// Whether a stop was asked for.
    public static var isRequested: Bool {
        first.load(ordering: .relaxed) != 0
    }

    /// The shell's status for a process ended by the signal received:
    /// 128 + its number (130 for SIGINT).
    public static var exitStatus: Int32 {
        128 + first.load(ordering: .relaxed)
    }
}
