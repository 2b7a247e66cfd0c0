import Foundation
import SwellALSA
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

@Suite("PCMDevice")
struct PCMDeviceTests {
    /// `aplay -L`'s report: a name at the start of a line, then its
    /// description lines indented by four spaces.
    private func parseAplayList(_ output: String) -> [PCMDevice] {
        var devices: [PCMDevice] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("    "), var last = devices.popLast() {
                let text = String(line.dropFirst(4))
                last.description = last.description.isEmpty ? text : last.description + "\n" + text
                devices.append(last)
            } else {
                devices.append(PCMDevice(name: String(line), description: ""))
            }
        }
        return devices
    }

    @Test("lists the playback PCMs aplay -L lists, with their descriptions")
    func matchesAplayOnTheGlobalConfiguration() throws {
        let peer = parseAplayList(try Subprocess.run("aplay", ["-L"]).requireSuccess().standardOutput)
        #expect(!peer.isEmpty, "aplay -L lists at least the null device")
        #expect(try PCMDevice.playbackDevices() == peer)
    }

    @Test("lists the PCMs an ALSA_CONFIG_PATH configuration defines")
    func listsConfiguredDevices() async throws {
        let alsa = try ALSATestConfiguration()
        let path = alsa.file.path
        // Hints come from the global configuration only, so the listing runs
        // in a child process whose environment points at the test
        // configuration; this process's environment is left alone.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [path = path as String] in
            setenv("ALSA_CONFIG_PATH", path, 1)
            let devices = try PCMDevice.playbackDevices()
            let lines = devices.map { "\($0.name)\t\($0.description.replacingOccurrences(of: "\n", with: "\\n"))" }
            print(lines.joined(separator: "\n"))
        }
        let listed = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
            .split(separator: "\n")
            .map { line in
                let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
                return PCMDevice(
                    name: fields[0],
                    description: fields.count > 1 ? fields[1].replacingOccurrences(of: "\\n", with: "\n") : "")
            }
        let peer = parseAplayList(try Subprocess.run("aplay", ["-L"], environment: alsa.environment).requireSuccess().standardOutput)
        #expect(listed == peer)
        let names = Set(listed.map(\.name))
        for name in ["default", "null", ALSATestConfiguration.capturePCM, ALSATestConfiguration.integerCapturePCM,
                     ALSATestConfiguration.s16PCM, ALSATestConfiguration.realtimePCM] {
            #expect(names.contains(name), "\(name) is listed")
        }
    }
}
