import Foundation

/// One request to a running session, a line of its control socket
/// (docs/control.md#requests): a script event without `at`, which runs as
/// a transaction at the session's current time — so a `set` gets the
/// implicit animation from the presented value, as a change to a hosted
/// layer does in Core Animation — or one of the requests only a live
/// session answers.
public enum ControlRequest: Hashable, Sendable {
    /// A script event (`set`, `add`, `remove` and its transaction
    /// settings); its ``EventSpec/time`` is 0 and means "now".
    case event(EventSpec)
    /// `{"get": "LAYER.KEY"}`: the key's presentation value now.
    case get(layer: String, key: String)
    /// `{"pause": true}`: the root layer stops, as QA1673's `pauseLayer:`.
    case pause
    /// `{"resume": true}`: the root layer carries on.
    case resume
    /// `{"seek": SECONDS}`: the playing file moves by SECONDS (negative:
    /// back), as MPRIS's `Seek` moves it — to its start at most, and to
    /// its end, which ends it, at most (docs/control.md#seeking).
    case seek(Double)
    /// `{"position": SECONDS}`: the playing file moves to SECONDS into it,
    /// as MPRIS's `SetPosition`; past its end, it ends.
    case position(Double)
    /// `{"status": true}`: the session's files, time and volume.
    case status
    /// `{"stop": true}`: the session fades out over 20 ms and ends, as
    /// after its last file.
    case stop

    /// The keys of the requests that are not script events.
    static let controlKeys = ["get", "pause", "position", "resume", "seek", "status", "stop"]

    /// Parses one request line against the session's `layers` (the first
    /// is the one an event naming none acts on). Errors name `source` —
    /// what the client sees as the request's origin — with the line and
    /// column in the request.
    public init(parsing line: [UInt8], layers: [LayerSpec], source: String = "request") throws(SourceError) {
        let root = try JSONParser().parse(line, file: source)
        do throws(Diagnostic) {
            self = try Self.decode(root, layers: layers)
        } catch {
            throw SourceError(file: source, error)
        }
    }

    private static func decode(_ value: JSONValue, layers: [LayerSpec]) throws(Diagnostic) -> ControlRequest {
        let object = try JSONObjectReader(value, as: "request")
        guard let control = object.members.first(where: { controlKeys.contains($0.key) }) else {
            let decoder = ScriptDecoder(baseDirectory: URL(fileURLWithPath: "/"), images: nil, videos: nil)
            return .event(try decoder.decodeEvent(value, layers: layers, timed: false).spec)
        }
        if let other = object.members.first(where: { $0.key != control.key }) {
            throw Diagnostic("\(other.key.quotedForMessage) cannot be combined with \(control.key.quotedForMessage) in one request",
                             at: other.keyLocation)
        }
        if control.key == "get" { return try decodeGet(control.value, layers: layers) }
        if control.key == "seek" { return .seek(try control.value.number("seek")) }
        if control.key == "position" {
            let seconds = try control.value.number("position")
            guard seconds >= 0 else {
                throw Diagnostic("\"position\" must not be negative; it counts seconds from the file's start",
                                 at: control.value.location)
            }
            return .position(seconds)
        }
        guard case .bool(true) = control.value.kind else {
            throw control.value.wrongType(control.key, expected: "true")
        }
        switch control.key {
        case "pause": return .pause
        case "resume": return .resume
        case "status": return .status
        default: return .stop
        }
    }

    /// `"LAYER.KEY"`: a layer of the session and a property it has.
    private static func decodeGet(_ value: JSONValue, layers: [LayerSpec]) throws(Diagnostic) -> ControlRequest {
        let path = try value.string("get")
        guard let dot = path.firstIndex(of: "."), dot != path.startIndex, path.index(after: dot) != path.endIndex else {
            throw Diagnostic("\"get\" takes LAYER.KEY, such as \"main.volume\"", at: value.location)
        }
        let name = String(path[..<dot]), key = String(path[path.index(after: dot)...])
        guard let layer = layers.first(where: { $0.name == name }) else {
            throw Diagnostic("unknown layer \(name.quotedForMessage)\(KeySuggestion.hint(for: name, among: layers.map(\.name)))",
                             at: value.location)
        }
        guard layer.property(forKeyPath: key) != nil else {
            throw Diagnostic(
                "layer \(name.quotedForMessage) has no property \(key.quotedForMessage)\(KeySuggestion.hint(for: key, among: layer.propertyKeys))",
                at: value.location)
        }
        return .get(layer: name, key: key)
    }
}
