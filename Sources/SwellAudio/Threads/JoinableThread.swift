import Glibc

/// A POSIX thread that can be joined, which Foundation's `Thread` cannot:
/// ``StreamingDecoder/stop()`` must know its decoding thread has exited
/// before it touches the ring buffer or the file again.
package struct JoinableThread: Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread.
    ///
    /// - Throws: ``ThreadError`` if the system refuses another thread
    ///   (`EAGAIN`).
    package init(_ body: @escaping @Sendable () -> Void) throws(ThreadError) {
        final class Start: Sendable {
            let body: @Sendable () -> Void
            init(body: @escaping @Sendable () -> Void) {
                self.body = body
            }
        }
        let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, start)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            throw ThreadError(code: status)
        }
        self.thread = thread
    }

    /// Waits for the thread's body to return.
    package func join() {
        pthread_join(thread, nil)
    }

    /// The system refused to create a thread.
    package struct ThreadError: Error {
        package let code: Int32

        package var reason: String { String(cString: strerror(code)) }
    }
}
