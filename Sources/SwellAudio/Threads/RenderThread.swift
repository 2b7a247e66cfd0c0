import Glibc
import Synchronization

/// A joinable POSIX thread for the engine's loops: the render loop, at
/// real-time priority when the system allows it, or a decoding loop at
/// ordinary priority.
///
/// Foundation's `Thread` cannot be joined, and the owners of both loops
/// must know the thread has exited before they touch what it used again:
/// `AudioOutput.stop(drain:)` the device, `StreamingDecoder.stop()` the
/// ring buffer and the file.
///
/// An ALSA writer must refill the device buffer within one buffer's time,
/// whatever else the machine is doing; at ordinary priority a busy desktop
/// can starve it into underruns. So a render thread is created with the
/// `SCHED_FIFO` policy at a moderate priority — the way JACK and PipeWire
/// run their data threads — which preempts every ordinary thread. Only
/// privileged processes, or users granted an `RLIMIT_RTPRIO` (the `audio`
/// group's `rtprio` in `limits.conf`), may do that; elsewhere
/// `pthread_create` refuses with `EPERM` and the thread starts with the
/// default policy instead. ``isRealTime`` says which happened. A decoding
/// thread asks for no priority: it reads files, which may take any time,
/// and the second of audio in its ring buffer covers the delays of
/// ordinary scheduling.
public final class RenderThread: Sendable {
    /// The `SCHED_FIFO` priority asked for by default: the middle of
    /// Linux's 1–99 range, above every ordinary (`SCHED_OTHER`) thread and
    /// below the kernel threads that must preempt even audio, such as the
    /// watchdogs at 99.
    public static let defaultPriority = 50

    /// Whether the thread was given the `SCHED_FIFO` policy; false when no
    /// priority was asked for.
    public let isRealTime: Bool

    private let thread: pthread_t
    private let joined = Atomic<Bool>(false)

    /// Starts a thread running `body`.
    ///
    /// - Parameters:
    ///   - priority: The `SCHED_FIFO` priority to ask for, clamped to the
    ///     range the system supports; nil for none: the default attributes,
    ///     under which the thread is scheduled as the thread creating it is.
    ///   - body: The loop.
    /// - Throws: ``RenderThreadError`` when no thread can be created at all.
    public init(
        priority: Int? = RenderThread.defaultPriority,
        _ body: @escaping @Sendable () -> Void
    ) throws(RenderThreadError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        var realTime = priority != nil
        var code = Self.create(&thread, realTimePriority: priority, context: context)
        if code != 0 && realTime {
            realTime = false
            code = Self.create(&thread, realTimePriority: nil, context: context)
        }
        guard code == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw RenderThreadError(code: code)
        }
        self.thread = thread
        isRealTime = realTime
    }

    deinit {
        if !joined.load(ordering: .acquiring) {
            pthread_detach(thread)
        }
    }

    /// Waits for the thread's body to return. Joining again, or from
    /// several threads, waits only once.
    public func join() {
        guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pthread_join(thread, nil)
    }

    /// `pthread_create` with `SCHED_FIFO` at `realTimePriority`, or with the
    /// default attributes when that is nil. Returns the error number.
    private static func create(
        _ thread: inout pthread_t, realTimePriority: Int?, context: UnsafeMutableRawPointer
    ) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let realTimePriority {
            let lowest = Int(sched_get_priority_min(SCHED_FIFO))
            let highest = Int(sched_get_priority_max(SCHED_FIFO))
            var parameters = sched_param()
            parameters.sched_priority = Int32(min(max(realTimePriority, lowest), highest))
            pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attributes, SCHED_FIFO)
            pthread_attr_setschedparam(&attributes, &parameters)
        }
        return pthread_create(&thread, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
    }

    /// The closure, boxed to cross `pthread_create` as a pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// No thread could be created (`pthread_create` failed even with default
/// attributes, typically `EAGAIN`: the process's thread limit).
public struct RenderThreadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value `pthread_create` returned.
    public let code: Int32

    /// What `code` means (`strerror`).
    package var reason: String { String(cString: strerror(code)) }

    public var description: String {
        "cannot start the render thread: \(reason)"
    }
}
