import Foundation
import SwellScript

/// `swell ctl`: sends requests to a running session's control socket and
/// reports the replies (docs/control.md#swell-ctl).
public struct CtlJob {
    /// The session; nil: the only one running.
    public var pid: Int32?
    public var directory = ControlDirectory()

    public init(pid: Int32? = nil, directory: ControlDirectory = ControlDirectory()) {
        self.pid = pid
        self.directory = directory
    }

    /// The session to talk to: `pid`, else the only one running.
    public func connect() throws(ControlError) -> ControlClient {
        if let pid { return try ControlClient(pid: pid, directory: directory) }
        let running = directory.sessions()
        guard let only = running.first else { throw ControlError("no swell session is running") }
        guard running.count == 1 else {
            throw ControlError("several swell sessions are running (pids \(running.map(String.init).joined(separator: ", "))); "
                               + "choose one with --pid", isBadInput: true)
        }
        return try ControlClient(pid: only, directory: directory)
    }

    /// Sends `request` and returns the reply; a refusal is a bad-input
    /// error with the session's message.
    public func send(_ request: ControlRequest) throws(ControlError) -> ControlReply {
        try send(lines: [request.text])[0]
    }

    /// Sends each request line as it is written, in turn, stopping at the
    /// first the session refuses; returns the replies. `source` names the
    /// lines in errors (`events.json:3:9: …`); nil for requests the command
    /// built. With `echo`, each reply that says more than `ok` — a `get`'s
    /// value, a `status`, a seek's position — is printed as it comes, the
    /// one JSON line the session sent.
    public func send(lines: [String], source: String? = nil, echo: Bool = false) throws(ControlError) -> [ControlReply] {
        let client = try connect()
        var replies: [ControlReply] = []
        for (index, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            let text = try client.request(line)
            let reply: ControlReply
            do throws(SourceError) {
                reply = try ControlReply(line: text, source: "swell session \(client.pid)")
            } catch {
                throw ControlError("swell session \(client.pid) sent a reply that is not one: \(text)")
            }
            if let message = reply.error {
                var place = ""
                if let source, let column = reply.column { place = "\(source):\(index + 1):\(column): " }
                throw ControlError(place + message, isBadInput: true)
            }
            if echo && reply != ControlReply() { print(text) }
            replies.append(reply)
        }
        return replies
    }

    /// Each running session's `status`, by pid; sessions that end while
    /// being asked are left out.
    public func list() -> [(pid: Int32, status: ControlReply)] {
        directory.sessions().compactMap { pid in
            var job = self
            job.pid = pid
            guard let status = try? job.send(.status) else { return nil }
            return (pid, status)
        }
    }
}
