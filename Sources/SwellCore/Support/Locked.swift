import Foundation

/// A value that threads share behind a lock: each access runs in
/// ``withLock(_:)`` while the lock is held.
///
/// It serves where the standard library's `Mutex` would, with one
/// difference that matters for checking Swell's threads: the lock is a
/// `pthread_mutex_t`, whose hand-over ThreadSanitizer sees. On Linux,
/// `Mutex` hands a contended lock to the next thread through a
/// priority-inheritance futex, inside the kernel, so ThreadSanitizer sees
/// no synchronisation between the two holders and reports every contended
/// access as a race (docs/hardening.md#threadsanitizer).
///
/// As with `Mutex`, the value need be neither `Sendable` nor copyable:
/// only the thread holding the lock touches it, and callers hand out
/// copies of what is safe to share.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, in memory of its own: the lock is what orders the
    /// accesses to it, and a value of no size (`Locked(())`, a lock that
    /// guards a library call) still has an address of its own.
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` on the value with the lock held; the lock is not
    /// reentrant.
    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
