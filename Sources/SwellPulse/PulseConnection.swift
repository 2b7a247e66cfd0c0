import CPulse

/// A connection to the sound server — PulseAudio, or PipeWire's PulseAudio
/// server — through libpulse, loaded the first time one is made
/// (docs/streams.md). Its calls wait for the server's answer, except
/// ``setVolume(_:of:wait:)`` without `wait`, which a ramp sends dozens of
/// times a second.
public final class PulseConnection: @unchecked Sendable {
    private let pulse: OpaquePointer

    /// Connects as `client`; throws, naming the server, when there is none
    /// to reach or libpulse is missing.
    public init(client: String = "swell") throws(PulseError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard let pulse = swell_pulse_connect(client, &reason, reason.count) else {
            throw PulseError("cannot reach the sound server (PulseAudio or PipeWire's pipewire-pulse): "
                             + String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.pulse = pulse
    }

    deinit {
        swell_pulse_disconnect(pulse)
    }

    /// The playback streams whose volume can be set.
    public func streams() throws(PulseError) -> [PulseNode] {
        try list(.stream) { swell_pulse_streams(pulse, $0, $1) }
    }

    /// The sinks: the output devices.
    public func sinks() throws(PulseError) -> [PulseNode] {
        try list(.sink) { swell_pulse_sinks(pulse, $0, $1) }
    }

    /// The sink named `name` (`@DEFAULT_SINK@`: the default), if any.
    public func sink(named name: String) throws(PulseError) -> PulseNode? {
        var node = swell_pulse_node()
        let found = swell_pulse_sink(pulse, name, &node)
        guard found >= 0 else { throw .lost }
        return found == 1 ? PulseNode(node, kind: .sink) : nil
    }

    /// Sets every channel of `node` to `volumes` (the server's scale), or
    /// each to the one volume when given one; with `wait`, once the server
    /// has done it.
    public func setVolume(_ volumes: [UInt32], of node: PulseNode, wait: Bool) throws(PulseError) {
        let each = volumes.count == 1 ? Array(repeating: volumes[0], count: node.volumes.count) : volumes
        let result = each.withUnsafeBufferPointer { buffer in
            switch node.kind {
            case .stream: swell_pulse_set_stream_volume(pulse, node.index, buffer.baseAddress, UInt8(buffer.count), wait ? 1 : 0)
            case .sink: swell_pulse_set_sink_volume(pulse, node.index, buffer.baseAddress, UInt8(buffer.count), wait ? 1 : 0)
            }
        }
        guard result == 0 else { throw .lost }
    }

    /// The server's volume for a linear amplitude: its cubic scale, on
    /// which 65536 is 0 dB.
    public static func volume(forAmplitude amplitude: Double) -> UInt32 {
        swell_pulse_volume_from_linear(max(amplitude, 0))
    }

    /// The linear amplitude of a server volume.
    public static func amplitude(ofVolume volume: UInt32) -> Double {
        swell_pulse_volume_to_linear(volume)
    }

    private func list(_ kind: PulseNode.Kind,
                      _ read: (UnsafeMutablePointer<swell_pulse_node>, Int32) -> Int32) throws(PulseError) -> [PulseNode] {
        var nodes = [swell_pulse_node](repeating: swell_pulse_node(), count: 256)
        let count = nodes.withUnsafeMutableBufferPointer { read($0.baseAddress!, Int32($0.count)) }
        guard count >= 0 else { throw .lost }
        return nodes.prefix(Int(count)).map { PulseNode($0, kind: kind) }
    }
}

/// A failure to reach or keep the sound server, in words.
public struct PulseError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    static let lost = PulseError("lost the connection to the sound server")
}
