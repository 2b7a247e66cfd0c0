import SwellSession
import ArgumentParser
import Foundation

package struct DevicesCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List playback PCMs (like aplay -L), mixer controls (like amixer scontrols), and the sound server's playback streams and sinks (like pactl list).")

    @Option(help: ArgumentHelp("The control device whose mixer controls to list (default: default).", valueName: "ctl"))
    package var device: String?

    /// A device named with `--device` that cannot be opened is a device
    /// failure (exit 1), as for `amixer -D`; the default device of a machine
    /// without a sound card only has no controls to list.
    package func run() throws {
        let name = device ?? "default"
        let controls = Result { try MixerControl.controls(onDevice: name) }
        if device != nil { _ = try controls.get() }
        let pcms = try PCMDevice.playbackDevices()
        print("Playback devices (--device):")
        for pcm in pcms {
            print("  \(pcm.name)")
            for line in pcm.description.split(separator: "\n") { print("      \(line)") }
        }
        print("Mixer controls on '\(name)' (swell mixer --control):")
        switch controls {
        case .success(let controls): for control in controls { print("  \(control)") }
        case .failure(let error): print("  none: \(error)")
        }
        // The sound server, when one runs: PulseAudio or PipeWire's.
        do {
            let server = try PulseConnection()
            print("Playback streams (swell mixer --app NAME, --role ROLE, --stream INDEX):")
            for stream in try server.streams() {
                let about = [stream.detail, stream.role.isEmpty ? "" : "role \(stream.role)"].filter { !$0.isEmpty }
                print("  #\(stream.index) \(stream.name)\(about.isEmpty ? "" : " (\(about.joined(separator: ", ")))")"
                      + "  volume \(Self.percent(stream))")
            }
            print("Sinks (swell mixer --sink NAME, or @DEFAULT_SINK@):")
            for sink in try server.sinks() {
                print("  \(sink.name)  volume \(Self.percent(sink))")
                print("      \(sink.detail)")
            }
        } catch {
            print("Sound server: none: \(error)")
        }
    }

    /// The server's volume as `pactl` shows it: a percentage of its cubic scale.
    private static func percent(_ node: PulseNode) -> String {
        "\(Int((Double(node.volumes.max() ?? 0) / 65536 * 100).rounded()))%"
    }
}
