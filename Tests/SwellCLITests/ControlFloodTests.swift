import Dispatch
import Foundation
import SwellCore
import Synchronization
import TestSupport
import Testing

/// The control socket under load and abuse (docs/hardening.md#the-control-socket):
/// many clients at once, too many connections, a request that never ends.
/// Each runs against a session playing in real time on the test
/// configuration's real-time fake device, which underruns as a sound card
/// does when the render thread falls behind.
@Suite("ctl: a flood of requests, too many connections, half-sent requests")
struct ControlFloodTests {
    typealias Session = ControlSocketTests.Session

    /// 4 clients × 250 requests a second for 10 s — sets with implicit
    /// animations, gets and statuses, sent without waiting for replies —
    /// against a playing session: every request gets its reply, in order,
    /// the device never underruns, and the session's resident memory does
    /// not grow while the flood goes on.
    @Test("1,000 requests a second from 4 clients for 10 s") func flood() throws {
        let session = try Session(seconds: 20)
        let clients = 4, rate = 250.0, seconds = 10.0
        let count = Int(rate * seconds)
        let requests = (0..<count).map { k in
            switch k % 4 {
            case 0: #"{"set": {"volume": \#(0.2 + Double(k % 9) / 10)}, "duration": 0.05}"#
            case 1: #"{"get": "main.volume"}"#
            case 2: #"{"status": true}"#
            default: #"{"layer": "main", "set": {"volume": 0.5}, "duration": 0.02, "timingFunction": "easeOut"}"#
            }
        }
        let pid = String(session.process.processIdentifier)
        let start = DispatchTime.now()
        let memory = Locked<[Int]>([])
        // The resident set once the flood has reached its pace, then at its end.
        let sampler = Thread {
            for moment in [2.0, seconds] {
                Thread.sleep(forTimeInterval: max(0, moment - Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9))
                let bytes = residentBytes(of: pid)
                memory.withLock { $0.append(bytes) }
            }
        }
        sampler.start()
        let tallies = try (0..<clients).map { _ in try PacedClient(socket: session.socket) }
            .map { client in client.start(requests, rate: rate, at: start) }
            .map { $0.wait() }
        for tally in tallies {
            #expect(tally.replies == count, "a client had \(tally.replies) of \(count) replies")
            #expect(tally.failures.isEmpty, "\(tally.failures.prefix(3))")
            #expect(tally.badValues == 0, "gets outside [0.2, 1.1]: \(tally.badValues)")
            #expect(tally.lastReplyDelay < 1, "the last reply came \(tally.lastReplyDelay) s after the last request")
        }
        let status = try RawClient.exchange(session.socket, Array("{\"status\": true}\n".utf8))
        #expect(status.first?["xruns"] as? Int == 0, "\(status)")
        try waitUntil("the memory samples are taken", timeout: 5) { memory.withLock { $0.count } == 2 }
        let samples = memory.withLock { $0 }
        // 7,500 requests between the samples: a leak of 64 bytes each would
        // show as 480 KB. Under ThreadSanitizer (scripts/tsan sets
        // TSAN_OPTIONS) the child's memory holds the sanitizer's growing
        // record of accesses, so only the other checks apply.
        if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil {
            #expect(samples[1] - samples[0] < 256 << 10, "the resident set grew from \(samples[0]) to \(samples[1]) bytes")
        }
        #expect(!session.process.hasExited)
        #expect(try session.ctl(["stop"]).status == 0)
        #expect(try session.process.wait().status == 0)
    }

    /// One connection more than the session serves at once is told so in
    /// one line; once a connection closes, the next is served.
    @Test("a connection over the limit gets one error line") func connectionLimit() throws {
        let session = try Session(seconds: 30)
        var open = try (0..<32).map { _ in try RawClient.connect(session.socket) }
        defer { open.forEach { close($0) } }
        // A request on each proves the session is serving all 32.
        for connection in open {
            try RawClient.write(Array("{\"get\": \"main.volume\"}\n".utf8), to: connection)
            #expect(try PacedClient.readLine(connection)?["value"] as? Double == 1)
        }
        let refused = try RawClient.exchange(session.socket, Array("{\"get\": \"main.volume\"}\n".utf8))
        #expect(refused.count == 1 && (refused.first?["error"] as? String)?.hasPrefix("too many connections") == true, "\(refused)")
        close(open.removeLast())
        try waitUntil("a connection is served again", timeout: 5) {
            try RawClient.exchange(session.socket, Array("{\"get\": \"main.volume\"}\n".utf8)).first?["value"] as? Double == 1
        }
        #expect(!session.process.hasExited, "\(session.process.hasExited ? String(describing: try? session.process.wait()) : "")")
    }

    /// A request left without its newline is refused after 10 s and its
    /// connection closed, while other clients are answered meanwhile; an
    /// idle connection between requests is kept.
    @Test("a half-sent request times out; the session answers others meanwhile") func halfSent() throws {
        let session = try Session(seconds: 16)
        let stalled = try RawClient.connect(session.socket)
        defer { close(stalled) }
        let idle = try RawClient.connect(session.socket)
        defer { close(idle) }
        let sent = Date()
        try RawClient.write(Array("{\"get\": \"main.vol".utf8), to: stalled)
        Thread.sleep(forTimeInterval: 1)
        #expect(try RawClient.exchange(session.socket, Array("{\"get\": \"main.volume\"}\n".utf8)).first?["value"] as? Double == 1)
        let reply = try PacedClient.readLine(stalled)
        #expect(reply?["error"] as? String == "the request was not completed within 10 s", "\(String(describing: reply))")
        #expect(Date().timeIntervalSince(sent) >= 10)
        #expect(try PacedClient.readLine(stalled) == nil, "the connection is closed")
        try RawClient.write(Array("{\"get\": \"main.volume\"}\n".utf8), to: idle)
        #expect(try PacedClient.readLine(idle)?["value"] as? Double == 1, "the idle connection is still served")
        #expect(!session.process.hasExited)
    }
}

/// A client that writes requests at a steady rate on one connection while
/// a thread of its own reads the replies — a script driving a session from
/// a meter would — so requests are in flight while replies come back.
final class PacedClient: Sendable {
    /// What one client saw.
    struct Tally: Sendable {
        var replies = 0
        var failures: [String] = []
        /// `get` values outside the levels the flood sets.
        var badValues = 0
        /// Seconds from the last request written to its reply.
        var lastReplyDelay = Double.infinity
    }

    let connection: Int32
    private let tally = Locked(Tally())
    private let done = DispatchSemaphore(value: 0)
    private let lastWrite = Atomic<UInt64>(0)

    init(socket: String) throws {
        connection = try RawClient.connect(socket)
    }

    deinit { close(connection) }

    /// Writes request k at `start` + k/`rate`, and reads the replies.
    func start(_ requests: [String], rate: Double, at start: DispatchTime) -> PacedClient {
        Thread.detachNewThread { [self] in
            for (k, request) in requests.enumerated() {
                let due = start.uptimeNanoseconds + UInt64(Double(k) / rate * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
                guard (try? RawClient.write(Array((request + "\n").utf8), to: connection)) != nil else { break }
            }
            lastWrite.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
        }
        Thread.detachNewThread { [self] in
            var reader = LineReader(connection: connection)
            for k in requests.indices {
                guard let line = reader.next(), let reply = try? RawClient.reply(line) else { break }
                tally.withLock { tally in
                    tally.replies += 1
                    if reply["ok"] as? Bool != true { tally.failures.append("request \(k): \(reply)") }
                    if let value = reply["value"] as? Double, !(0.2 - 1e-9...1.1).contains(value) { tally.badValues += 1 }
                }
            }
            let written = lastWrite.load(ordering: .acquiring)
            let end = DispatchTime.now().uptimeNanoseconds
            tally.withLock { $0.lastReplyDelay = written == 0 ? .infinity : Double(end - min(end, written)) / 1e9 }
            done.signal()
        }
        return self
    }

    /// What the client saw, once every reply has come or the connection
    /// closed.
    func wait() -> Tally {
        done.wait()
        return tally.withLock { $0 }
    }

    /// The next reply line on `connection`; nil when it closes.
    static func readLine(_ connection: Int32) throws -> [String: Any]? {
        var reader = LineReader(connection: connection)
        return try reader.next().map(RawClient.reply)
    }
}

/// The lines a socket receives; bytes read past a line wait for the next
/// call.
struct LineReader {
    let connection: Int32
    private var buffered: [UInt8] = []

    init(connection: Int32) {
        self.connection = connection
    }

    mutating func next() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffered.removeSubrange(...newline) }
                return Array(buffered[..<newline])
            }
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }
}
