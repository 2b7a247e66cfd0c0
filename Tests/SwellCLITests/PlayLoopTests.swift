import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell play --loop` (docs/cli.md#looping): the inputs over and over,
/// each pass following the one before without a gap. The reference is
/// SoX's `repeat` effect on the same file (`sox in.wav out.wav repeat N`
/// plays it N + 1 times, end to start), read back by SoX.
@Suite("play --loop: the inputs over and over, gapless")
struct PlayLoopTests {
    static let sampleRate = 48_000
    /// A pass: 0.1 s.
    static let passFrames = 4_800

    /// A 0.1 s stereo noise file, and SoX's `repeat` of it, long enough to
    /// cover `frames` frames, as samples of the first channel.
    private func input(in workspace: Workspace, covering frames: Int) throws -> (path: String, repeated: [Double]) {
        let input = workspace.path("short.wav")
        try Sox.run(["-R", "-n", "-r", "\(Self.sampleRate)", "-c", "2", "-b", "16", input,
                     "synth", "\(Double(Self.passFrames) / Double(Self.sampleRate))", "whitenoise", "vol", "0.5"])
        let repeated = workspace.path("repeated.wav")
        try Sox.run([input, repeated, "repeat", "\(frames / Self.passFrames + 1)"])
        let samples = try Sox.samples(of: repeated, in: workspace)
        return (input, stride(from: 0, to: samples.count, by: 2).map { samples[$0] })
    }

    @Test("the capture of a looped file is SoX's repeat of it, sample for sample, until ctl stop")
    func loopUntilStop() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let (input, repeated) = try input(in: workspace, covering: 30 * Self.sampleRate)
        let session = try LiveSession(["play", input, "--loop", "--device", ALSATestConfiguration.realtimePCM, "--quiet"],
                                      workspace: workspace, alsa: alsa)
        try waitUntil("six passes have played") { try session.status()["time"] as? Double ?? 0 >= 0.6 }
        #expect(try session.ctl(["stop"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: session.socket))
        let captured = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
        let c = stride(from: 0, to: captured.count, by: 2).map { captured[$0] }
        let same = try #require(c.indices.firstIndex { $0 >= repeated.count || c[$0] != repeated[$0] } ?? c.count as Int?)
        #expect(same >= 6 * Self.passFrames, "SoX's repeat for \(same) frames only")
        // From there, ctl stop's 20 ms fade to silence: never louder than
        // the loop, silent 960 frames on.
        let tail = c[same...]
        #expect(tail.indices.allSatisfy { abs(c[$0]) <= abs(repeated[$0]) + 1e-9 }, "the stop only fades")
        #expect(tail.dropFirst(960).allSatisfy { $0 == 0 }, "silent after the fade")
    }

    /// A `play --loop` on the real-time device of a file of `frames` frames
    /// that counts them (``MPRISTests/counting(frames:in:)``).
    private func countingLoop(frames: Int) throws -> LiveSession {
        let workspace = try Workspace()
        let input = try MPRISTests.counting(frames: frames, in: workspace)
        return try LiveSession(["play", input, "--loop", "--device", ALSATestConfiguration.realtimePCM, "--quiet"],
                               workspace: workspace, alsa: try ALSATestConfiguration())
    }

    /// Stops `session` with `ctl stop`, and returns which frame of the
    /// counting file was heard at each frame of the device
    /// (``MPRISTests/heard(_:frames:)``).
    private func stopAndHear(_ session: LiveSession, frames: Int) throws -> [(index: Int, n: Int)] {
        #expect(try session.ctl(["stop"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let samples = try session.alsa.captured(by: ALSATestConfiguration.realtimePCM)
        return MPRISTests.heard(stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0], samples[$0 + 1]) },
                                frames: frames)
    }

    /// A seek moves the tree's time, so the next pass begins sooner on the
    /// host's clock than its event was placed for; the event is placed
    /// again. The file counts its frames (``MPRISTests/counting(frames:in:)``):
    /// after a seek to 0.9 s of a 1 s pass, frame 47,999 is followed at
    /// the next frame by the next pass's frame 0 — not by the session's
    /// end, nor by a frame further in, which a pass added late plays from.
    @Test("a seek in a looping session: the next pass follows at once, from its start")
    func seekInLoop() throws {
        let frames = Self.sampleRate
        let session = try countingLoop(frames: frames)
        try waitUntil("0.1 s has played") { try session.status()["position"] as? Double ?? 0 >= 0.1 }
        #expect(try session.ctl(["seek", "900ms"]).status == 0)
        try waitUntil("the next pass is 0.2 s in") {
            let position = try session.status()["position"] as? Double ?? 1
            return position >= 0.2 && position < 0.8
        }
        let heard = try stopAndHear(session, frames: frames)
        let wrap = try #require(heard.indices.dropFirst().first { heard[$0].n < heard[$0 - 1].n }, "the file starts again")
        // Frame after frame — or, should the device underrun there under
        // load, across its silence alone (a few periods at most).
        #expect(heard[wrap - 1].n == frames - 1 && heard[wrap].n == 0 && heard[wrap].index - heard[wrap - 1].index < 2_400,
                "the pass ends at \(heard[wrap - 1]), the next begins at \(heard[wrap])")
    }

    /// A pass is added half a second before it begins; until it does, the
    /// file playing is still the pass before. At 1.55 s into a 2 s pass,
    /// `status` says 1.55 s or more (not the next pass's 0), and a seek
    /// 0.5 s back goes back in the pass playing: the frames heard jump back
    /// by 24,000, give or take the frame of the jump. Both requests go on
    /// one connection at once, to land in that half second.
    @Test("in the half second before the next pass, the pass playing is the one status shows and a seek moves")
    func seekBeforeTheNextPass() throws {
        let frames = 2 * Self.sampleRate
        let session = try countingLoop(frames: frames)
        try waitUntil("1.55 s has played") { try session.status()["time"] as? Double ?? 0 >= 1.55 }
        let replies = try RawClient.exchange(session.socket, Array("{\"status\": true}\n{\"seek\": -0.5}\n".utf8))
        let position = try #require(replies.first?["position"] as? Double)
        #expect(position >= 1.55 && position < 2, "the pass playing: \(position)")
        #expect(replies.last?["ok"] as? Bool == true, "\(replies)")
        try waitUntil("0.2 s more has played") { try session.status()["time"] as? Double ?? 0 >= 1.8 }
        let heard = try stopAndHear(session, frames: frames)
        let back = try #require(heard.indices.dropFirst().first { heard[$0].n < heard[$0 - 1].n }, "a jump back")
        // Where the file would have been at that frame, less where it was.
        let moved = heard[back - 1].n + (heard[back].index - heard[back - 1].index) - heard[back].n
        #expect(abs(moved - Self.sampleRate / 2) <= 1 && heard[back].n > Self.sampleRate,
                "0.5 s back in the pass playing: from \(heard[back - 1]) to \(heard[back])")
    }

    @Test("--loop --duration ends by itself at the duration, the passes joined sample for sample")
    func loopForDuration() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let frames = 12_000
        let (input, repeated) = try input(in: workspace, covering: frames)
        let environment = alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new }
        let result = try SwellProcess.run(["play", input, "--loop", "--duration", "0.25s", "--device",
                                           ALSATestConfiguration.capturePCM, "--quiet"], environment: environment)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        let c = stride(from: 0, to: captured.count, by: 2).map { captured[$0] }
        #expect(c.count >= frames)
        #expect(Array(c.prefix(frames)) == Array(repeated.prefix(frames)), "2.5 passes of the file")
        // The device takes whole periods; what follows the duration in the
        // last is silence (AudioEngine.endTime).
        #expect(c.dropFirst(frames).allSatisfy { $0 == 0 }, "nothing after the duration")
    }

    @Test("several files loop as one sequence: SoX's repeat of their concatenation")
    func severalFiles() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let (a, _) = try input(in: workspace, covering: 0)
        let b = workspace.path("b.wav")
        try Sox.run(["-R", "-n", "-r", "\(Self.sampleRate)", "-c", "2", "-b", "16", b, "synth", "0.07", "sine", "440", "vol", "0.5"])
        let repeated = workspace.path("ab-repeated.wav")
        try Sox.run([a, b, repeated, "repeat", "3"])
        let reference = try Sox.samples(of: repeated, in: workspace)
        let frames = 3 * (Self.passFrames + 3_360)
        let result = try SwellProcess.run(["play", a, b, "--loop", "--duration", "\(frames)samples", "--device",
                                           ALSATestConfiguration.capturePCM, "--quiet"],
                                          environment: alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { $1 })
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= 2 * frames)
        #expect(Array(captured.prefix(2 * frames)) == Array(reference.prefix(2 * frames)), "three passes of a then b")
    }

    @Test("--loop refuses what has no meaning with it, in one line", arguments: [
        ["--fade-out", "1s"], ["--hold"], ["--crossfade", "1s", "b.wav"],
    ])
    func refused(extra: [String]) throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let (input, _) = try input(in: workspace, covering: 0)
        try FileManager.default.copyItem(atPath: input, toPath: workspace.path("b.wav"))
        let result = try SwellProcess.run(["play", input, "--loop", "--device", ALSATestConfiguration.capturePCM, "--quiet"]
                                          + extra.map { $0 == "b.wav" ? workspace.path($0) : $0 },
                                          environment: alsa.environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new })
        #expect(result.status == 2 && result.errorLines.count == 1, "\(result)")
        let capture = alsa.captureFile(of: ALSATestConfiguration.capturePCM).path
        #expect(!FileManager.default.fileExists(atPath: capture), "nothing played")
    }
}
