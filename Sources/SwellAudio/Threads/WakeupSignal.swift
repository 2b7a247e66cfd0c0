import CLinux
import Glibc

/// Wakes a sleeping non-real-time thread from a real-time one.
///
/// A counting POSIX semaphore. ``signal()`` is `sem_post`, which POSIX lists
/// among the async-signal-safe functions (signal-safety(7)): it may be called
/// where blocking or taking a lock is forbidden. glibc implements it
/// (`nptl/sem_post.c`) as an atomic add on the semaphore word, followed by a
/// `FUTEX_WAKE` system call only when a waiter is registered; it never
/// blocks, never takes a lock and never allocates. ``wait()`` and
/// ``wait(timeout:)`` block and are for the woken thread only.
///
/// The semaphore lives at a fixed heap address because `sem_t` must not move.
package final class WakeupSignal: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>

    package init() {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Releases one ``wait()``, now or the next time it is called.
    package func signal() {
        sem_post(semaphore)
    }

    /// Sleeps until ``signal()`` has been called more times than `wait` has
    /// returned. A signal nobody waited for wakes the next `wait` at once, so
    /// the waiter must re-check its condition after waking.
    package func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    /// Sleeps as ``wait()`` does, but no longer than `timeout`. The deadline
    /// is on `CLOCK_MONOTONIC` (`sem_clockwait`), which setting the system
    /// time does not move, as it would `sem_timedwait`'s `CLOCK_REALTIME`.
    package func wait(timeout: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = deadline.tv_nsec + Int(timeout.components.attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(timeout.components.seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while sem_clockwait(semaphore, CLOCK_MONOTONIC, &deadline) != 0 && errno == EINTR {}
    }
}
