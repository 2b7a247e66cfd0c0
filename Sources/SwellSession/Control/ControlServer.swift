import CLinux
import Dispatch
import Foundation
import SwellScript
import Synchronization

/// A session's control socket (docs/control.md): a Unix stream socket
/// `PID.sock` in the ``ControlDirectory``, mode 0600, that takes
/// newline-delimited JSON requests from processes of the same user.
///
/// The socket's I/O runs on threads of its own; a parsed request waits in
/// an inbox until the owning thread — the one that services the engine,
/// where every `CATransaction` of the session commits — takes it, runs it
/// and posts the reply. So a request reaches the render thread as any
/// commit does, through the engine's snapshot hand-off.
public final class ControlServer: Sendable {
    /// The longest request line taken, newline excluded.
    public static let maximumRequestSize = 64 << 10
    /// The most connections served at once: each has a thread, and a
    /// process that opens connections without end must not exhaust the
    /// session's threads. One more is told so and closed.
    public static let maximumConnections = 32
    /// How long a request may stay half-sent — bytes without their
    /// newline — before it is refused and the connection closed, so that a
    /// stalled client does not hold one of the connections for ever. An
    /// idle connection between requests is kept.
    public static let requestTimeout = 10

    public let path: String
    private let listener: Int32
    /// The layers requests may name, the first being the default.
    private let layers: [LayerSpec]
    private let inbox = Locked<[ControlCall]>([])
    private let isClosed = Atomic<Bool>(false)
    private let connections = Atomic<Int>(0)
    /// Requests handed to the owning thread whose replies are not yet sent.
    private let repliesInFlight = Atomic<Int>(0)
    /// Where a `get` is answered from, on the connection's thread: the
    /// session's presentation and its layers' serials by name.
    private let presentation = Locked<(reader: PresentationReader, serials: [String: UInt64])?>(nil)

    /// Binds the socket of this process, removing sockets of sessions that
    /// have gone; connections wait in the backlog until ``start()``
    /// accepts them.
    ///
    /// The socket is bound under a name of its own and renamed into place
    /// once it listens, so a client that finds `PID.sock` can connect at
    /// once: one that found it between `bind` and `listen` would be
    /// refused.
    public init(directory: ControlDirectory = ControlDirectory(), layers: [LayerSpec]) throws(ControlError) {
        try directory.prepare()
        _ = directory.sessions()
        path = directory.socketPath(pid: getpid())
        self.layers = layers
        let binding = path + ".new"
        unlink(binding)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ControlError("cannot create a socket: \(String(cString: strerror(errno)))") }
        let bound = Self.withAddress(binding) { bind(listener, $0, $1) }
        guard bound == 0, chmod(binding, 0o600) == 0, listen(listener, 16) == 0, rename(binding, path) == 0 else {
            let reason = String(cString: strerror(errno))
            Foundation.close(listener)
            unlink(binding)
            throw ControlError("cannot listen on \(path): \(reason)")
        }
    }

    /// Calls `body` with the `sockaddr_un` of `path`; -1 with ENAMETOOLONG
    /// when the path does not fit.
    public static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { errno = ENAMETOOLONG; return -1 }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Accepts connections on a thread of its own, each served by a thread
    /// of its own, at most ``maximumConnections`` at once.
    public func start() {
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                if isClosed.load(ordering: .acquiring) { Foundation.close(connection); continue }
                guard connections.wrappingAdd(1, ordering: .relaxed).newValue <= Self.maximumConnections else {
                    connections.wrappingSubtract(1, ordering: .relaxed)
                    // Not drained, as a refused peer's input is, so that a
                    // flood of connections cannot stall this thread; the
                    // line sent is still read before the peer sees the close.
                    send(ControlReply.failure("too many connections (\(Self.maximumConnections)); try again").text, to: connection)
                    Foundation.close(connection)
                    continue
                }
                Thread.detachNewThread { [self] in
                    defer { connections.wrappingSubtract(1, ordering: .relaxed) }
                    serve(connection)
                }
            }
        }
    }

    /// Answers `get` requests at once, on the connection's thread, from
    /// `reader` — the latest committed snapshot at the host's time, which
    /// is what the owning thread would read — with `serials` naming the
    /// layers; nil hands them to the owning thread as every other request.
    public func answerGets(from reader: PresentationReader?, serials: [String: UInt64] = [:]) {
        presentation.withLock { $0 = reader.map { ($0, serials) } }
    }

    /// The requests that arrived since the last call, in order; the owning
    /// thread runs each and ``ControlCall/reply(_:)``s.
    public func take() -> [ControlCall] {
        inbox.withLock { calls in
            defer { calls.removeAll(keepingCapacity: true) }
            return calls
        }
    }

    /// Stops listening, removes the socket, answers requests still waiting
    /// that the session has ended, and waits until the replies are sent.
    public func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        unlink(path)
        shutdown(listener, Int32(SHUT_RDWR))
        Foundation.close(listener)
        for call in take() { call.reply(ControlReply.failure("the session has ended")) }
        // The replies are sent by the connections' threads: the last one,
        // a `stop`'s, must reach its client before the process ends. A
        // client that does not read is not waited for beyond a second.
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while repliesInFlight.load(ordering: .acquiring) > 0 && DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(1000)
        }
    }

    // MARK: Connections

    /// Reads request lines until the peer closes, answering each with one
    /// line, in order. A peer of another user is told so and dropped.
    ///
    /// Every complete line of a read is handed to the owning thread at
    /// once, before the first reply is awaited, so a client that sends
    /// requests without waiting for each reply has them all run at the
    /// owning thread's next turn rather than one a turn.
    private func serve(_ connection: Int32) {
        defer { Foundation.close(connection) }
        var uid: UInt32 = 0
        guard swell_peer_uid(connection, &uid) == 0, uid == getuid() else {
            send(ControlReply.failure("permission denied: the session belongs to another user").text, to: connection)
            discardInput(of: connection)
            return
        }
        var pending: [UInt8] = [], skipping = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        var limit = timeval(tv_sec: Self.requestTimeout, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                if pending.isEmpty && !skipping { continue }
                send(ControlReply.failure("the request was not completed within \(Self.requestTimeout) s").text, to: connection)
                return
            }
            guard count > 0 else {
                if !pending.isEmpty {
                    send(ControlReply.failure("the request ends without a newline").text, to: connection)
                }
                return
            }
            var replies: [PendingReply] = []
            var rest = chunk[..<count]
            while !rest.isEmpty {
                let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
                let piece = rest[..<(newline ?? rest.endIndex)]
                rest = newline.map { rest[($0 + 1)...] } ?? []
                if !skipping {
                    pending.append(contentsOf: piece)
                    if pending.count > Self.maximumRequestSize {
                        replies.append(.ready(ControlReply.failure("the request is longer than 64 KiB")))
                        pending.removeAll()
                        skipping = true
                    }
                }
                guard newline != nil else { break }
                if skipping {
                    skipping = false
                } else {
                    replies.append(submit(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
            var connected = true
            for reply in replies {
                connected = connected && send(reply.line, to: connection)
                if case .waiting = reply { repliesInFlight.wrappingSubtract(1, ordering: .releasing) }
            }
            guard connected else { return }
        }
    }

    /// A parse error at once, else the request handed to the owning thread.
    private func submit(_ line: [UInt8]) -> PendingReply {
        let request: SessionCommand
        do throws(SourceError) {
            request = try SessionCommand(line: line, layers: layers)
        } catch {
            return .ready(ControlReply.failure(error.message, at: error.location))
        }
        if case .get(let path) = request, let (reader, serials) = presentation.withLock({ $0 }),
           let serial = serials[path.layer] {
            guard let value = reader.value(ofLayer: serial, keyPath: path.keyPath).flatMap(ValueCoercion.number) else {
                return .ready(ControlReply.failure("'\(path)' has no number to show"))
            }
            return .ready(ControlReply.success { $0.value = value })
        }
        let call = ControlCall(request)
        let accepted = inbox.withLock { calls in
            // Checked under the lock that close() takes the inbox with, so
            // no call is left behind unanswered.
            guard !isClosed.load(ordering: .acquiring) else { return false }
            calls.append(call)
            repliesInFlight.wrappingAdd(1, ordering: .relaxed)
            return true
        }
        return accepted ? .waiting(call) : .ready(ControlReply.failure("the session has ended"))
    }

    /// Reads what the peer sent until it closes, for at most a second: a
    /// Unix socket closed with unread data resets the connection, and the
    /// peer would lose the reply already sent.
    private func discardInput(of connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeMutableBytes({ read(connection, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Writes `line` and a newline; false when the peer has gone.
    @discardableResult
    private func send(_ line: String, to connection: Int32) -> Bool {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

/// The reply a connection owes for one line: known at once, or awaited
/// from the owning thread.
private enum PendingReply {
    case ready(ControlReply)
    case waiting(ControlCall)

    var line: String {
        reply.text
    }

    private var reply: ControlReply {
        switch self {
        case .ready(let line): line
        case .waiting(let call): call.awaitReply()
        }
    }
}

/// A request waiting for the owning thread, and its reply.
public final class ControlCall: Sendable {
    public let request: SessionCommand
    private let answer = Locked<ControlReply?>(nil)
    private let answered = DispatchSemaphore(value: 0)

    public init(_ request: SessionCommand) {
        self.request = request
    }

    public func reply(_ line: ControlReply) {
        answer.withLock { $0 = line }
        answered.signal()
    }

    fileprivate func awaitReply() -> ControlReply {
        answered.wait()
        return answer.withLock { $0 } ?? ControlReply.failure("no reply")
    }
}
