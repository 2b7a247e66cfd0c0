import Foundation

/// A layer whose animated `volume` is another program's playback volume, or
/// an output device's, on the sound server — PulseAudio, or PipeWire's
/// PulseAudio server (docs/streams.md).
///
/// Like ``MixerLayer`` and objc.io's `AudioLayer`: Core Animation animates
/// `volume`, which asks for `display()` while it moves, and `display()`
/// writes the presented volume to every stream its ``target`` matches —
/// only when the server's volume for it changes, at most once a display
/// frame. `volume` is a linear amplitude, as every Swell volume is: it is
/// written as the server's cubic volume of that amplitude, so `-20dB` is
/// what `pactl` shows as 46 %, 20 dB down.
///
/// The streams are looked for again every half second
/// (``refresh(at:)``): a stream that starts later takes the layer's
/// volume at once, and one that ends drops out. The volume each stream had
/// when the layer first met it is kept, and ``restore()`` puts it back.
open class ServerVolumeLayer: CALayer, OutputLayer {
    @Dynamic(PropertyDeclaration.volume.displayed()) public var volume: Double = 1

    /// What the layer drives; nil for a layer that only computes its curve.
    public private(set) var target: PulseTarget?
    private var connection: PulseConnection?
    /// The nodes it drives now, and each one's volumes when first met.
    public private(set) var nodes: [PulseNode] = []
    private var originals: [PulseNode] = []
    /// The server volume last written, and when the nodes were last looked for.
    private var written: UInt32?
    private var refreshed = -Double.infinity
    /// The last error reaching the server, if any.
    public private(set) var writeError: PulseError?
    public var outputFailure: (any Error)? { writeError }

    public override init() {
        super.init()
    }

    /// A layer driving what `target` matches on `connection`, starting at
    /// the volume of the first match — or 1 when nothing matches yet.
    public convenience init(target: PulseTarget, connection: PulseConnection) throws(PulseError) {
        self.init()
        self.target = target
        self.connection = connection
        nodes = try target.nodes(on: connection)
        originals = nodes
        volume = nodes.first?.amplitude ?? 1
        name = target.description
        if nodes.isEmpty {
            switch target {
            case .application, .role:
                CADiagnostics.warn("nothing plays as '\(target)' yet; its volume is set when it starts")
            case .stream, .sink:
                // Indices are never reused, and a sink does not come and go
                // with what plays: one missing now will not come.
                throw PulseError("no \(target.noun) '\(target)' on the sound server (swell devices lists them)")
            }
        }
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Writes the presented volume to the nodes, when the server's volume
    /// for it changed.
    open override func display() {
        guard let presented = presentation()?.volume else { return }
        write(PulseConnection.volume(forAmplitude: presented))
    }

    /// Brings the nodes to the presented volume if a display frame left
    /// them short of it — the frame that ends an animation need not display
    /// it — and looks for the target's nodes again, at most every half
    /// second of host time `time`: a new one is set to the volume last
    /// written.
    public func refresh(at time: Double) {
        display()
        guard let target, let connection, time - refreshed >= 0.5 else { return }
        refreshed = time
        do {
            let found = try target.nodes(on: connection)
            let new = found.filter { node in !originals.contains { $0.kind == node.kind && $0.index == node.index } }
            originals += new
            nodes = found
            if let written { for node in new { try connection.setVolume([written], of: node, wait: false) } }
        } catch {
            writeError = error
        }
    }

    /// Puts back the volume each node had when the layer first met it, and
    /// waits for the server to have done it.
    public func restore() {
        guard let connection, let current = try? target?.nodes(on: connection) else { return }
        for original in originals where current.contains(where: { $0.kind == original.kind && $0.index == original.index }) {
            try? connection.setVolume(original.volumes, of: original, wait: true)
        }
    }

    private func write(_ volume: UInt32) {
        guard let connection, volume != written else { return }
        written = volume
        do {
            for node in nodes { try connection.setVolume([volume], of: node, wait: false) }
        } catch {
            writeError = error
        }
    }
}

/// What a ``ServerVolumeLayer`` drives.
public enum PulseTarget: Sendable, Equatable, CustomStringConvertible {
    /// The playback streams of an application, by its name or its binary
    /// (`spotify`, `firefox`, `mpv`), whatever the case.
    case application(String)
    /// The playback streams of a media role (`music`, `video`, `phone`).
    case role(String)
    /// One playback stream, by its index (`pactl list sink-inputs`).
    case stream(UInt32)
    /// An output device, by name; `@DEFAULT_SINK@` is the default one.
    case sink(String)

    /// The nodes it matches on `connection` now.
    public func nodes(on connection: PulseConnection) throws(PulseError) -> [PulseNode] {
        switch self {
        case .application(let name):
            return try connection.streams().filter {
                $0.name.caseInsensitiveCompare(name) == .orderedSame || $0.detail.caseInsensitiveCompare(name) == .orderedSame
            }
        case .role(let role): return try connection.streams().filter { $0.role == role }
        case .stream(let index): return try connection.streams().filter { $0.index == index }
        case .sink(let name): return try connection.sink(named: name).map { [$0] } ?? []
        }
    }

    /// What it finds: `stream`, `sink`.
    var noun: String {
        if case .sink = self { "sink" } else { "stream" }
    }

    public var description: String {
        switch self {
        case .application(let name): name
        case .role(let role): "role:\(role)"
        case .stream(let index): "#\(index)"
        case .sink(let name): name
        }
    }
}

extension LayerParameter {
    /// A stream layer's application, by name or binary.
    public static let app = LayerParameter("app", .name)
    /// A stream layer's media role.
    public static let role = LayerParameter("role", .name)
    /// A stream layer's stream, by index.
    public static let stream = LayerParameter("stream", .name) { text in
        UInt32(text) == nil ? "'\(text)' is not a stream's index; `swell devices` lists them" : nil
    }
    /// A sink layer's sink, by name (`@DEFAULT_SINK@` by default).
    public static let sink = LayerParameter("sink", .name)
}

extension LayerKind {
    /// `"type": "stream"`: a ``ServerVolumeLayer`` on another program's
    /// playback streams, found by `app`, `role` or `stream` (docs/streams.md).
    public static let stream = LayerKind("stream", { ServerVolumeLayer() }, noun: "stream layer",
                                         parameters: [.app, .role, .stream])
    /// `"type": "sink"`: a ``ServerVolumeLayer`` on an output device,
    /// `sink` (the default one unless named).
    public static let sink = LayerKind("sink", { ServerVolumeLayer() }, noun: "sink layer", parameters: [.sink])
}
