import SwellScript

/// The one JSON line a request gets back (docs/control.md#requests):
/// `{"ok": true}` with what was asked for, or `{"error": "…"}` with the
/// line and column in the request when the request itself is at fault.
/// Its JSON is its `Codable` form, as a request's is.
public struct ControlReply: Sendable, Equatable, Codable {
    /// Why the request failed; nil when it succeeded.
    public var error: String?
    /// Where in the request the fault is.
    public var line: Int?
    public var column: Int?
    /// A `get`'s presented value.
    public var value: Double?
    /// Where the playing file is, in seconds: after a seek, and in a
    /// `status`.
    public var position: Double?
    /// A `status`: the session's process, files (a mixer's
    /// `device:control`), time since it started, presented volume, whether
    /// it is paused, and its device's underruns.
    public var pid: Int?
    public var files: [String]?
    public var time: Double?
    public var volume: Double?
    public var paused: Bool?
    public var xruns: Int?

    public init(error: String? = nil, line: Int? = nil, column: Int? = nil, value: Double? = nil,
                position: Double? = nil) {
        self.error = error
        self.line = line
        self.column = column
        self.value = value
        self.position = position
    }

    /// Success, with what `fill` sets.
    public static func success(_ fill: (inout ControlReply) -> Void = { _ in }) -> ControlReply {
        var reply = ControlReply()
        fill(&reply)
        return reply
    }

    public static func failure(_ message: String, at location: SourceLocation? = nil) -> ControlReply {
        ControlReply(error: message, line: location?.line, column: location?.column)
    }

    public var isSuccess: Bool { error == nil }

    private enum CodingKeys: String, CodingKey {
        case ok, error, line, column, value, position, pid, files, time, volume, paused, xruns
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        column = try container.decodeIfPresent(Int.self, forKey: .column)
        value = try container.decodeIfPresent(Double.self, forKey: .value)
        position = try container.decodeIfPresent(Double.self, forKey: .position)
        pid = try container.decodeIfPresent(Int.self, forKey: .pid)
        files = try container.decodeIfPresent([String].self, forKey: .files)
        time = try container.decodeIfPresent(Double.self, forKey: .time)
        volume = try container.decodeIfPresent(Double.self, forKey: .volume)
        paused = try container.decodeIfPresent(Bool.self, forKey: .paused)
        xruns = try container.decodeIfPresent(Int.self, forKey: .xruns)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if error == nil { try container.encode(true, forKey: .ok) }
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(position, forKey: .position)
        try container.encodeIfPresent(pid, forKey: .pid)
        try container.encodeIfPresent(files, forKey: .files)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(volume, forKey: .volume)
        try container.encodeIfPresent(paused, forKey: .paused)
        try container.encodeIfPresent(xruns, forKey: .xruns)
    }

    /// The reply's line: its JSON, compact. A value that is not finite
    /// (a `get` of a silent layer in decibels) cannot be written, and is
    /// said instead.
    public var text: String {
        (try? JSONValueEncoder().encode(self))?.jsonText ?? #"{"error":"the reply could not be encoded"}"#
    }

    /// Reads a reply line; errors name `source`.
    public init(line text: String, source: String) throws(SourceError) {
        let value = try JSONParser().parse(text, file: source)
        self = try JSONValueDecoder().decode(ControlReply.self, from: value, file: source)
    }
}
