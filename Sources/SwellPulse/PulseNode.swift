import CPulse

/// A playback stream or a sink, as the sound server lists it.
public struct PulseNode: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Another program's playback stream (a sink input).
        case stream
        /// An output device.
        case sink
    }

    public let kind: Kind
    /// The server's index of it: a stream's `#id`.
    public let index: UInt32
    /// A stream's `application.name`; a sink's name.
    public let name: String
    /// A stream's `application.process.binary`; a sink's description.
    public let detail: String
    /// A stream's `media.role` (`music`, `video`, `phone`…).
    public let role: String
    /// A stream's `application.process.id`; 0 when it does not say.
    public let pid: UInt32
    /// Each channel's volume on the server's scale (65536 is 0 dB).
    public let volumes: [UInt32]

    init(_ node: swell_pulse_node, kind: Kind) {
        self.kind = kind
        index = node.index
        var copy = node
        name = withUnsafeBytes(of: &copy.name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        detail = withUnsafeBytes(of: &copy.detail) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        role = withUnsafeBytes(of: &copy.role) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        pid = node.pid
        volumes = withUnsafeBytes(of: &copy.volumes) { Array($0.bindMemory(to: UInt32.self).prefix(Int(node.channels))) }
    }

    /// Its volume as a linear amplitude: the loudest channel's.
    public var amplitude: Double {
        PulseConnection.amplitude(ofVolume: volumes.max() ?? 0)
    }
}
