import Foundation

/// What a running session reads from a control request
/// (docs/control.md#requests): an event, which is a script event without
/// `at` — the same grammar, read by the same code — and the `LAYER.KEY`
/// of a `get`.
extension EventSpec {
    /// The event `value` asks for, read against the session's `layers` (the
    /// first is the one an event naming none acts on); it runs when it
    /// arrives, so its ``time`` is 0. `alternatives` are the other requests
    /// the session answers, which a message lists when `value` has none of
    /// an event's actions. Errors name `source`, with the line and column in
    /// the request.
    public init(request value: JSONValue, layers: [LayerSpec], alternatives: [String] = [],
                source: String) throws(SourceError) {
        do throws(Diagnostic) {
            var decoder = ScriptDecoder(baseDirectory: URL(fileURLWithPath: "/"), images: nil, videos: nil)
            decoder.requestAlternatives = alternatives
            self = try decoder.decodeEvent(value, layers: layers, timed: false).spec
        } catch {
            throw SourceError(file: source, error)
        }
    }
}

/// A property of a session's layer, written `LAYER.KEY` (`main.volume`,
/// `ring.transform.rotation.z`): what `swell ctl get` reads and `swell
/// curve --key` samples, checked against the layers' property tables.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    public let layer: String
    public let keyPath: String

    /// `text` read against `layers`; the message says what is wrong, and
    /// the caller places it.
    public init(parsing text: String, layers: [LayerSpec]) throws(ValueSyntaxError) {
        func failure(_ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "LAYER.KEY", value: text, reason: reason)
        }
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            throw failure("expected LAYER.KEY, such as main.volume")
        }
        let name = String(text[..<dot]), keyPath = String(text[text.index(after: dot)...])
        guard let layer = layers.first(where: { $0.name == name }) else {
            throw failure("unknown layer \(name.quotedForMessage)\(KeySuggestion.hint(for: name, among: layers.map(\.name)))")
        }
        guard layer.property(forKeyPath: keyPath) != nil else {
            throw failure("layer \(name.quotedForMessage) has no property \(keyPath.quotedForMessage)"
                          + KeySuggestion.hint(for: keyPath, among: layer.propertyKeys))
        }
        self.layer = name
        self.keyPath = keyPath
    }

    public var description: String { "\(layer).\(keyPath)" }
}
