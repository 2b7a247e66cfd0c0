import SwellScript

/// A request to a running session, as a client sends it: one JSON object on
/// one line of the control socket (docs/control.md#requests). Its JSON is
/// its `Codable` form, written and read by the project's one JSON
/// implementation (``JSONValueEncoder``, ``JSONValueDecoder``), so a
/// request read from a line keeps the positions its errors point at.
///
/// An event stays as written until the session reads it against its
/// layers (``SessionCommand``): only the session knows what its keys are.
public enum ControlRequest: Sendable, Hashable, Codable {
    /// A script event without `at` — `set`, `add`, `remove` and their
    /// transaction settings — which runs as a transaction at the session's
    /// current time, so a `set` gets the implicit animation from the
    /// presented value.
    case event(JSONValue)
    /// `{"get": "LAYER.KEY"}`: the key's presentation value now.
    case get(String)
    /// `{"pause": true}`: the root layer stops, as QA1673's `pauseLayer:`.
    case pause
    /// `{"resume": true}`: the root layer carries on.
    case resume
    /// `{"seek": SECONDS}`: the playing file moves by SECONDS (negative:
    /// back), as MPRIS's `Seek` moves it (docs/control.md#seeking).
    case seek(Double)
    /// `{"position": SECONDS}`: the playing file moves to SECONDS into it,
    /// as MPRIS's `SetPosition`.
    case position(Double)
    /// `{"status": true}`: the session's files, time and volume.
    case status
    /// `{"stop": true}`: the session fades out over 20 ms and ends; with
    /// `"restore": true`, it first puts back what it changed outside
    /// itself — the volumes of other programs' streams it ramped.
    case stop(restoring: Bool)

    /// `{"stop": true}`.
    public static let stop = ControlRequest.stop(restoring: false)

    /// The `set` event of `values` (key paths and model values as a script
    /// writes them: `0.5`, `"-12dB"`, `"#ff0000"`…) on `layer` (nil: the
    /// session's first), animated over `duration` with `timingFunction`
    /// when given: the one way `swell ctl set`, MPRIS's `Volume` and `swell
    /// mixer --to` make one.
    public static func set(_ values: [(key: String, value: JSONValue)], layer: String? = nil, duration: Double? = nil,
                           timingFunction: String? = nil) -> ControlRequest {
        let origin = SourceLocation(line: 1, column: 1)
        func member(_ key: String, _ kind: JSONValue.Kind) -> JSONMember {
            JSONMember(key: key, keyLocation: origin, value: JSONValue(kind, at: origin))
        }
        var members: [JSONMember] = []
        if let layer { members.append(member("layer", .string(layer))) }
        members.append(member("set", .object(values.map { JSONMember(key: $0.key, keyLocation: origin, value: $0.value) })))
        if let duration { members.append(JSONMember(key: "duration", keyLocation: origin, value: JSONValue(duration))) }
        if let timingFunction { members.append(member("timingFunction", .string(timingFunction))) }
        return .event(JSONValue(.object(members), at: origin))
    }

    /// The keys of the requests that are not events.
    public static let controlKeys = CodingKeys.allCases.map(\.rawValue)

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case get, pause, position, resume, seek, status, stop
    }

    /// The key a `stop` may carry beside its own.
    private static let restoreKey = RestoreKey.restore.rawValue

    private enum RestoreKey: String, CodingKey {
        case restore
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first else {
            self = .event(try decoder.singleValueContainer().decode(JSONValue.self))
            return
        }
        let object = try decoder.singleValueContainer().decode(JSONValue.self)
        let companion = key == .stop ? Self.restoreKey : nil
        if case .object(let members) = object.kind,
           let other = members.first(where: { $0.key != key.rawValue && $0.key != companion }) {
            throw SourceError(file: "", location: other.keyLocation,
                              message: "\(other.key.quotedForMessage) cannot be combined with \(key.rawValue.quotedForMessage) in one request")
        }
        switch key {
        case .get: self = .get(try container.decode(String.self, forKey: key))
        case .seek: self = .seek(try container.decode(Double.self, forKey: key))
        case .position:
            let seconds = try container.decode(Double.self, forKey: key)
            guard seconds >= 0 else {
                throw SourceError(file: "", location: object[key.rawValue]?.location,
                                  message: "\"position\" must not be negative; it counts seconds from the file's start")
            }
            self = .position(seconds)
        case .pause, .resume, .status, .stop:
            guard let flag = object[key.rawValue], case .bool(true) = flag.kind else {
                throw SourceError(file: "", location: object[key.rawValue]?.location,
                                  message: "\(key.rawValue.quotedForMessage) must be true, not \(object[key.rawValue]?.kindDescription ?? "missing")")
            }
            if key == .stop {
                var restoring = false
                if let value = object[Self.restoreKey] {
                    guard case .bool(let flag) = value.kind else {
                        throw SourceError(file: "", location: value.location,
                                          message: "\"restore\" must be true or false, not \(value.kindDescription)")
                    }
                    restoring = flag
                }
                self = .stop(restoring: restoring)
            } else {
                self = [.pause: .pause, .resume: .resume, .status: .status][key]!
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .event(let value) = self {
            var container = encoder.singleValueContainer()
            try container.encode(value)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .event: break
        case .get(let keyPath): try container.encode(keyPath, forKey: .get)
        case .seek(let seconds): try container.encode(seconds, forKey: .seek)
        case .position(let seconds): try container.encode(seconds, forKey: .position)
        case .pause: try container.encode(true, forKey: .pause)
        case .resume: try container.encode(true, forKey: .resume)
        case .status: try container.encode(true, forKey: .status)
        case .stop(let restoring):
            try container.encode(true, forKey: .stop)
            if restoring {
                var restore = encoder.container(keyedBy: RestoreKey.self)
                try restore.encode(true, forKey: .restore)
            }
        }
    }

    /// The request's line: its JSON, compact.
    public var text: String {
        // Every case encodes: its numbers are finite, or it was read.
        (try? JSONValueEncoder().encode(self))?.jsonText ?? "{}"
    }

    /// Reads a request line; errors name `source`, with the line and column.
    public init(line: [UInt8], source: String = "request") throws(SourceError) {
        let value = try JSONParser().parse(line, file: source)
        self = try JSONValueDecoder().decode(ControlRequest.self, from: value, file: source)
    }
}
