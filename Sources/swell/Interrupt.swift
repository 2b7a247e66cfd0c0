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
    }

    static var isRequested: Bool { flag.load(ordering: .relaxed) }
}
