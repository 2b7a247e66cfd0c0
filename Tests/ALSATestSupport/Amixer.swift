import Foundation
import TestSupport

/// A simple control as `amixer sget` reports it — the peer the mixer tests
/// read back with, in a separate process.
public struct AmixerControl: Equatable, Sendable {
    /// One channel's line, such as
    /// `Front Left: Playback 108 [90%] [-6.00dB] [on]`.
    public struct Channel: Equatable, Sendable {
        public var name: String
        public var step: Int
        /// The dB amixer prints, nil for a control without dB data.
        public var decibels: Double?
        /// `[on]` / `[off]`, nil for a control without a switch.
        public var isOn: Bool?
    }

    public var channels: [Channel]

    /// Runs `amixer -D DEVICE sget CONTROL` under `configuration` and parses
    /// its channel lines.
    public static func get(
        _ control: String, device: String, configuration: ALSATestConfiguration
    ) throws -> AmixerControl {
        let output = try Subprocess.run(
            "amixer", ["-D", device, "sget", control], environment: configuration.environment
        ).requireSuccess().standardOutput
        let channels = output.split(separator: "\n").compactMap(parseChannel)
        guard !channels.isEmpty else {
            throw TestSupportError("no playback channels in amixer's report on '\(control)':\n\(output)")
        }
        return AmixerControl(channels: channels)
    }

    /// `  NAME: Playback STEP [PERCENT%] [DB dB] [on|off]`; nil for the
    /// other lines of the report (`Limits: Playback 0 - 120` among them).
    private static func parseChannel(_ line: Substring) -> Channel? {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) != "Limits" else { return nil }
        let fields = parts[1].split(separator: " ")
        guard fields.count >= 2, fields[0] == "Playback", let step = Int(fields[1]) else { return nil }
        let bracketed = fields.dropFirst(2).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
        return Channel(
            name: parts[0].trimmingCharacters(in: .whitespaces),
            step: step,
            decibels: bracketed.first { $0.hasSuffix("dB") }.flatMap { Double($0.dropLast(2)) },
            isOn: bracketed.contains("on") ? true : bracketed.contains("off") ? false : nil)
    }
}
