import Foundation
import Synchronization

/// Ctrl-C: the first SIGINT sets a flag that the running job polls (play
/// fades out over 20 ms, render removes its temporary file, mixer stops);
/// a second one ends the process at once.
enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    static func install() {
        _ = flag.load(ordering: .relaxed)
        signal(SIGINT) { _ in
            if Interrupt.flag.exchange(true, ordering: .relaxed) { _exit(130) }
        }
        // A blocked signal mask survives exec(2): a parent that spawns swell
        // from a thread with SIGINT blocked (Foundation's Process does, from
        // a Dispatch worker) would leave the handler deaf. Unblock it here,
        // on the main thread, before any other thread inherits the mask.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    static var isRequested: Bool { flag.load(ordering: .relaxed) }
}
