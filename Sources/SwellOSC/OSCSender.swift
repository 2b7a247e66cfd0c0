import COSC

/// Sends OSC messages of floats to one URL (`osc.udp://HOST:PORT`) through
/// liblo, loaded the first time a sender is made.
public final class OSCSender: @unchecked Sendable {
    public let url: String
    private let sender: OpaquePointer

    /// A sender to `url`; throws when liblo is missing or `url` is no OSC
    /// URL. Nothing is sent yet: a UDP sender opens no connection.
    public init(url: String) throws(OSCError) {
        guard swell_osc_available() != 0 else { throw .unavailable }
        guard let sender = swell_osc_sender_create(url) else {
            throw OSCError("'\(url)' is not an OSC URL; write osc.udp://HOST:PORT")
        }
        self.url = url
        self.sender = sender
    }

    deinit {
        swell_osc_sender_destroy(sender)
    }

    /// Sends `values` as 32-bit floats to the address `path`.
    public func send(_ values: [Double], to path: String) throws(OSCError) {
        let error = values.withUnsafeBufferPointer { swell_osc_send(sender, path, $0.baseAddress, Int32($0.count)) }
        guard error == 0 else {
            throw OSCError("cannot send to \(url)\(path): \(String(cString: swell_osc_sender_error(sender)))")
        }
    }
}
