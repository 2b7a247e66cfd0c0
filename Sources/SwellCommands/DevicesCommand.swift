import SwellSession
import ArgumentParser
import Foundation

package struct DevicesCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List playback PCMs (like aplay -L) and mixer controls (like amixer scontrols).")

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
    }
}
