import Foundation

/// A layer's `"duck"`: its volume falls by ``by`` while the layer named
/// ``under`` is speaking — a short-window level above ``threshold`` —
/// ramping down over ``attack`` before the first word, holding ``hold``
/// after the last, and rising over ``release`` (docs/ducking.md).
public struct DuckSpec: Hashable, Sendable {
    /// The key layer's name: a layer that plays a file.
    public var under: String
    /// The ducked gain, as a linear amplitude (`"-12dB"` is 0.251).
    public var by: Double
    /// The level above which the key layer is speaking, as a linear
    /// amplitude of the RMS over a 20 ms window.
    public var threshold: Double
    /// Seconds.
    public var attack: Double
    public var hold: Double
    public var release: Double
    /// Where `under` is written.
    public var underLocation: SourceLocation

    /// The keys of a LEVEL, and of seconds, each with its field: one table
    /// that the reader and its list of keys both read.
    static let levels: [(key: String, field: WritableKeyPath<DuckSpec, Double> & Sendable)] =
        [("by", \.by), ("threshold", \.threshold)]
    static let durations: [(key: String, field: WritableKeyPath<DuckSpec, Double> & Sendable)] =
        [("attack", \.attack), ("hold", \.hold), ("release", \.release)]
    public static let keys = ["under"] + levels.map(\.key) + durations.map(\.key)

    /// A duck under `under` with the defaults: by -12 dB, above -35 dB,
    /// attack 50 ms, hold 200 ms, release 500 ms.
    public init(under: String, by: Double = pow(10, -12.0 / 20), threshold: Double = pow(10, -35.0 / 20),
                attack: Double = 0.05, hold: Double = 0.2, release: Double = 0.5,
                underLocation: SourceLocation = SourceLocation(line: 0, column: 0)) {
        (self.under, self.by, self.threshold) = (under, by, threshold)
        (self.attack, self.hold, self.release, self.underLocation) = (attack, hold, release, underLocation)
    }
}

extension ScriptDecoder {
    /// `"duck": {"under": NAME, "by": LEVEL, "threshold": LEVEL, "attack":
    /// S, "hold": S, "release": S}`; all but `under` have defaults.
    func decodeDuck(_ value: JSONValue) throws(Diagnostic) -> DuckSpec {
        let object = try JSONObjectReader(value, as: "\"duck\"")
        try object.rejectUnknownKeys(allowed: DuckSpec.keys)
        let under = try object.required("under")
        var duck = DuckSpec(under: try under.string("under"), underLocation: under.location)
        for (key, path) in DuckSpec.levels {
            guard let value = object[key] else { continue }
            let amplitude = try decodeLevel(value, key: key)
            guard amplitude < 1 else {
                throw Diagnostic("\(key.quotedForMessage) must be below 0 dB: a duck lowers the volume", at: value.location)
            }
            duck[keyPath: path] = amplitude
        }
        for (key, path) in DuckSpec.durations {
            if let seconds = try object.nonNegativeNumber(key) { duck[keyPath: path] = seconds }
        }
        return duck
    }

    /// A LEVEL in a script: a number (a linear amplitude) or a string
    /// with a unit (`"-12dB"`, `"25%"`).
    private func decodeLevel(_ value: JSONValue, key: String) throws(Diagnostic) -> Double {
        switch value.kind {
        case .number(let number, _):
            guard number >= 0 else { throw Diagnostic("\(key.quotedForMessage) must not be negative", at: value.location) }
            return number
        case .string(let text):
            do throws(ValueSyntaxError) {
                return try LevelSpec(parsing: text).amplitude
            } catch {
                throw Diagnostic(error.description, at: value.location)
            }
        default:
            throw value.wrongType(key, expected: "a level (0.25, \"-12dB\" or \"25%\")")
        }
    }
}
