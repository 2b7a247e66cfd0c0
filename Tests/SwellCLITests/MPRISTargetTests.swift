import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// An `mpris` layer drives another player's MPRIS `Volume`, and `--then`
/// tells it to pause where the ramp ends (docs/streams.md#mpris-players).
/// The other player is `swell play` itself, on a session bus of the test's
/// own, read back by `playerctl` — the client desktop media keys use.
/// References: the MPRIS specification's `Volume` and `PlaybackStatus`, and
/// the closed form of the ramp.
@Suite("MPRIS players as targets: an mpris layer's volume, --then pause",
       .enabled(if: SessionBus.toolsInstalled, "needs dbus-daemon, dbus-send and playerctl (scripts/setup installs them)"))
struct MPRISTargetTests {
    /// A script whose `mpris` layer ramps `player`'s volume to `level`
    /// over `duration` from its start.
    static func script(player: String, level: Double, duration: Double) -> String {
        """
        {"version": 1, "layers": [{"name": "player", "type": "mpris", "player": "\(player)"}],
         "events": [{"at": 0, "layer": "player", "set": {"volume": \(level)}, "duration": \(duration), "timingFunction": "linear"}]}
        """
    }

    @Test("the layer's ramp sets the player's Volume to where it ends; --then pause pauses it")
    func rampThenPause() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput("in.wav", sampleRate: 48_000, frames: 48_000 * 20, channels: 2)
        let player = try MPRISTests.Player(playing: input, in: workspace)
        #expect(try player.ask(["volume"]) == "1.000000")
        try workspace.write(Self.script(player: player.name, level: 0.25, duration: 0.5), to: "player.json")
        let ramp = try SwellProcess.run(["mixer", "--script", "player.json", "--quiet"],
                                        environment: player.environment, directory: workspace.directory)
        #expect(ramp.status == 0, "\(ramp)")
        // The player presents each Volume it is given through its own
        // implicit animation: it arrives at the last a moment later.
        try waitUntil("the player's Volume is the ramp's end") { try player.ask(["volume"]) == "0.250000" }
        #expect(try player.ask(["status"]) == "Playing")
        // Held where it is, then paused.
        let pause = try SwellProcess.run(["mixer", "--script", "player.json", "--then", "pause", "--quiet"],
                                         environment: player.environment, directory: workspace.directory)
        #expect(pause.status == 0, "\(pause)")
        #expect(try player.ask(["status"]) == "Paused")
        #expect(try player.ask(["volume"]) == "0.250000")
    }

    @Test("a player that is not on the bus is one line naming it, exit 1")
    func missingPlayer() throws {
        let workspace = try Workspace()
        let bus = try SessionBus(directory: workspace.directory.path)
        try workspace.write(Self.script(player: "nobody", level: 0.5, duration: 0.1), to: "player.json")
        let result = try SwellProcess.run(["mixer", "--script", "player.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path,
                                                        "DBUS_SESSION_BUS_ADDRESS": bus.address],
                                          directory: workspace.directory)
        result.expectFailure(.runtimeFailure, naming: ["'nobody'"])
    }

    @Test("curve shows the layer's volume without a bus: the ramp's closed form")
    func curve() throws {
        let workspace = try Workspace()
        try workspace.write(Self.script(player: "vlc", level: 0.25, duration: 0.5), to: "player.json")
        let result = try SwellProcess.run(["curve", "--script", "player.json", "--key", "player.volume", "--rate", "4"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        for row in rows {
            #expect(abs(row[1] - (1 - 0.75 * min(row[0] / 0.5, 1))) <= 1e-9, "\(row)")
        }
    }
}
