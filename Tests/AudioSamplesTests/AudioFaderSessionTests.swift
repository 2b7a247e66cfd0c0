import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `AudioFader` embeds a Swell session: `swell ctl` and `playerctl` (MPRIS,
/// on a D-Bus session bus of the test's own) drive the layers its keys do.
/// References: the MPRIS specification's `PlaybackStatus` values, the
/// value `ctl set` asked for, and the recorded samples of a constant file
/// (0.5 left, −0.25 right: the gain is the sample over the file's).
@Suite("AudioFader sample as a session",
       .enabled(if: SessionBus.toolsInstalled, "needs dbus-daemon, dbus-send and playerctl (scripts/setup installs them)"))
struct AudioFaderSessionTests {
    let levels: [Float] = [0.5, -0.25]

    @Test("playerctl plays and pauses it, swell ctl sets, reads and reports its volume, playerctl stop ends it")
    func drivenFromOutside() throws {
        let program = try SampleProgram("AudioFader")
        let alsa = try ALSATestConfiguration()
        let scratch = try ScratchDirectory()
        try ConstantSignal.write(to: scratch.path("constant.wav"), levels: levels, frames: 30 * 48_000, sampleRate: 48_000)
        let bus = try SessionBus(directory: scratch.url.path)
        let environment = alsa.environment.merging(
            ["XDG_RUNTIME_DIR": scratch.url.path, "DBUS_SESSION_BUS_ADDRESS": bus.address]) { _, new in new }
        let terminal = try PseudoTerminal(
            program, [scratch.path("constant.wav"), "--device", ALSATestConfiguration.realtimePCM],
            environment: environment)
        try terminal.expect("q quit")
        let swell = try Subprocess.product("swell")
        func ctl(_ arguments: [String]) throws -> String {
            try Subprocess.run(swell, ["ctl"] + arguments, environment: environment).requireSuccess().standardOutput
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // `ctl send FILE` prints a status reply as the session sent it.
        let statusRequest = scratch.path("status.jsonl")
        try Data(#"{"status": true}"#.utf8).write(to: URL(fileURLWithPath: statusRequest))
        func status() throws -> [String: Any] {
            let line = try ctl(["send", statusRequest])
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "\(line)")
        }
        let player = "swell.instance\(terminal.processIdentifier)"
        func playerctl(_ arguments: [String]) throws -> String {
            try Subprocess.run("playerctl", ["-p", player] + arguments, environment: environment).requireSuccess()
                .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try waitUntil("playerctl lists the sample") {
            try Subprocess.run("playerctl", ["-l"], environment: environment).standardOutput
                .split(separator: "\n").contains { $0 == player }
        }

        // It starts paused, as the keys' test has it; the session says so.
        #expect(try playerctl(["status"]) == "Paused")
        #expect(try status()["paused"] as? Bool == true)
        #expect(try status()["files"] as? [String] == [scratch.path("constant.wav")])

        _ = try playerctl(["play"])
        try terminal.expect("▶ playing")
        #expect(try playerctl(["status"]) == "Playing")
        #expect(try status()["paused"] as? Bool == false)

        // A set on the session's first layer, `music`, the layer the keys fade.
        _ = try ctl(["set", "volume=0.25", "--duration", "100ms"])
        // The fade ends 100 ms of audio after it began, however long a
        // loaded machine takes to play them.
        try waitUntil("the set's fade has ended") { try ctl(["get", "music.volume"]) == "0.25" }
        try terminal.expect("volume 0\\.250")
        let reported = try status()
        #expect(abs((reported["volume"] as? Double ?? .nan) - 0.25) < 1e-9, "\(reported)")
        let mprisVolume = try playerctl(["volume"])
        #expect(mprisVolume.hasPrefix("0.25"), "\(mprisVolume)")

        _ = try playerctl(["pause"])
        try terminal.expect("‖ paused")
        #expect(try status()["paused"] as? Bool == true)

        _ = try playerctl(["stop"])
        #expect(try terminal.waitForExit() == 0, "\(terminal.transcript)")

        // What was heard: silence before the play, then the file at full
        // volume, and at the end a quarter of it, before the pause's ramp.
        let recorded = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
        let gains = stride(from: 0, to: recorded.count - 1, by: 2).map { recorded[$0] / Double(levels[0]) }
        let first = try #require(gains.firstIndex { $0 != 0 }, "nothing was heard")
        let full = gains[first...].filter { abs($0 - 1) < 1e-6 }.count
        let quarter = gains[first...].filter { abs($0 - 0.25) < 1e-6 }.count
        #expect(full > 0 && quarter > 0, "\(full) frames at full volume, \(quarter) at 0.25")
        #expect(gains.allSatisfy { $0 >= 0 && $0 <= 1 + 1e-6 })
        #expect(try #require(gains.last) == 0, "the pause ends in silence")
    }
}
