import Foundation

/// A connection to a session's control socket: one request line out, one
/// reply line back (docs/control.md#swell-ctl).
public final class ControlClient {
    public let pid: Int32
    private let connection: Int32
    private var received: [UInt8] = []

    /// Connects to session `pid`; a session that has gone is one line.
    public init(pid: Int32, directory: ControlDirectory) throws(ControlError) {
        self.pid = pid
        let path = directory.socketPath(pid: pid)
        connection = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard connection >= 0 else { throw ControlError("cannot create a socket: \(String(cString: strerror(errno)))") }
        guard ControlServer.withAddress(path, { connect(connection, $0, $1) }) == 0 else {
            close(connection)
            throw ControlError("no swell session \(pid) is running (nothing listens on \(path))")
        }
    }

    deinit { close(connection) }

    /// Sends one request line and returns the reply line — or the line a
    /// session that refused the connection sent before closing it, which
    /// may have stopped the sending.
    public func request(_ line: String) throws(ControlError) -> String {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            bytes = bytes.dropFirst(written)
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(UInt8(ascii: "\n")) {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw gone }
            received += chunk[..<count]
        }
        let end = received.firstIndex(of: UInt8(ascii: "\n"))!
        defer { received.removeFirst(end + 1) }
        return String(decoding: received[..<end], as: UTF8.self)
    }

    private var gone: ControlError { ControlError("swell session \(pid) has ended") }
}
