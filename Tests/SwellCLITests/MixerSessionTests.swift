import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell mixer` as a session `swell ctl` drives (docs/control.md#sessions-that-wait),
/// on the test configuration's fake sound-card mixer, read back with
/// `amixer` in another process. The fake's Master has dB data from −60 dB
/// to 0 dB in 0.5 dB steps and starts at 0 dB; −6 dB is step
/// (−6 + 60)/0.5 = 108.
@Suite("mixer sessions: ctl moves the card's level")
struct MixerSessionTests {
    let mixer = ALSATestConfiguration.mixerDevice

    private func start(_ arguments: [String]) throws -> LiveSession {
        try LiveSession(["mixer", "--device", mixer, "--quiet"] + arguments, workspace: try Workspace(),
                        alsa: try ALSATestConfiguration())
    }

    private func masterDecibels(_ session: LiveSession) throws -> Double? {
        try AmixerControl.get("Master", device: mixer, configuration: session.alsa).channels.first?.decibels
    }

    @Test("--hold: ctl set ramps the card through the mixer layer's implicit animation until ctl stop")
    func holdAndSet() throws {
        let session = try start(["--to", "100%", "--duration", "0.1s", "--hold"])
        try waitUntil("the ramp has ended") { try session.status()["time"] as? Double ?? 0 > 0.3 }
        #expect(!session.process.hasExited, "held after the ramp")
        let list = try session.ctl(["list"])
        #expect(list.status == 0 && list.standardOutput.hasSuffix("\t\(mixer):Master\n"), "\(list)")

        #expect(try session.ctl(["set", "volume=-6dB", "--duration", "1s"]).status == 0)
        var heard: [Double] = []
        let start = Date()
        while Date().timeIntervalSince(start) < 1.5 {
            if let decibels = try masterDecibels(session) { heard.append(decibels) }
            usleep(50_000)
        }
        let get = try session.ctl(["get", "card.volume"])
        let presented = try #require(Double(get.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(get)")
        #expect(abs(presented - pow(10, -6.0 / 20)) < 1e-9, "the model value once the animation is over")
        #expect(heard.last == -6, "amixer reads −6 dB at the end: \(heard)")
        let between = Set(heard.filter { $0 < 0 && $0 > -6 })
        #expect(between.count >= 3, "amixer saw the level on its way: \(heard)")
        // The card's own record of the writes: Master only falls, from step
        // 120 (0 dB) to 108 (−6 dB), through the steps between.
        let steps = try session.alsa.mixerWrites(on: mixer).compactMap { $0.values.first }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 } && steps.last == 108, "\(steps)")

        #expect(!session.process.hasExited, "still held after the request's animation")
        #expect(try session.ctl(["stop"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: session.socket), "the socket is removed")
        #expect(try masterDecibels(session) == -6, "the level stays where the session left it")
    }

    /// Without `--hold`, a session ends where its ramp and the animations
    /// requests started end, whichever is later.
    @Test("without --hold the session runs to the end of a request's animation, then ends")
    func requestOutlastsRamp() throws {
        let session = try start(["--to", "100%", "--duration", "0.5s"])
        #expect(try session.ctl(["set", "volume=-6dB", "--duration", "1s"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        #expect(try masterDecibels(session) == -6)
        let levels = try session.alsa.mixerWrites(on: mixer).compactMap { $0.values.first }
        #expect(levels.last == 108 && levels.contains { $0 > 108 && $0 < 120 }, "through intermediate steps: \(levels)")
    }

    /// QA1673's pause of the root holds the mixer layer's animation where
    /// it is, and the session with it; resume carries the ramp on to its end.
    @Test("ctl pause holds the ramp and the session; resume finishes it")
    func pauseHoldsRamp() throws {
        let session = try start(["--to", "50%", "--duration", "1s"])
        #expect(try session.ctl(["pause"]).status == 0)
        usleep(1_500_000)
        #expect(!session.process.hasExited, "a paused ramp has not ended")
        let held = try masterDecibels(session)
        usleep(200_000)
        #expect(try masterDecibels(session) == held, "the level stands still while paused")
        #expect(try session.ctl(["resume"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        #expect(try masterDecibels(session) == -6, "the ramp reached 50%, −6 dB")
    }

    @Test("--hold --restore: Ctrl-C puts the level back and removes the socket")
    func interruptRestores() throws {
        let session = try start(["--to", "50%", "--duration", "0.1s", "--hold", "--restore"])
        try waitUntil("the ramp has ended") { try session.status()["time"] as? Double ?? 0 > 0.3 }
        #expect(try masterDecibels(session) == -6, "50% is −6.02 dB, the nearest step −6 dB")
        session.process.interrupt()
        let result = try session.process.wait()
        #expect(result.status == 130, "\(result)")
        #expect(try masterDecibels(session) == 0, "restored")
        #expect(!FileManager.default.fileExists(atPath: session.socket))
    }
}
