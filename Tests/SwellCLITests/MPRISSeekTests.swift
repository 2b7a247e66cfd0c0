import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// Seeking a `swell play` through MPRIS, as `playerctl position` does:
/// `playerctl position 5` is `SetPosition` with the playing track's id,
/// `position 2+` and `2-` are `Seek` by ±2 s
/// (https://specifications.freedesktop.org/mpris-spec/latest/Player_Interface.html).
/// The file's left channel counts its frames
/// (``MPRISTests/counting(frames:in:)``), so the recording says which
/// frame of the file each frame heard was; `dbus-monitor` records the
/// `Seeked` signals. References: the specification's rules (a position
/// out of the track is ignored, a seek past the end is a Next, here the
/// file's end, which ends the session), and the frame counts the targets
/// make at 48 kHz.
@Suite("MPRIS seeking: SetPosition and Seek move the file, Seeked tells",
       .enabled(if: SessionBus.toolsInstalled && (try? Subprocess.locate("dbus-monitor")) != nil,
                "needs dbus-daemon, dbus-send, dbus-monitor and playerctl (scripts/setup installs them)"))
struct MPRISSeekTests {
    static let rate = MPRISTests.sampleRate
    /// How far `Position`, read at the frame being heard, may trail a seek's
    /// target: the seek takes effect at the commit time, the next frame
    /// not yet rendered, which the device's buffer (6 periods of 256
    /// frames, 32 ms) and the render thread's lead put ahead of the frame
    /// heard.
    static let latency = 0.1

    /// `dbus-monitor` recording the session's `Seeked` signals.
    final class SeekedMonitor {
        private let output: String
        private let process: Subprocess.Running

        init(_ player: MPRISTests.Player) throws {
            output = player.workspace.path("seeked")
            process = try Subprocess.launch(
                Subprocess.locate("sh"),
                ["-c", "exec dbus-monitor --session \"type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'\" > \(output)"],
                environment: player.environment)
            // dbus-monitor prints the NameAcquired of its own connection
            // once it is listening.
            try waitUntil("dbus-monitor listens") {
                ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("NameAcquired")
            }
        }

        deinit { process.stop() }

        /// The positions the signals carried, in seconds, in order.
        var positions: [Double] {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                return words.count == 2 && words[0] == "int64" ? Double(words[1]).map { $0 / 1e6 } : nil
            }
        }

        func waitFor(_ count: Int) throws {
            try waitUntil("\(count) Seeked signals", timeout: 10) { positions.count >= count }
        }
    }

    /// Where the file jumped: each pair of frames heard one after the other
    /// whose file frames do not follow as the frames heard do, as (the
    /// frame before, the frame after).
    static func jumps(in heard: [(index: Int, n: Int)]) -> [(from: Int, to: Int)] {
        zip(heard, heard.dropFirst()).compactMap { before, after in
            // A pause or resume between two frames may hold one.
            let played = after.n - before.n, elapsed = after.index - before.index
            return played == elapsed || (0...2).contains(played) && elapsed > played ? nil : (before.n, after.n)
        }
    }

    @Test("SetPosition moves the file to the position, Position reads it and Seeked says it; one outside the track is ignored")
    func setPosition() throws {
        let workspace = try Workspace()
        let frames = 6 * Self.rate
        let player = try MPRISTests.Player(playing: try MPRISTests.counting(frames: frames, in: workspace), in: workspace)
        let seeked = try SeekedMonitor(player)
        #expect(try player.ask(["metadata", "--format", "{{mpris:length}}"]) == "6000000")
        let canSeek = try MPRISTests.property("org.mpris.MediaPlayer2.Player", "CanSeek", of: player.name,
                                              environment: player.environment)
        #expect(canSeek.contains("variant       boolean true"), "\(canSeek)")
        try waitUntil("0.3 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.3 }
        // Past the track's length: ignored, as the specification says.
        #expect(try player.playerctl(["position", "7"]).status == 0)
        #expect(Double(try player.ask(["position"])) ?? 99 < 2, "a position past the end is ignored")
        #expect(try player.playerctl(["position", "5"]).status == 0)
        let position = try #require(Double(try player.ask(["position"])))
        #expect(position <= 5 && position > 5 - Self.latency, "Position reads the new place: \(position)")
        try seeked.waitFor(1)
        #expect(seeked.positions == [5], "Seeked carries the position, 5 000 000 µs: \(seeked.positions)")
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")

        let heard = MPRISTests.heard(try player.captured(), frames: frames)
        let jumps = Self.jumps(in: heard)
        #expect(jumps.count == 1, "one jump: \(jumps)")
        // The file is at 5 s at the seek's commit frame; the frames heard
        // from there on follow its time, so the first is frame 240 000, or
        // a few later when the render thread had gone past that frame by
        // the time the file's reader was open (no later than the latency).
        #expect(jumps.first.map { (5 * Self.rate - 1...5 * Self.rate + Int(Self.latency * Double(Self.rate))).contains($0.to) } == true,
                "the file carries on from frame 240 000: \(jumps)")
        #expect(jumps.first.map { $0.from < 2 * Self.rate } == true, "from where it was: \(jumps)")
        #expect(heard.first?.n == 0 && heard.last?.n == frames - 1, "then plays to its end")
    }

    @Test("Seek moves the file by the offset, forward and back; Seeked says where it went")
    func seek() throws {
        let workspace = try Workspace()
        let frames = 5 * Self.rate
        let player = try MPRISTests.Player(playing: try MPRISTests.counting(frames: frames, in: workspace), in: workspace)
        let seeked = try SeekedMonitor(player)
        try waitUntil("0.3 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.3 }
        #expect(try player.playerctl(["position", "2+"]).status == 0)
        try seeked.waitFor(1)
        usleep(300_000)
        #expect(try player.playerctl(["position", "1-"]).status == 0)
        try seeked.waitFor(2)
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")

        let captured = try player.captured()
        let heard = MPRISTests.heard(captured, frames: frames)
        let jumps = Self.jumps(in: heard)
        try #require(jumps.count == 2, "two jumps: \(jumps)")
        // Without a click (docs/audio.md#seeking-without-a-click): the
        // counting channel, whose file frames step by level/frames, jumps by
        // 0.4 of the level at a 2 s seek when cut straight; faded out over
        // 20 ms (960 frames) and in again, no step between two frames heard
        // one after the other is more than a 960th of the level. Steps to
        // or from silence — the file's own end, a device underrun under
        // load, the fade's one frame at 0 — are left out.
        let steps = zip(captured, captured.dropFirst()).compactMap { a, b in
            a.right > 0 && b.right > 0 ? abs(b.left - a.left) : nil
        }
        let bound = Workspace.level / 960 + Workspace.level / Double(frames) + 1e-6
        #expect(steps.max().map { $0 <= bound } == true, "largest step \(steps.max() ?? 0), bound \(bound)")
        // Each jump skips the offset, less the frame the two neighbours
        // are apart anyway.
        #expect(abs(jumps[0].to - jumps[0].from - 1 - 2 * Self.rate) <= 1, "2 s forward: \(jumps)")
        #expect(abs(jumps[1].to - jumps[1].from - 1 + 1 * Self.rate) <= 1, "1 s back: \(jumps)")
        let positions = seeked.positions
        #expect(positions.count == 2, "\(positions)")
        // Seeked says where the file is at the seek's commit frame; the
        // first frame heard there, or up to the latency later (as above).
        for (jump, position) in zip(jumps, positions) {
            let late = Double(jump.to) / Double(Self.rate) - position
            #expect(late >= -1.0 / Double(Self.rate) && late <= Self.latency,
                    "Seeked says where the file went: \(position) s, heard frame \(jump.to)")
        }
        #expect(heard.last?.n == frames - 1, "then plays to its end")
    }

    @Test("a seek while paused moves the held position, and play carries on from there")
    func seekWhilePaused() throws {
        let workspace = try Workspace()
        let frames = 4 * Self.rate
        let player = try MPRISTests.Player(playing: try MPRISTests.counting(frames: frames, in: workspace), in: workspace)
        try waitUntil("0.3 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.3 }
        #expect(try player.playerctl(["pause"]).status == 0)
        usleep(100_000)
        #expect(try player.playerctl(["position", "3"]).status == 0)
        #expect(try player.ask(["position"]) == "3.000000", "the paused tree holds the new time")
        // The control socket's status says the same.
        let request = try workspace.write("{\"status\": true}\n", to: "status.jsonl")
        let status = try player.ctl(["send", request])
        let reply = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        #expect(reply?["position"] as? Double == 3 && reply?["paused"] as? Bool == true, "\(status)")
        #expect(try player.ask(["status"]) == "Paused")
        #expect(try player.playerctl(["play"]).status == 0)
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")

        let heard = MPRISTests.heard(try player.captured(), frames: frames)
        let jumps = Self.jumps(in: heard)
        #expect(jumps.count == 1 && jumps.first.map { (3 * Self.rate - 1...3 * Self.rate + 1).contains($0.to) } == true,
                "play carries on from frame 144 000: \(jumps)")
        #expect(heard.last?.n == frames - 1)
    }

    /// `swell ctl seek` sends the control socket's `position` and `seek`
    /// requests, and prints where the file went; `Seeked` follows a seek
    /// whoever asked for it.
    @Test("swell ctl seek moves the file, prints where it went, and MPRIS signals Seeked")
    func ctlSeek() throws {
        let workspace = try Workspace()
        let frames = 6 * Self.rate
        let player = try MPRISTests.Player(playing: try MPRISTests.counting(frames: frames, in: workspace), in: workspace)
        let seeked = try SeekedMonitor(player)
        try waitUntil("0.3 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.3 }
        let absolute = try player.ctl(["seek", "4s"])
        #expect(absolute.status == 0 && absolute.standardOutput == "4.000\n", "\(absolute)")
        try seeked.waitFor(1)
        // Seeks asked for within one jump's 20 ms fade join it
        // (docs/control.md#seeking): the second waits until the file plays
        // on from where the first went.
        try waitUntil("the first seek's fade is over") {
            Double(try player.ask(["position"])) ?? 0 >= 4.1
        }
        let back = try player.ctl(["seek", "1500ms-"])
        #expect(back.status == 0, "\(back)")
        let went = try #require(Double(back.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(went > 2.5 && went < 2.5 + 1, "1.5 s back from a little after 4 s: \(went)")
        try seeked.waitFor(2)
        #expect(seeked.positions.count == 2 && seeked.positions.first == 4, "\(seeked.positions)")
        #expect(seeked.positions.last.map { abs($0 - went) <= 5e-4 } == true, "printed to the millisecond: \(seeked.positions) vs \(went)")
        let refused = try player.ctl(["seek", "soon"])
        #expect(refused.status == 2 && !refused.standardError.isEmpty, "\(refused)")
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let jumps = Self.jumps(in: MPRISTests.heard(try player.captured(), frames: frames))
        #expect(jumps.count == 2, "two jumps: \(jumps)")
    }

    /// Standard input from a pipe is read once, from its start: `CanSeek`
    /// is false, so `Seek` does nothing (as the specification has it), and
    /// the control socket's `seek` is refused with one line, exit 2.
    @Test("a stream cannot seek: CanSeek is false, Seek does nothing, ctl's seek is refused")
    func streamCannotSeek() throws {
        let workspace = try Workspace()
        let bus = try SessionBus(directory: workspace.directory.path)
        let alsa = try ALSATestConfiguration()
        let environment = alsa.environment.merging(
            ["XDG_RUNTIME_DIR": workspace.directory.path, "DBUS_SESSION_BUS_ADDRESS": bus.address]) { _, new in new }
        let input = try MPRISTests.constant(seconds: 3, in: workspace)
        let swell = try SwellProcess.executable().path
        let process = try Subprocess.launch(
            Subprocess.locate("sh"),
            ["-c", "cat '\(input)' | exec '\(swell)' play - --device \(ALSATestConfiguration.realtimePCM) --quiet"],
            environment: environment)
        defer { process.stop() }
        var name = ""
        try waitUntil("playerctl lists the session") {
            name = try Subprocess.run("playerctl", ["-l"], environment: environment).standardOutput
                .split(separator: "\n").first { $0.hasPrefix("swell.instance") }.map(String.init) ?? ""
            return !name.isEmpty
        }
        let canSeek = try MPRISTests.property("org.mpris.MediaPlayer2.Player", "CanSeek", of: name, environment: environment)
        #expect(canSeek.contains("variant       boolean false"), "\(canSeek)")
        // playerctl itself will not seek a player that cannot: the call,
        // made directly, is answered and does nothing.
        let seek = try MPRISTests.dbusSend(["org.mpris.MediaPlayer2.Player.Seek", "int64:2000000"], to: name,
                                           environment: environment)
        #expect(seek.status == 0, "\(seek)")
        let position = Double(try Subprocess.run("playerctl", ["-p", name, "position"], environment: environment)
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99
        #expect(position < 2, "Seek did nothing: \(position)")
        let refused = try Subprocess.run("sh", ["-c", "echo '{\"seek\": 1}' | '\(swell)' ctl send -"], environment: environment)
        #expect(refused.status == 2 && refused.standardError.contains("is a stream, which cannot seek"), "\(refused)")
        #expect(try Subprocess.run("playerctl", ["-p", name, "stop"], environment: environment).status == 0)
        #expect(try process.wait().status == 0)
    }

    @Test("a seek past the end ends the file, and the session with exit 0")
    func seekPastTheEnd() throws {
        let workspace = try Workspace()
        let frames = 30 * Self.rate
        let player = try MPRISTests.Player(playing: try MPRISTests.counting(frames: frames, in: workspace), in: workspace)
        try waitUntil("0.3 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.3 }
        #expect(try player.playerctl(["position", "100+"]).status == 0)
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(try player.captured().count < 5 * Self.rate, "ended long before the file's 30 s")
    }
}
