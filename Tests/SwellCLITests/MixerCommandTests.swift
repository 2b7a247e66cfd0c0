import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell mixer` on the test configuration's fake sound-card mixer, whose
/// state is a file and whose every write is logged with a monotonic time
/// stamp, read back with `amixer` (alsa-utils) in another process.
///
/// The fake's Master has steps 0…120 with dB data from −60 dB in 0.5 dB
/// steps; its PCM has raw steps 0…255 and no dB data, so levels map to
/// `round(255·amplitude)` — fine enough steps that a one-second ramp
/// changes the value at every display frame. Both start at their maximum.
@Suite("mixer: ramps on a sound card's mixer", .serialized)
struct MixerCommandTests {
    let alsa: ALSATestConfiguration
    let mixer = ALSATestConfiguration.mixerDevice

    init() throws {
        alsa = try ALSATestConfiguration()
    }

    private func swell(_ arguments: [String]) throws -> SwellProcess.Result {
        try SwellProcess.run(["mixer", "--device", mixer] + arguments, environment: alsa.environment, timeout: 30)
    }

    private func amixer(_ control: String) throws -> [Int] {
        try AmixerControl.get(control, device: mixer, configuration: alsa).channels.map(\.step)
    }

    /// The writes to `control` ("Master", "PCM"), oldest first.
    private func writes(to control: String) throws -> [MixerWrite] {
        try alsa.mixerWrites(on: mixer).filter { $0.control == "\(control) Playback Volume" }
    }

    /// The levels `control` was set to, oldest first: the writes that
    /// leave both channels alike. (alsa-lib's simple-mixer setters write
    /// the card's control once per channel, so one change of a stereo level
    /// arrives as two writes; see ``oneWritePerChange()``.)
    private func levels(of control: String) throws -> [(time: Double, step: Int)] {
        try writes(to: control).filter { $0.values.count == 2 && $0.values[0] == $0.values[1] }.map { ($0.time, $0.values[0]) }
    }

    @Test("--to 20% over 1 s on Master ends at −14 dB in dB steps, as amixer reads it")
    func toLevelInDecibels() throws {
        let result = try swell(["--to", "20%", "--duration", "1s"])
        #expect(result.status == 0, "\(result)")
        // 20 log10(0.2) = −13.98 dB, to the nearest 0.5 dB step: −14 dB,
        // step (−14 + 60) / 0.5 = 92.
        let peer = try AmixerControl.get("Master", device: mixer, configuration: alsa)
        #expect(peer.channels.map(\.step) == [92, 92])
        #expect(peer.channels.map(\.decibels) == [-14, -14])

        let log = try levels(of: "Master")
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.step > $1.step }, "every change moves the level down")
        #expect(log.last?.step == 92)
        // The level moves from 0 to −14 dB over about a second.
        if let first = log.first, let last = log.last {
            #expect((0.8...1.3).contains(last.time - first.time), "the ramp took \(last.time - first.time) s")
        }
    }

    @Test("each change of level is one write of both channels, and nothing else is written")
    func oneWritePerChange() throws {
        let result = try swell(["--to", "20%", "--duration", "0.3s"])
        #expect(result.status == 0, "\(result)")
        let log = try alsa.mixerWrites(on: mixer)
        #expect(!log.isEmpty)
        // docs/audio.md#mixerlayer: writes only on change, every channel in
        // one write of the card's control — the control API
        // (snd_ctl_elem_write) takes both channels at once, and
        // MixerControl.setLevel writes the card's volume control with it.
        #expect(log.allSatisfy { $0.control == "Master Playback Volume" }, "only the volume is written")
        #expect(log.allSatisfy { $0.values.count == 2 && $0.values[0] == $0.values[1] }, "both channels in one write")
    }

    @Test("--to on a raw control: ≥ 50 writes a second while the level moves, linear in time, none once it rests")
    func writeRate() throws {
        let result = try swell(["--control", "PCM", "--to", "20%", "--duration", "1s"])
        #expect(result.status == 0, "\(result)")
        #expect(try amixer("PCM") == [51, 51])

        let log = try levels(of: "PCM")
        try #require(log.count >= 2)
        let span = log.last!.time - log.first!.time
        #expect(Double(log.count - 1) / span >= 50, "\(log.count) changes in \(span) s")
        #expect(log.last!.step == 51)
        #expect(try writes(to: "PCM").last?.values == [51, 51], "no write after the level has arrived")
        #expect(log.filter { $0.step == 51 }.count == 1, "no write after the level has arrived")
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.step > $1.step })
        // Linear in time: 255 − 204·(τ − origin) with the origin fitted to
        // the writes, within 50 ms and a step. The times are when the writes
        // arrived, so a thread descheduled on a busy machine shows as lateness;
        // 50 ms (11 steps) still tells linear from an eased curve (easeIn is
        // up to 38 steps off linear).
        let origin = log.map { $0.time - Double(255 - $0.step) / 204 }.reduce(0, +) / Double(log.count)
        let worst = log.map { abs(Double($0.step) - (255 - 204 * min(max($0.time - origin, 0), 1))) }.max()!
        #expect(worst <= 204 * 0.05 + 1, "a write is \(worst) steps off the linear ramp")
    }

    @Test("--ramp: moves, rests without writing, moves again")
    func ramp() throws {
        let result = try swell(["--control", "PCM", "--ramp", "0:100% 0.3:50%:easeIn 0.8:50% 1.1:80%"])
        #expect(result.status == 0, "\(result)")
        #expect(try amixer("PCM") == [204, 204])

        let log = try levels(of: "PCM")
        try #require(log.count >= 2)
        let values = log.map(\.step)
        // Down to 50 % (127.5, either neighbouring step), then up to 204.
        let bottom = values.firstIndex(of: values.min()!)!
        #expect((127...128).contains(values[bottom]))
        #expect(values[...bottom].elementsEqual(values[...bottom].sorted(by: >)))
        #expect(values[bottom...].elementsEqual(values[bottom...].sorted()))
        #expect(values.last == 204)
        // The 0.5 s rest at 50 % is a 0.5 s silence in the write log.
        let longestGap = zip(log, log.dropFirst()).map { $1.time - $0.time }.max()!
        #expect((0.4...0.7).contains(longestGap), "the longest pause between writes is \(longestGap) s")
    }

    @Test("--script drives the script's mixer layer")
    func script() throws {
        let workspace = try Workspace()
        let script = try workspace.write("""
            {"version": 1,
             "layers": [{"name": "card", "type": "mixer", "device": "\(mixer)", "control": "PCM"}],
             "events": [
               {"at": 0, "layer": "card", "set": {"volume": 0.3}, "duration": 0.4, "timingFunction": "easeOut"},
               {"at": 0.6, "layer": "card", "set": {"volume": 0.8}, "duration": 0.3}
             ]}
            """, to: "card.json")
        let result = try swell(["--script", script])
        #expect(result.status == 0, "\(result)")
        #expect(try amixer("PCM") == [204, 204])
        let values = try levels(of: "PCM").map(\.step)
        #expect(values.contains { (76...77).contains($0) }, "the level reached 30 % (76.5) on the way")
        #expect(values.last == 204)
    }

    @Test("--restore puts the original level back")
    func restore() throws {
        try Subprocess.run("amixer", ["-D", mixer, "sset", "PCM", "200"], environment: alsa.environment).requireSuccess()
        let result = try swell(["--control", "PCM", "--to", "10%", "--duration", "0.4s", "--restore"])
        #expect(result.status == 0, "\(result)")
        #expect(try amixer("PCM") == [200, 200])
        let values = try levels(of: "PCM").map(\.step)
        #expect(values.contains(26), "the ramp went down to 10 % (25.5 → 26) before restoring")
        #expect(values.last == 200)
    }

    /// Starts a 4 s ramp of PCM to 0, waits until it has moved, and sends
    /// SIGINT.
    private func interruptedRamp(extra: [String]) throws -> (result: SwellProcess.Result, lastWrite: Int?) {
        let running = try SwellProcess.start(
            ["mixer", "--device", mixer, "--control", "PCM", "--to", "0", "--duration", "4s"] + extra,
            environment: alsa.environment)
        let deadline = Date().addingTimeInterval(10)
        while try levels(of: "PCM").count < 20 && Date() < deadline { usleep(20_000) }
        running.interrupt()
        let result = try running.wait(timeout: 10)
        return (result, try levels(of: "PCM").last?.step)
    }

    @Test("SIGINT mid-ramp exits 130 and leaves the level where the ramp was")
    func interrupt() throws {
        let (result, last) = try interruptedRamp(extra: [])
        #expect(result.status == 130, "\(result)")
        #expect(result.errorLines.count <= 1)
        let level = try amixer("PCM")
        #expect(level == [last, last].compactMap { $0 })
        #expect((1...254).contains(level.first ?? -1), "stopped mid-ramp, not at either end: \(level)")
    }

    @Test("SIGINT mid-ramp with --restore exits 130 and puts the original level back")
    func interruptAndRestore() throws {
        let (result, _) = try interruptedRamp(extra: ["--restore"])
        #expect(result.status == 130, "\(result)")
        #expect(try amixer("PCM") == [255, 255])
    }
}
