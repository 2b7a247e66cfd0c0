import Foundation
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

/// `AudioFader` at a terminal: keys typed through a pseudo-terminal, sound
/// played on the test configuration's real-time fake device, which records
/// every frame. The file is constant — 0.5 on the left, −0.25 on the right
/// — so the gain of frame n is the recorded sample over the file's.
///
/// The program reports each key's audio frame. The test builds from those
/// frames the gain the keys asked for — the semantics of objc.io's
/// `AudioLayer` example: volume 1 by default, a linear implicit animation
/// from the presented volume over the fade; and a session's pause and
/// resume (docs/audio.md#pausing-without-a-click): silent from the start,
/// a straight 20 ms ramp up from the frame a play is committed at and down
/// from a pause's, turned around from the gain it reached — and
/// checks every recorded frame against it. A change reaches the render
/// thread a little after the frame it was committed for (it was rendering
/// already); the test finds where each change is first heard, bounds that
/// delay, and checks that the curve is anchored at the reported frame all
/// the same.
///
/// The real-time device rather than `swell_capture`: the `file` plugin takes
/// frames as fast as they come, so the audio clock runs hundreds of times
/// faster than the keys can be typed (and the recording grows by hundreds
/// of megabytes), while the owning thread, running one display-link frame
/// per audio period, falls seconds behind the keyboard.
@Suite("AudioFader sample")
struct AudioFaderTests {
    let program: SampleProgram
    let alsa: ALSATestConfiguration
    let scratch: ScratchDirectory
    let device = ALSATestConfiguration.realtimePCM
    let sampleRate = 48_000
    /// `--fade 500ms` in frames.
    let fadeFrames = 24_000
    let levels: [Float] = [0.5, -0.25]

    init() throws {
        program = try SampleProgram("AudioFader")
        alsa = try ALSATestConfiguration()
        scratch = try ScratchDirectory()
        try ConstantSignal.write(to: scratch.path("constant.wav"), levels: levels, frames: 20 * sampleRate,
                                 sampleRate: sampleRate)
    }

    /// What a key changes, from the frame the program reports.
    private enum Kind {
        case play, pause
        case fade(from: Double, to: Double)
    }

    private struct Change {
        let kind: Kind
        let frame: Int
        /// The first frame at which the change is heard.
        var heard = Int.max
    }

    @Test("space, o, i, space, space, q: the recorded gain follows the keys at the reported frames",
          arguments: ["sample", "display"])
    func keys(gainPath: String) throws {
        let terminal = try PseudoTerminal(
            program, [scratch.path("constant.wav"), "--device", device, "--fade", "500ms", "--gain", gainPath],
            environment: alsa.environment)
        try terminal.expect("q quit")
        #expect(try !terminal.isCooked, "the terminal is not in raw mode")
        var changes: [Change] = []
        func press(_ key: String, _ pattern: String, _ kind: Kind) throws {
            try terminal.type(key)
            let frame = try #require(Int(try terminal.expect(pattern)[0]))
            changes.append(Change(kind: kind, frame: frame))
        }
        try press(" ", "play from frame (\\d+)", .play)
        try press("o", "fade out from frame (\\d+) \\([0-9.]+ s\\): volume 1\\.000 → 0\\.000 over 0\\.5 s",
                  .fade(from: 1, to: 0))
        try terminal.expect("volume 0\\.000")
        try press("i", "fade in from frame (\\d+) \\([0-9.]+ s\\): volume 0\\.000 → 1\\.000 over 0\\.5 s",
                  .fade(from: 0, to: 1))
        try terminal.expect("volume 1\\.000")
        try press(" ", "pause from frame (\\d+)", .pause)
        try terminal.expect("paused")
        try press(" ", "play from frame (\\d+)", .play)
        try terminal.type("q")
        let quit = try #require(Int(try terminal.expect("quit from frame (\\d+)")[0]))
        #expect(try terminal.waitForExit() == 0, "\(terminal.transcript)")
        #expect(try terminal.isCooked, "the terminal was left in raw mode")

        let gains = try recordedGains()

        // Where each change is first heard: the first frame from its
        // reported one that leaves what the earlier changes make.
        for index in changes.indices {
            let before = Array(changes[..<index])
            let change = changes[index]
            let end = min(gains.count, change.frame + fadeFrames)
            changes[index].heard = (change.frame..<end).first { abs(gains[$0] - gain(at: $0, before)) > 1e-6 } ?? .max
        }
        let delays = changes.map { $0.heard - $0.frame }
        // Sample path: heard within one ALSA period of the reported frame
        // (docs/performance.md#live-play; the render thread may be rendering
        // the period that holds it), plus one period of slack for a loaded
        // machine; exact from there. Display path: the gain is set once per
        // period and ramped across it, and the display link runs two periods
        // ahead, so a fade may trail its curve by up to three periods.
        let period = 256
        let exact = gainPath == "sample"
        let maximumDelay = exact ? 2 * period : 3 * period
        #expect(delays.allSatisfy { $0 >= 0 && $0 <= maximumDelay }, "delays \(delays) frames after the reported frames \(changes.map(\.frame))")

        let ramp = (quit..<gains.count).first { abs(gains[$0] - gain(at: $0, changes)) > 1e-6 } ?? gains.count
        #expect(ramp - quit <= maximumDelay, "the quit fade began \(ramp - quit) frames after the key")
        let fadeTolerance = exact ? 1e-6 : 3 * Double(period) / Double(fadeFrames)
        var worst = 0.0, worstFrame = 0
        for n in 0..<ramp {
            let inFade = changes.contains { change in
                if case .fade = change.kind { return n >= change.frame && n < change.frame + fadeFrames + 3 * period }
                return false
            }
            let error = abs(gains[n] - gain(at: n, changes))
            if error > (inFade ? fadeTolerance : 1e-6) && error > worst { (worst, worstFrame) = (error, n) }
        }
        #expect(worst == 0, "frame \(worstFrame) is \(worst) away from the keys' gain \(gain(at: worstFrame, changes)); changes \(changes)")

        try expectQuitFade(gains, from: ramp) { gain(at: $0, changes) }
    }

    @Test("Ctrl-C, typed or as SIGINT, fades out, ends with status 130 and gives the terminal back",
          arguments: ["typed", "signal"])
    func interrupt(how: String) throws {
        let terminal = try PseudoTerminal(program, [scratch.path("constant.wav"), "--device", device],
                                          environment: alsa.environment)
        try terminal.expect("q quit")
        #expect(try !terminal.isCooked, "the terminal is not in raw mode")
        try terminal.type(" ")
        let frame = try #require(Int(try terminal.expect("play from frame (\\d+)")[0]))
        try terminal.expect("volume 1\\.000")
        if how == "typed" { try terminal.type("\u{3}") } else { terminal.interrupt() }
        try terminal.expect("quit from frame \\d+: fading out over 20 ms")
        #expect(try terminal.waitForExit() == 130)
        #expect(try terminal.isCooked, "the terminal was left in raw mode")

        let gains = try recordedGains()
        let play = [Change(kind: .play, frame: frame, heard: frame + 1)]
        let ramp = try #require((frame + 1..<gains.count).first { abs(gains[$0] - gain(at: $0, play)) > 1e-6 })
        try expectQuitFade(gains, from: ramp) { gain(at: $0, play) }
    }

    /// The left channel's gain at every recorded frame, after checking
    /// that the right channel got the same.
    private func recordedGains() throws -> [Double] {
        let recorded = try alsa.captured(by: device)
        let gains = stride(from: 0, to: recorded.count - 1, by: 2).map { recorded[$0] / Double(levels[0]) }
        let right = stride(from: 1, to: recorded.count, by: 2).map { recorded[$0] / Double(levels[1]) }
        let unequal = zip(gains, right).map { abs($0 - $1) }.max() ?? 0
        #expect(unequal <= 1e-6, "left and right gains differ by \(unequal)")
        return gains
    }

    /// Quitting: a straight 20 ms fade to silence over whatever the keys
    /// made (`keys(n)`, the gain at frame n): 960 frames, the frame before
    /// `start` as the keys left it, then (959 … 1)/960 of it, then nothing
    /// but silence to the end of the recording.
    private func expectQuitFade(_ gains: [Double], from start: Int, keys: (Int) -> Double) throws {
        let quitFrames = 960
        try #require(gains.count >= start + quitFrames, "the recording ends \(gains.count - start) frames into the quit fade")
        // The fade starts at the frame the render thread has reached, never
        // before the last play's frame: `start` is exact even when the
        // keys' gain is still 0 at `start - 1`.
        #expect(start > 0 && abs(gains[start - 1] - keys(start - 1)) <= 1e-6)
        var quitError = 0.0
        for k in 0..<(gains.count - start) {
            let expected = keys(start + k) * Double(max(quitFrames - 1 - k, 0)) / Double(quitFrames)
            quitError = max(quitError, abs(gains[start + k] - expected))
        }
        #expect(quitError <= 1e-6, "the quit fade departs from a 20 ms line by \(quitError)")
    }

    /// The engine's pause and resume ramp: 20 ms, `round(0.02·fs)` frames.
    private let pauseFrames = 960

    /// The gain `changes` ask for at frame `n`, each taking over at the
    /// frame it is heard: paused (silent) until played, a play or pause
    /// ramping from the gain reached at its reported frame to 1 or 0 over
    /// ``pauseFrames``; volume 1 until a fade, which runs linearly over
    /// `fadeFrames` from its reported frame.
    private func gain(at n: Int, _ changes: [Change]) -> Double {
        var ramp = (from: 0.0, to: 0.0, start: 0)
        func rampGain(at n: Int) -> Double {
            ramp.from + (ramp.to - ramp.from) * min(max(Double(n - ramp.start) / Double(pauseFrames), 0), 1)
        }
        var volume = 1.0
        for change in changes where change.heard <= n {
            switch change.kind {
            case .play, .pause:
                var playing = false
                if case .play = change.kind { playing = true }
                ramp = (rampGain(at: change.frame), playing ? 1 : 0, change.frame)
            case let .fade(from, to):
                let progress = min(max(Double(n - change.frame) / Double(fadeFrames), 0), 1)
                volume = from + (to - from) * progress
            }
        }
        return rampGain(at: n) * volume
    }
}
