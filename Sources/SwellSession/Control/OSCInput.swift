import SwellOSC
import SwellScript

/// A session's OSC input (`--osc`): each message `/LAYER/KEY value
/// [duration]` is a `set` of the layer's key path, run as `swell ctl set`
/// runs one (docs/osc.md#in), so a TouchOSC surface or Companion drives a
/// session as a shell does. `/LAYER/KEY/MORE` names the key path
/// `KEY.MORE` (`/music/filters/lp/frequency`).
///
/// A datagram that is no OSC message of numbers is counted and dropped
/// (``OSCListener/malformed``); a message the session refuses — an unknown
/// layer or key, a value out of range — is dropped with one warning for
/// its address.
public final class OSCInput {
    public let listener: OSCListener
    private let layers: [LayerSpec]
    private var refused: Set<String> = []

    /// Listens on `endpoint` (``OSCListener/init(endpoint:)``) for requests
    /// naming `layers`.
    public init(endpoint: String, layers: [LayerSpec]) throws(OSCError) {
        listener = try OSCListener(endpoint: endpoint)
        self.layers = layers
    }

    /// Runs every message that arrived, in order, with `responder`.
    public func answer(with responder: ControlResponder) {
        for message in listener.receive() {
            do throws(SourceError) {
                let command = try SessionCommand(Self.request(message), layers: layers, source: "OSC \(message.path)")
                let reply = responder.respond(to: command)
                if let error = reply.error { refuse(message.path, error) }
            } catch {
                refuse(message.path, error.message)
            }
        }
    }

    /// The `set` a message asks for: its first number to the key path, over
    /// its second as a duration.
    static func request(_ message: OSCListener.Message) throws(SourceError) -> ControlRequest {
        let parts = message.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, let value = message.values.first else {
            throw SourceError(file: "OSC \(message.path)", location: nil,
                              message: "expected /LAYER/KEY with a value and, if it animates, a duration")
        }
        let duration = message.values.count > 1 ? message.values[1] : nil
        return ControlRequest.set([(parts.dropFirst().joined(separator: "."), JSONValue(value))], layer: parts[0],
                                  duration: duration)
    }

    private func refuse(_ path: String, _ reason: String) {
        guard refused.insert(path).inserted else { return }
        CADiagnostics.warn("OSC \(path) ignored: \(reason)")
    }

    /// Says how many datagrams were dropped, if any.
    public func close() {
        guard listener.malformed > 0 else { return }
        let one = listener.malformed == 1
        CADiagnostics.warn("ignored \(listener.malformed) OSC datagram\(one ? " that was not a message" : "s that were not messages") of numbers")
    }
}
