import COSC
import Glibc

/// Receives OSC messages on a UDP port, without waiting: the socket is read
/// on the session's owning thread between its turns, and each datagram is
/// read by liblo (docs/osc.md#in).
///
/// It listens on the loopback address unless another is named, so that
/// only this machine can drive a session unless its user says otherwise.
/// A datagram that is no well-formed OSC message of numbers — a bundle, a
/// string argument, garbage — is counted and dropped.
public final class OSCListener {
    /// One message: its address pattern and its numbers.
    public struct Message: Sendable, Equatable {
        public let path: String
        public let values: [Double]
    }

    /// Where it listens, as given (`127.0.0.1:9000`).
    public let endpoint: String
    /// The datagrams dropped so far.
    public private(set) var malformed = 0
    private let socket: Int32
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Listens on `endpoint`: `PORT`, `HOST:PORT` or `[IPv6]:PORT`; the
    /// host is an address, 127.0.0.1 by default.
    public init(endpoint: String) throws(OSCError) {
        guard swell_osc_available() != 0 else { throw .unavailable }
        self.endpoint = endpoint
        let (host, port) = try Self.split(endpoint)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, port, &hints, &found)
        guard status == 0, let info = found else {
            // Numeric hosts and ports only: a failure is an endpoint that is none.
            throw OSCError("cannot listen for OSC on '\(endpoint)': \(String(cString: gai_strerror(status)))",
                           isBadInput: true)
        }
        defer { freeaddrinfo(found) }
        let fd = Glibc.socket(info.pointee.ai_family, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                              | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw OSCError("cannot listen for OSC on '\(endpoint)': \(String(cString: strerror(errno)))") }
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw OSCError("cannot listen for OSC on '\(endpoint)': \(reason)")
        }
        socket = fd
    }

    deinit {
        close(socket)
    }

    /// The messages that arrived since the last call, in order.
    public func receive() -> [Message] {
        var messages: [Message] = []
        while true {
            let size = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard size >= 0 else { break }
            if let message = Self.parse(buffer, count: size) { messages.append(message) } else { malformed += 1 }
        }
        return messages
    }

    /// The message in the first `count` bytes of `bytes`, or nil.
    static func parse(_ bytes: [UInt8], count: Int) -> Message? {
        bytes.withUnsafeBytes { raw -> Message? in
            var path: UnsafePointer<CChar>?
            var values = [Double](repeating: 0, count: 16)
            var found: Int32 = 0
            let result = values.withUnsafeMutableBufferPointer {
                swell_osc_parse(raw.baseAddress, count, &path, $0.baseAddress, Int32($0.count), &found)
            }
            guard result == 1, let path else { return nil }
            return Message(path: String(cString: path), values: Array(values.prefix(Int(found))))
        }
    }

    /// `HOST:PORT` as host and port; the host 127.0.0.1 when only a port is
    /// given.
    private static func split(_ endpoint: String) throws(OSCError) -> (String, String) {
        var host = "127.0.0.1", port = endpoint
        if let colon = endpoint.lastIndex(of: ":") {
            host = String(endpoint[..<colon])
            port = String(endpoint[endpoint.index(after: colon)...])
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        }
        guard let number = Int(port), (1...65_535).contains(number), !host.isEmpty else {
            throw OSCError("'\(endpoint)' is not an address to listen on; write PORT or HOST:PORT (127.0.0.1:9000)",
                           isBadInput: true)
        }
        return (host, port)
    }
}
