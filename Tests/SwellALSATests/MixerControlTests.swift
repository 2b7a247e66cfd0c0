import Foundation
import SwellALSA
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

/// `MixerControl` on the fake sound-card mixer of `ALSATestConfiguration`
/// (an external control plugin whose state is a file), read back with
/// `amixer` in another process.
///
/// The fake's Master volume has steps 0…120 with dB data from −60 dB in
/// 0.5 dB steps; its PCM volume has steps 0…255 and no dB data.
@Suite("MixerControl")
struct MixerControlTests {
    let alsa: ALSATestConfiguration
    let configuration: ALSAConfiguration
    let mixer = ALSATestConfiguration.mixerDevice

    init() throws {
        alsa = try ALSATestConfiguration()
        configuration = try alsa.load()
    }

    private func control(_ name: String, on device: String = ALSATestConfiguration.mixerDevice) throws -> MixerControl {
        try MixerControl(device: device, name: name, configuration: configuration)
    }

    /// The Master step for `amplitude` from the control's definition:
    /// 20·log10(a) dB clamped to [−60, 0], to the nearest 0.5 dB step.
    private func expectedMasterStep(_ amplitude: Double) -> Int {
        let decibels = amplitude == 0 ? -60 : min(max(20 * log10(amplitude), -60), 0)
        return Int(((decibels + 60) / 0.5).rounded())
    }

    @Test("reports what the card's controls are made of")
    func capabilities() throws {
        let master = try control("Master")
        #expect(master.id == MixerControlID(name: "Master", index: 0))
        #expect(master.channels == ["Front Left", "Front Right"])
        #expect(master.hasPlaybackVolume)
        #expect(master.hasPlaybackSwitch)
        #expect(master.volumeRange == 0...120)
        #expect(master.decibelRange == -60...0)

        let pcm = try control("PCM")
        #expect(pcm.hasPlaybackVolume)
        #expect(!pcm.hasPlaybackSwitch)
        #expect(pcm.volumeRange == 0...255)
        #expect(pcm.decibelRange == nil)

        let muting = try control("Master", on: ALSATestConfiguration.muteMixerDevice)
        #expect(muting.decibelRange == -Double.infinity...0)
    }

    @Test("with dB data, levels are written in dB, both channels alike, as amixer sees them",
          arguments: [1.0, 0.5, 0.3, 0.1, 0.0123, 0.001, 0.0, 3.0])
    func decibelPath(amplitude: Double) throws {
        let master = try control("Master")
        // Start away from the target so that every case writes.
        try master.setLevel(amplitude: amplitude == 0.5 ? 0.25 : 0.5)
        #expect(try master.setLevel(amplitude: amplitude))

        let step = expectedMasterStep(amplitude)
        let decibels = -60 + 0.5 * Double(step)
        let peer = try AmixerControl.get("Master", device: mixer, configuration: alsa)
        #expect(peer.channels.map(\.name) == ["Front Left", "Front Right"])
        #expect(peer.channels.map(\.step) == [step, step])
        #expect(peer.channels.map(\.decibels) == [decibels, decibels])

        #expect(try master.channelLevels() == Array(repeating: .init(step: step, decibels: decibels), count: 2))
        #expect(abs(try master.level() - pow(10, decibels / 20)) < 1e-12)
    }

    @Test("without dB data, levels are raw steps linear in amplitude",
          arguments: [(1.0, 255), (0.5, 128), (0.25, 64), (0.1, 26), (0.0, 0), (1.7, 255)])
    func rawPath(amplitude: Double, step: Int) throws {
        let pcm = try control("PCM")
        try pcm.setLevel(amplitude: amplitude == 0.5 ? 0.25 : 0.5)
        try pcm.setLevel(amplitude: amplitude)

        let peer = try AmixerControl.get("PCM", device: mixer, configuration: alsa)
        #expect(peer.channels.map(\.step) == [step, step])
        #expect(peer.channels.allSatisfy { $0.decibels == nil })
        #expect(try pcm.level() == Double(step) / 255)
    }

    @Test("on a control whose minimum mutes, only amplitude 0 mutes")
    func muteAtMinimum() throws {
        let device = ALSATestConfiguration.muteMixerDevice
        let master = try control("Master", on: device)

        try master.setLevel(amplitude: 0)
        var peer = try AmixerControl.get("Master", device: device, configuration: alsa)
        #expect(peer.channels.map(\.step) == [0, 0])
        #expect(try master.level() == 0)
        #expect(try master.channelLevels().map(\.decibels) == [-.infinity, -.infinity])

        // −80 dB is below the lowest audible step (−59.5 dB): it gets that
        // step, not the mute below it.
        try master.setLevel(amplitude: 1e-4)
        peer = try AmixerControl.get("Master", device: device, configuration: alsa)
        #expect(peer.channels.map(\.step) == [1, 1])
        #expect(peer.channels.map(\.decibels) == [-59.5, -59.5])

        try master.setLevel(amplitude: 0.5)
        peer = try AmixerControl.get("Master", device: device, configuration: alsa)
        #expect(peer.channels.map(\.step) == [108, 108])
    }

    @Test("a level that quantises to the step last written is not written again")
    func unchangedWritesAreSkipped() throws {
        let master = try control("Master")
        let volumeWrites = { try alsa.mixerWrites(on: mixer).filter { $0.control == "Master Playback Volume" } }

        #expect(try master.setLevel(amplitude: 0.5))
        let afterFirst = try volumeWrites()
        #expect(afterFirst.last?.values == [108, 108])

        // −6.02 dB and −6.00 dB both round to step 108.
        #expect(try !master.setLevel(amplitude: 0.5))
        #expect(try !master.setLevel(amplitude: pow(10, -6.0 / 20)))
        #expect(try volumeWrites() == afterFirst)

        #expect(try master.setLevel(amplitude: 0.25))
        #expect(try volumeWrites().last?.values == [96, 96])
    }

    @Test("a dB ramp visits every step once, in order")
    func rampShape() throws {
        let master = try control("Master")
        try master.setLevel(amplitude: 0)
        let before = try alsa.mixerWrites(on: mixer).count
        // −60 dB to 0 dB in 0.2 dB increments, as a display link would
        // sample a linear-in-dB animation.
        let amplitudes = (0...300).map { pow(10, (-60 + 0.2 * Double($0)) / 20) }
        for amplitude in amplitudes {
            try master.setLevel(amplitude: amplitude)
        }
        // The states the card went through with both channels equal (alsa-lib
        // writes the channels one after the other), without repeats.
        let states = try alsa.mixerWrites(on: mixer).dropFirst(before)
            .filter { $0.control == "Master Playback Volume" && $0.values[0] == $0.values[1] }
            .map { $0.values[0] }
        var expected: [Int] = []
        for step in amplitudes.map(expectedMasterStep) where step != expected.last ?? 0 {
            expected.append(step)
        }
        #expect(states == expected)
        #expect(expected == Array(1...120))
    }

    @Test("a value written by another process is read back")
    func readsOtherProcessesWrites() throws {
        try Subprocess.run("amixer", ["-q", "-D", mixer, "sset", "Master", "30"], environment: alsa.environment).requireSuccess()
        let master = try control("Master")
        #expect(try master.channelLevels() == Array(repeating: .init(step: 30, decibels: -45), count: 2))
        #expect(try master.isPlaybackSwitchOn())
    }

    @Test("the playback switch turns both channels off and on")
    func playbackSwitch() throws {
        let master = try control("Master")
        try master.setPlaybackSwitch(false)
        #expect(try AmixerControl.get("Master", device: mixer, configuration: alsa).channels.map(\.isOn) == [false, false])
        #expect(try !master.isPlaybackSwitchOn())
        try master.setPlaybackSwitch(true)
        #expect(try AmixerControl.get("Master", device: mixer, configuration: alsa).channels.map(\.isOn) == [true, true])
    }

    @Test("a level that is not a finite amplitude ≥ 0 is refused before anything is written",
          arguments: [Double.nan, .infinity, -.infinity, -0.5])
    func invalidLevels(level: Double) throws {
        let master = try control("Master")
        #expect {
            try master.setLevel(amplitude: level)
        } throws: { error in
            (error as? ALSAError)?.description == "mixer level \(level) is not a finite amplitude ≥ 0"
        }
        #expect(try alsa.mixerWrites(on: mixer).isEmpty)
    }

    @Test("an unknown control names the device and the controls it has")
    func unknownControl() throws {
        #expect {
            try MixerControl(device: "default", name: "Foo", configuration: configuration)
        } throws: { error in
            (error as? ALSAError)?.description == "no mixer control 'Foo' on 'default'; controls: Master, PCM"
        }
    }

    @Test("an unknown device is 'No such device'")
    func unknownDevice() throws {
        #expect(throws: ALSAError.deviceNotFound(device: "hw:9")) { try MixerControl(device: "hw:9") }
        #expect(throws: ALSAError.deviceNotFound(device: "nonexistent")) {
            try MixerControl(device: "nonexistent", configuration: configuration)
        }
    }

    @Test("the controls of a device are those amixer scontrols lists")
    func listsControlsLikeAmixer() throws {
        let peer = try Subprocess.run("amixer", ["-D", mixer, "scontrols"], environment: alsa.environment).requireSuccess()
            .standardOutput.split(separator: "\n")
            .map { line -> MixerControlID in
                // Simple mixer control 'Master',0
                let quoted = line.split(separator: "'")
                return MixerControlID(name: String(quoted[1]), index: Int(quoted[2].dropFirst()) ?? -1)
            }
        let controls = try MixerControl.controls(onDevice: mixer, configuration: configuration)
        #expect(controls == peer)
        #expect(controls.map(\.description) == ["Master", "PCM"])
    }
}
