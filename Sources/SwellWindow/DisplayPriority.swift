import Glibc

/// The scheduling of the threads that put frames on screen: a nice value
/// of −10 when the system allows it, as Android runs its render thread at
/// "display" priority — the share of the processor a busy machine leaves a
/// thread that sleeps most of each refresh is then enough to make every
/// refresh. Ordinary timesharing, not real-time: a frame that takes too
/// long delays others' work, it cannot lock the machine up. Without the
/// privilege (`RLIMIT_NICE`, `CAP_SYS_NICE`) nothing changes.
enum DisplayPriority {
    static let niceValue: Int32 = -10

    /// Raises the calling thread: on Linux the nice value belongs to a
    /// thread, and `setpriority(PRIO_PROCESS, 0, …)` sets the caller's.
    static func raiseCurrentThread() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceValue)
    }
}
