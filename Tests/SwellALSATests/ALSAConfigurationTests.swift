import Foundation
import SwellALSA
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

@Suite("ALSAConfiguration")
struct ALSAConfigurationTests {
    @Test("a configuration given as text opens the devices it defines")
    func fromString() throws {
        let alsa = try ALSATestConfiguration()
        let text = try String(contentsOf: alsa.file, encoding: .utf8)
        let configuration = try ALSAConfiguration(string: text)
        let output = try PCMOutput(
            device: ALSATestConfiguration.s16PCM, channelCount: 2, sampleRate: 48_000, configuration: configuration)
        #expect(output.parameters.sampleFormat == .signed16)
        #expect(try MixerControl(device: ALSATestConfiguration.mixerDevice, configuration: configuration).volumeRange == 0...120)
    }

    @Test("devices it does not define are unknown to it, even ones the global configuration has")
    func replacesTheGlobalConfiguration() throws {
        // `null` is in every alsa.conf; this configuration defines only `nothing`.
        let configuration = try ALSAConfiguration(string: "pcm.nothing { type null }")
        _ = try PCMOutput(device: "nothing", channelCount: 1, sampleRate: 8_000, configuration: configuration)
        #expect(throws: ALSAError.deviceNotFound(device: "null")) {
            try PCMOutput(device: "null", channelCount: 1, sampleRate: 8_000, configuration: configuration)
        }
        _ = try PCMOutput(device: "null", channelCount: 1, sampleRate: 8_000)
    }

    @Test("malformed text and missing files are one clear error")
    func invalidConfigurations() throws {
        #expect {
            try ALSAConfiguration(string: "pcm.broken { type null")
        } throws: { error in
            (error as? ALSAError)?.description.hasPrefix("cannot load ALSA configuration <string>: ") == true
        }
        #expect {
            try ALSAConfiguration(contentsOf: "/nonexistent/asound.conf")
        } throws: { error in
            (error as? ALSAError)?.description == "cannot load ALSA configuration '/nonexistent/asound.conf': No such file or directory"
        }
    }
}
