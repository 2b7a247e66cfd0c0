import SwellScript

/// A control request read against a session's layers: what its owning
/// thread runs (``ControlResponder``). An event's keys and values are
/// checked by the layers' property tables, as a script's are, so a bad
/// request is refused at its line and column before it reaches the tree.
public enum SessionCommand: Sendable, Hashable {
    /// A script event; its ``EventSpec/time`` is 0 and means "now".
    case event(EventSpec)
    case get(LayerKeyPath)
    case pause
    case resume
    case seek(Double)
    case position(Double)
    case status
    /// Ends the session; `restoring`, putting back first what it changed
    /// outside itself.
    case stop(restoring: Bool)

    public static let stop = SessionCommand.stop(restoring: false)

    /// `request` read against `layers` (the first is the one an event
    /// naming none acts on); errors name `source`.
    public init(_ request: ControlRequest, layers: [LayerSpec], source: String = "request") throws(SourceError) {
        switch request {
        case .event(let value):
            self = .event(try EventSpec(request: value, layers: layers, alternatives: ControlRequest.controlKeys,
                                        source: source))
        case .get(let text):
            do throws(ValueSyntaxError) {
                self = .get(try LayerKeyPath(parsing: text, layers: layers))
            } catch {
                throw SourceError(file: source, location: nil, message: "\"get\": \(error.reason)")
            }
        case .pause: self = .pause
        case .resume: self = .resume
        case .seek(let seconds): self = .seek(seconds)
        case .position(let seconds): self = .position(seconds)
        case .status: self = .status
        case .stop(let restoring): self = .stop(restoring: restoring)
        }
    }

    /// Reads one request line against `layers`: the control socket's way.
    public init(line: [UInt8], layers: [LayerSpec], source: String = "request") throws(SourceError) {
        let value = try JSONParser().parse(line, file: source)
        let request = try JSONValueDecoder().decode(ControlRequest.self, from: value, file: source)
        do throws(SourceError) {
            try self.init(request, layers: layers, source: source)
        } catch {
            // A `get` is placed at its value.
            throw SourceError(file: source, location: error.location ?? value["get"]?.location, message: error.message)
        }
    }
}
