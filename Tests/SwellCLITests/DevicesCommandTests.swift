import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell devices` lists the playback PCMs `aplay -L` lists and the mixer
/// controls `amixer scontrols` lists (docs/cli.md#devices), on the test
/// configuration.
@Suite("devices")
struct DevicesCommandTests {
    @Test("the PCMs of aplay -L and the controls of amixer scontrols, in their order")
    func matchesPeers() throws {
        let alsa = try ALSATestConfiguration()
        let result = try SwellProcess.run(["devices"], environment: alsa.environment)
        #expect(result.status == 0, "\(result)")
        let sections = result.standardOutput.components(separatedBy: "Mixer controls on")
        try #require(sections.count == 2, "\(result.standardOutput)")
        // Names are indented by two spaces, their descriptions by more.
        func names(_ text: String) -> [String] {
            text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }

        // aplay -L: a name on a line of its own, its description indented.
        let aplay = try Subprocess.run("aplay", ["-L"], environment: alsa.environment).requireSuccess().standardOutput
        let pcms = aplay.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(names(sections[0]) == pcms)
        #expect(pcms.contains(ALSATestConfiguration.capturePCM))

        // amixer scontrols: "Simple mixer control 'Master',0".
        let amixer = try Subprocess.run("amixer", ["scontrols"], environment: alsa.environment).requireSuccess().standardOutput
        let controls = amixer.split(separator: "\n").compactMap { line in
            line.split(separator: "'").dropFirst().first.map(String.init)
        }
        #expect(names(sections[1]) == controls)
        #expect(controls == ["Master", "PCM"])
    }
}
