import COSC

/// Sends OSC messages of floats to one URL (`osc.udp://HOST:PORT`) through
/// liblo, loaded the first time a sender is made.
public final class OSCSender: @unchecked Sendable {
    public let url: String
    private let sender: OpaquePointer

    /// A sender to `url`; throws when liblo is missing or `url` is no OSC
    /// URL. Nothing is sent yet: a UDP sender opens no connection.
    public init(url: String) throws(OSCError) {
        if let problem = Self.problem(withURL: url) { throw OSCError(problem, isBadInput: true) }
        guard swell_osc_available() != 0 else { throw .unavailable }
        guard let sender = swell_osc_sender_create(url) else {
            throw OSCError("cannot send to '\(url)'")
        }
        self.url = url
        self.sender = sender
    }

    deinit {
        swell_osc_sender_destroy(sender)
    }

    /// What is wrong with `url` as an OSC destination: it must be
    /// `osc.udp://HOST:PORT` or `osc.tcp://HOST:PORT`, the port a number.
    @Sendable public static func problem(withURL url: String) -> String? {
        let schemes = ["osc.udp://", "osc.tcp://"]
        guard let scheme = schemes.first(where: url.hasPrefix), let colon = url.lastIndex(of: ":"),
              colon > url.index(url.startIndex, offsetBy: scheme.count),
              let port = Int(url[url.index(after: colon)...].prefix { $0 != "/" }), (1...65_535).contains(port)
        else { return "'\(url)' is not an OSC URL; write osc.udp://HOST:PORT" }
        return nil
    }

    /// Sends `values` as 32-bit floats to the address `path`.
    public func send(_ values: [Double], to path: String) throws(OSCError) {
        let error = values.withUnsafeBufferPointer { swell_osc_send(sender, path, $0.baseAddress, Int32($0.count)) }
        guard error == 0 else {
            throw OSCError("cannot send to \(url)\(path): \(String(cString: swell_osc_sender_error(sender)))")
        }
    }
}
