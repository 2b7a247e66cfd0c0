import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell play` as an MPRIS media player, driven by `playerctl` — the
/// client desktop media keys and status bars use — on a D-Bus session bus
/// of the test's own, while the session plays on the test configuration's
/// real-time fake device, which records every frame. References: the MPRIS
/// specification's property values, the tags given to FFmpeg and the length
/// SoX's `soxi` reads, and the closed form of Core Animation's implicit
/// action (0.25 s, linear).
@Suite("MPRIS: swell play on the session bus, driven by playerctl",
       .enabled(if: SessionBus.toolsInstalled, "needs dbus-daemon, dbus-send and playerctl (scripts/setup installs them)"))
struct MPRISTests {
    static let sampleRate = 48_000

    /// `swell play FILE` on the real-time device with the bus in its
    /// environment, once `playerctl` lists it.
    /// `dbus-send --print-reply` of `arguments` (a method and its
    /// arguments) to the player `name`'s object: dbus's own client, beside
    /// playerctl, for what playerctl does not show or will not send.
    static func dbusSend(_ arguments: [String], to name: String, environment: [String: String]) throws -> Subprocess.Result {
        try Subprocess.run(
            "dbus-send",
            ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.\(name)", "/org/mpris/MediaPlayer2"] + arguments,
            environment: environment)
    }

    /// The reply to `Properties.Get` of `interface`'s `property` on the
    /// player `name`, as dbus-send prints it (`variant       boolean true`).
    static func property(_ interface: String, _ property: String, of name: String,
                         environment: [String: String]) throws -> String {
        try dbusSend(["org.freedesktop.DBus.Properties.Get", "string:\(interface)", "string:\(property)"],
                     to: name, environment: environment).requireSuccess().standardOutput
    }

    final class Player {
        let workspace: Workspace
        let bus: SessionBus
        let alsa: ALSATestConfiguration
        let process: SwellProcess.Running
        let environment: [String: String]

        init(playing input: String, in workspace: Workspace) throws {
            self.workspace = workspace
            bus = try SessionBus(directory: workspace.directory.path)
            alsa = try ALSATestConfiguration()
            environment = alsa.environment.merging(
                ["XDG_RUNTIME_DIR": workspace.directory.path, "DBUS_SESSION_BUS_ADDRESS": bus.address]) { _, new in new }
            process = try SwellProcess.start(
                ["play", input, "--device", ALSATestConfiguration.realtimePCM, "--quiet"], environment: environment)
            try waitUntil("playerctl lists the session") {
                try Subprocess.run("playerctl", ["-l"], environment: environment).standardOutput
                    .split(separator: "\n").contains { $0 == name }
            }
        }

        /// The name `playerctl -p` takes: the bus name less MPRIS's prefix.
        var name: String { "swell.instance\(process.processIdentifier)" }

        func playerctl(_ arguments: [String]) throws -> Subprocess.Result {
            try Subprocess.run("playerctl", ["-p", name] + arguments, environment: environment)
        }

        /// What `playerctl` prints, without its newline.
        func ask(_ arguments: [String]) throws -> String {
            try playerctl(arguments).requireSuccess().standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func ctl(_ arguments: [String]) throws -> SwellProcess.Result {
            try SwellProcess.run(["ctl"] + arguments, environment: environment)
        }

        /// The recording's frames, as (left, right) pairs, after the
        /// session ended.
        func captured() throws -> [(left: Double, right: Double)] {
            let samples = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
            return stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0], samples[$0 + 1]) }
        }

        deinit { process.stop() }
    }

    /// A constant 0.5 in both channels.
    static func constant(seconds: Double, in workspace: Workspace) throws -> String {
        try workspace.constantInput("in.wav", sampleRate: sampleRate, frames: Int(seconds * Double(sampleRate)), channels: 2)
    }

    @Test("Identity, capabilities, status, metadata from the file's tags, and Stop ending the session with exit 0",
          arguments: ["flac", "wav"])
    func metadataAndStop(container: String) throws {
        let workspace = try Workspace()
        let plain = try Self.constant(seconds: 3, in: workspace)
        let tagged = workspace.path("tagged.\(container)")
        try Subprocess.run("ffmpeg", ["-v", "error", "-i", plain, "-metadata", "title=Evening Tide",
                                      "-metadata", "artist=The Swell Players", "-metadata", "album=Shore Songs", tagged])
            .requireSuccess()
        let seconds = try #require(Double(try Subprocess.run("soxi", ["-D", tagged]).requireSuccess().standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let player = try Player(playing: tagged, in: workspace)
        #expect(try player.ask(["status"]) == "Playing")
        let format = "{{mpris:trackid}}|{{xesam:title}}|{{xesam:artist}}|{{xesam:album}}|{{mpris:length}}|{{xesam:url}}"
        let fields = try player.ask(["metadata", "--format", format]).split(separator: "|", omittingEmptySubsequences: false)
        #expect(fields.count == 6, "\(fields)")
        #expect(fields.dropFirst().prefix(3) == ["Evening Tide", "The Swell Players", "Shore Songs"], "\(fields)")
        // playerctl prints an object path as GLib prints a GVariant: quoted.
        #expect(fields.first?.hasPrefix("'/") == true, "the track id is an object path: \(fields)")
        #expect(fields[safe: 4].flatMap { Int64($0) } == Int64((seconds * 1e6).rounded()), "\(fields)")
        #expect(fields[safe: 5].map(String.init) == URL(fileURLWithPath: tagged).absoluteString, "\(fields)")
        // The properties the specification fixes for a player that plays
        // what it was given, at its own rate.
        for (property, expected) in [
            ("org.mpris.MediaPlayer2 Identity", "string \"Swell\""), ("org.mpris.MediaPlayer2 CanQuit", "boolean true"),
            ("org.mpris.MediaPlayer2 CanRaise", "boolean false"), ("org.mpris.MediaPlayer2 HasTrackList", "boolean false"),
            ("org.mpris.MediaPlayer2.Player CanPause", "boolean true"), ("org.mpris.MediaPlayer2.Player CanControl", "boolean true"),
            ("org.mpris.MediaPlayer2.Player CanGoNext", "boolean false"), ("org.mpris.MediaPlayer2.Player Rate", "double 1"),
            ("org.mpris.MediaPlayer2.Player MaximumRate", "double 1"),
        ] {
            let words = property.split(separator: " ").map(String.init)
            let reply = try Self.property(words[0], words[1], of: player.name, environment: player.environment)
            #expect(reply.contains("variant       \(expected)"), "\(property): \(reply)")
        }
        let stop = try player.playerctl(["stop"])
        #expect(stop.status == 0, "\(stop)")
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(try player.captured().count < 3 * Self.sampleRate, "stopped before the file's end")
    }

    /// `playerctl volume 0.25` is `swell ctl set volume=0.25`: the implicit
    /// action, a linear 0.25 s ramp from the volume heard to 0.25.
    @Test("playerctl volume ramps the sound to the new volume") func volume() throws {
        let workspace = try Workspace()
        let player = try Player(playing: try Self.constant(seconds: 2, in: workspace), in: workspace)
        #expect(try player.ask(["volume"]) == "1.000000")
        #expect(try player.playerctl(["volume", "0.25"]).status == 0)
        try waitUntil("the ramp is over") { try player.ask(["volume"]) == "0.250000" }
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let gains = try player.captured().prefix(2 * Self.sampleRate).map { $0.left / Workspace.level }
        let target = 0.25, duration = 0.25
        #expect(abs(gains[0] - 1) < 1e-6, "full volume before the request")
        #expect(gains.suffix(Self.sampleRate / 10).allSatisfy { abs($0 - target) < 1e-6 }, "\(gains.last ?? .nan)")
        let slope = (1 - target) / (duration * Double(Self.sampleRate))
        let steepest = zip(gains, gains.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(steepest <= slope * 1.001 + 1e-6, "no step steeper than the ramp: \(steepest) vs \(slope)")
        let ramping = gains.filter { $0 < 1 - 1e-6 && $0 > target + 1e-6 }.count
        #expect(abs(Double(ramping) - duration * Double(Self.sampleRate)) <= 2, "the ramp lasts 0.25 s: \(ramping) frames")
    }

    /// Pause and Play hold the file where it is and carry on from there:
    /// the left channel counts the file's frames (frame n is n/N of the
    /// right channel), so each frame heard says where in the file it is,
    /// whatever the gain. Every frame of the file is heard once, in order,
    /// with the one gap of the pause.
    @Test("pause and play stop the sound and carry it on where it was") func pauseAndPlay() throws {
        let workspace = try Workspace()
        let frames = 2 * Self.sampleRate
        let player = try Player(playing: try Self.counting(frames: frames, in: workspace), in: workspace)
        try waitUntil("0.4 s are played") { Double(try player.ask(["position"])) ?? 0 >= 0.4 }
        #expect(try player.playerctl(["pause"]).status == 0)
        #expect(try player.ask(["status"]) == "Paused", "the status is the new one once the call returns")
        // The sound fades out over 20 ms before its time stops
        // (docs/audio.md#pausing-without-a-click), and the device plays what
        // it holds: the position holds from then on.
        usleep(100_000)
        let held = try #require(Double(try player.ask(["position"])))
        usleep(500_000)
        #expect(Double(try player.ask(["position"])) == held, "the position holds while paused")
        #expect(try player.playerctl(["play"]).status == 0)
        #expect(try player.ask(["status"]) == "Playing")
        let result = try player.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")

        let heard = Self.heard(try player.captured(), frames: frames)
        #expect(heard.first?.n == 0 && heard.last?.n == frames - 1, "the whole file is heard: \(heard.first!) … \(heard.last!)")
        var pauses: [(at: Int, frames: Int)] = []
        for (before, after) in zip(heard, heard.dropFirst()) {
            let played = after.n - before.n, elapsed = after.index - before.index
            if played != elapsed { pauses.append((before.n, elapsed - played)) }
            // A pause or resume between two frames may hold either.
            #expect(played == elapsed || (0...2).contains(played),
                    "the file never jumps: frame \(before.n) then \(after.n) after \(elapsed) frames")
        }
        #expect(pauses.count == 1 && pauses[0].frames >= Self.sampleRate * 4 / 10, "one pause of about 0.5 s: \(pauses)")
        if let pause = pauses.first {
            #expect(abs(Double(pause.at) / Double(Self.sampleRate) - held) < 0.05,
                    "Position said where the file held: \(held) s, heard \(pause.at)")
        }
    }

    /// A file whose left channel counts its `frames` (frame n is n/N of
    /// the right channel), so each frame heard says where in the file it
    /// is, whatever the gain.
    static func counting(frames: Int, in workspace: Workspace) throws -> String {
        var samples: [Double] = []
        for n in 0..<frames { samples += [Workspace.level * Double(n) / Double(frames), Workspace.level] }
        return try workspace.write(WAVFile(sampleRate: sampleRate, channelCount: 2, encoding: .float, samples: samples),
                                   to: "count.wav")
    }

    /// The frames of a ``counting(frames:in:)`` file in `captured`: where
    /// each was heard and which it was (silent frames say nothing).
    static func heard(_ captured: [(left: Double, right: Double)], frames: Int) -> [(index: Int, n: Int)] {
        captured.enumerated().compactMap { index, frame in
            frame.right > 0 ? (index: index, n: Int((frame.left / frame.right * Double(frames)).rounded())) : nil
        }
    }

    /// `PropertiesChanged` follows every change, whoever makes it:
    /// `playerctl --follow` prints the status and the volume each time the
    /// session signals them, here after `swell ctl` requests.
    @Test("PropertiesChanged follows swell ctl's pause, resume and volume") func propertiesChanged() throws {
        let workspace = try Workspace()
        let player = try Player(playing: try Self.constant(seconds: 30, in: workspace), in: workspace)
        let follow = { (property: String) throws -> (output: String, process: Subprocess.Running) in
            let output = workspace.path("follow-\(property)")
            let process = try Subprocess.launch(
                Subprocess.locate("sh"), ["-c", "exec playerctl -p \(player.name) --follow \(property) > \(output)"],
                environment: player.environment)
            return (output, process)
        }
        func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let status = try follow("status"), volume = try follow("volume")
        defer { [status.process, volume.process].forEach { $0.stop() } }
        try waitUntil("the followers print the state") {
            lines(status.output) == ["Playing"] && lines(volume.output) == ["1.000000"]
        }
        #expect(try player.ctl(["pause"]).status == 0)
        try waitUntil("Paused is signalled", timeout: 10) { lines(status.output).last == "Paused" }
        #expect(try player.ctl(["resume"]).status == 0)
        try waitUntil("Playing is signalled", timeout: 10) { lines(status.output).count == 3 }
        #expect(lines(status.output) == ["Playing", "Paused", "Playing"])
        #expect(try player.ctl(["set", "volume=0.5", "--duration", "0"]).status == 0)
        try waitUntil("the volume is signalled", timeout: 10) { lines(volume.output).last == "0.500000" }
        #expect(try player.playerctl(["stop"]).status == 0)
        #expect(try player.process.wait().status == 0)
    }

    /// Without a session bus — none named, or one that cannot be reached —
    /// the session plays as it always has, and says nothing about it.
    @Test("without a bus the session plays silently", arguments: [nil, "unix:path=/nonexistent/bus"])
    func withoutBus(address: String?) throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: Self.sampleRate / 10, channels: 2)
        let environment = alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new }
        let command = [try SwellProcess.executable().path, "play", input, "--device", ALSATestConfiguration.capturePCM]
        let result = try Subprocess.run(
            "env", (address.map { ["DBUS_SESSION_BUS_ADDRESS=\($0)"] } ?? ["-u", "DBUS_SESSION_BUS_ADDRESS"]) + command,
            environment: environment)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(try alsa.captured(by: ALSATestConfiguration.capturePCM).count >= 2 * Self.sampleRate / 10)
    }
}
