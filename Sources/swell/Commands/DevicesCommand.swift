import ArgumentParser
import Foundation
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List playback PCMs (like aplay -L) and mixer controls (like amixer scontrols).")

    @Option(help: ArgumentHelp("The control device whose mixer controls to list.", valueName: "ctl"))
    var device = "default"

    func run() throws {
        print("Playback devices (--device):")
        for pcm in try PCMDevice.playbackDevices() {
            print("  \(pcm.name)")
            for line in pcm.description.split(separator: "\n") { print("      \(line)") }
        }
        print("Mixer controls on '\(device)' (swell mixer --control):")
        do {
            for control in try MixerControl.controls(onDevice: device) { print("  \(control)") }
        } catch {
            print("  none: \(error)")
        }
    }
}
