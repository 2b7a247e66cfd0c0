import Foundation
import TestSupport

/// One write the fake mixer received, from its log: when (`CLOCK_MONOTONIC`
/// seconds, comparable between processes), which control, which values.
public struct MixerWrite: Equatable, Sendable {
    public var time: Double
    /// The card-level control name: "Master Playback Volume", …
    public var control: String
    /// One raw value per channel.
    public var values: [Int]

    /// Parses a log of `SECONDS.NANOSECONDS<TAB>NAME<TAB>LEFT<TAB>RIGHT`
    /// lines; a log that does not exist yet is empty.
    static func log(at url: URL) throws -> [MixerWrite] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n")
            .map { line in
                let fields = line.split(separator: "\t").map(String.init)
                guard fields.count >= 3, let time = Double(fields[0]) else {
                    throw TestSupportError("malformed mixer log line '\(line)' in \(url.path)")
                }
                let values = try fields.dropFirst(2).map { field in
                    guard let value = Int(field) else {
                        throw TestSupportError("malformed value '\(field)' in mixer log \(url.path)")
                    }
                    return value
                }
                return MixerWrite(time: time, control: fields[1], values: values)
            }
    }
}
