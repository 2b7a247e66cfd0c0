import SwellSession
import Foundation
import Synchronization

/// Ctrl-C, `kill` and a closed terminal: the first of the signals that
/// would end the process — SIGINT, SIGTERM, SIGHUP, SIGQUIT, and the
/// alarms, limits and user signals whose default is to terminate — sets a
/// flag that the running job polls (play fades out over 20 ms, render
/// removes its temporary file, mixer stops), and the process then exits
/// with 128 plus the signal's number, as a shell reports a process the
/// signal ended: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. A second
/// signal ends the process at once. (SIGPIPE keeps its default: a reader
/// that went away ends `swell curve | head` quietly, as it ends `cat`.)
package enum Interrupt {
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ,
                                  SIGVTALRM, SIGPROF]

    package static func install() {
        _ = received.load(ordering: .relaxed)
        for number in signals {
            signal(number) { number in
                let (exchanged, _) = Interrupt.received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if !exchanged { _exit(128 + number) }
            }
        }
        // A blocked signal mask survives exec(2): a parent that spawns swell
        // from a thread with SIGINT blocked (Foundation's Process does, from
        // a Dispatch worker) would leave the handler deaf. Unblock them here,
        // on the main thread, before any other thread inherits the mask.
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    package static var isRequested: Bool { received.load(ordering: .relaxed) != 0 }

    /// The exit status of an interrupted run: 128 + the signal (130 when
    /// the job stopped on its own accord).
    package static var exitStatus: Int32 {
        let number = received.load(ordering: .relaxed)
        return 128 + (number != 0 ? number : SIGINT)
    }
}
