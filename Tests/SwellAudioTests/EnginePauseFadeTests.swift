import Foundation
import SwellAudio
import Testing

/// An audio engine pauses its tree without a click
/// (docs/audio.md#pausing-without-a-click): `pauseRootLayer()` ramps the mix
/// straight to silence over N = 20 ms (960 frames at 48 kHz) from the
/// commit's frame F, then pauses the root layer with QA1673's recipe at
/// F + N; `resumeRootLayer()` resumes it at its frame R and ramps back up
/// over N. The source is a "clock" — frame k is k·2⁻²⁰, exact in a
/// `Float` — so every output sample says both the gain and the source
/// frame, and both are checked against the closed form.
@Suite("Engine: pause, resume and seeks fade over 20 ms; the mix ends in the root's time")
struct EnginePauseFadeTests {
    static let sampleRate = 48_000
    static let fade = 960
    static let step = 0x1p-20

    /// Renders `frames` frames of a one-second clock under a bus, root of
    /// the tree, after `setUp`.
    private func render(gainPath: GainPath = .sample, frames: Int,
                        setUp: (AudioEngine) -> Void) throws -> [Float] {
        let engine = AudioEngine(sampleRate: Self.sampleRate, channelCount: 1, gainPath: gainPath, mode: .offline)
        let clock = (0..<Self.sampleRate).map { Float(Double($0) * Self.step) }
        let bus = BusLayer()
        bus.addSublayer(AudioLayer(soundSource: MemorySource(samples: clock, sampleRate: Self.sampleRate)))
        engine.rootLayer = bus
        setUp(engine)
        return try engine.renderOffline(frames: frames)
    }

    /// The first frame whose sample is not `gain(n) · source(n)·2⁻²⁰`
    /// (source frames past the clock's end are silence), to 1e-6 of the
    /// sample.
    private func mismatch(_ out: [Float], gain: (Int) -> Double, source: (Int) -> Int?) -> Int? {
        out.indices.first { n in
            let expected = source(n).map { $0 < Self.sampleRate ? gain(n) * Double($0) * Self.step : 0 } ?? 0
            return abs(Double(out[n]) - expected) > 1e-9 + 1e-6 * abs(expected)
        }
    }

    @Test("pause ramps to silence and holds the file where the ramp ends; resume ramps up from there",
          arguments: [GainPath.sample, .display])
    func pauseAndResume(gainPath: GainPath) throws {
        // F = 4800 (0.1 s), R = 9600 (0.2 s): paused from F + N = 5760.
        let (f, r, n) = (4_800, 9_600, Self.fade)
        let out = try render(gainPath: gainPath, frames: 2 * Self.sampleRate) { engine in
            engine.schedule(at: 0.1) { engine.pauseRootLayer() }
            engine.schedule(at: 0.2) { engine.resumeRootLayer() }
        }
        let held = r - (f + n)
        let first = mismatch(out, gain: { i in
            if i < f { return 1 }
            if i < f + n { return 1 - Double(i - f) / Double(n) }
            if i < r { return 0 }
            return min(1, Double(i - r) / Double(n))
        }, source: { i in i < f + n ? i : i < r ? nil : i - held })
        #expect(first == nil, "frame \(first ?? -1): \(first.map { out[$0] } ?? 0)")
        // The frames around the pause: the last before silence plays source
        // frame F + N − 1 at 1/N, the first after it source frame F + N at 0,
        // then F + N + 1 at 1/N.
        #expect(abs(Double(out[f + n - 1]) - Double(f + n - 1) * Self.step / Double(n)) < 1e-12)
        #expect(abs(Double(out[r + 1]) - Double(f + n + 1) * Self.step / Double(n)) < 1e-12)
    }

    @Test("the tree counts as paused from the request; its time stops when the ramp ends")
    func pausedState() throws {
        var states: [(requested: Bool, rootPaused: Bool)] = []
        _ = try render(frames: Self.sampleRate / 2) { engine in
            engine.schedule(at: 0.1) {
                engine.pauseRootLayer()
                states.append((engine.isRootLayerPaused, engine.rootLayer!.isPaused))
            }
            engine.schedule(at: 0.11) { states.append((engine.isRootLayerPaused, engine.rootLayer!.isPaused)) }
            engine.schedule(at: 0.13) { states.append((engine.isRootLayerPaused, engine.rootLayer!.isPaused)) }
        }
        #expect(states.map(\.requested) == [true, true, true])
        #expect(states.map(\.rootPaused) == [false, false, true], "paused at 0.12 s, F + 20 ms")
    }

    /// A resume half-way through the fade-out turns it around from the gain
    /// reached (½), back to 1 over N, and the layer's time never stops.
    @Test("resume during the fade-out turns the ramp around; the file never stops")
    func resumeDuringFade() throws {
        let (f, n) = (4_800, Self.fade)
        let turn = f + n / 2
        var paused: [Bool] = []
        let out = try render(frames: Self.sampleRate / 2) { engine in
            engine.schedule(at: 0.1) { engine.pauseRootLayer() }
            engine.schedule(at: Double(turn) / Double(Self.sampleRate)) { engine.resumeRootLayer() }
            engine.schedule(at: 0.2) { paused.append(engine.rootLayer!.isPaused || engine.isRootLayerPaused) }
        }
        let first = mismatch(out, gain: { i in
            if i < f { return 1 }
            if i < turn { return 1 - Double(i - f) / Double(n) }
            return min(1, 0.5 + 0.5 * Double(i - turn) / Double(n))
        }, source: { $0 })
        #expect(first == nil, "frame \(first ?? -1)")
        #expect(paused == [false])
    }

    /// A seek's jump (docs/audio.md#seeking-without-a-click), the root's
    /// `timeOffset` moved on by 0.3 s (14,400 frames) at F = 0.1 s: the
    /// file fades out where it was over N, the jump commits at F + N, and
    /// the file fades in from there where it went.
    @Test("a jump fades out where the file was and in where it went", arguments: [GainPath.sample, .display])
    func jump(gainPath: GainPath) throws {
        let (f, n, shift) = (4_800, Self.fade, 14_400)
        var jumpTimes: [Double] = []
        let out = try render(gainPath: gainPath, frames: Self.sampleRate / 2) { engine in
            engine.schedule(at: 0.1) {
                jumpTimes.append(engine.jumpTime)
                engine.performJump { engine.rootLayer!.timeOffset += 0.3 }
            }
        }
        #expect(jumpTimes.count == 1 && abs(jumpTimes[0] - Double(f + n) / Double(Self.sampleRate)) < 1e-12,
                "the jump is heard at F + N: \(jumpTimes)")
        let first = mismatch(out, gain: { i in
            if i < f { return 1 }
            if i < f + n { return 1 - Double(i - f) / Double(n) }
            return min(1, Double(i - f - n) / Double(n))
        }, source: { i in i < f + n ? i : i + shift })
        #expect(first == nil, "frame \(first ?? -1): \(first.map { out[$0] } ?? 0)")
    }

    /// A second jump asked for during the first one's fade starts from
    /// where the first went (the model moved at once) and joins it: both
    /// commit at F + N, where the mix comes back up once, the file moved by
    /// both — jumps faster than the fade make one dip.
    @Test("a jump during another's fade adds to it and commits with it: one dip")
    func jumpDuringJump() throws {
        let (f, n) = (4_800, Self.fade)
        var positions: [Double] = []
        let out = try render(frames: Self.sampleRate / 2) { engine in
            for (time, offset) in [(0.1, 0.3), (0.11, 0.2)] {
                engine.schedule(at: time) {
                    let at = engine.jumpTime
                    engine.performJump { engine.rootLayer!.timeOffset += offset }
                    positions.append(engine.rootLayer!.sublayers![0].convertTime(at, from: nil))
                }
            }
        }
        // Heard at 0.12 s from 0.42 s, then, joined, from 0.62 s.
        #expect(positions.count == 2 && abs(positions[0] - 0.42) < 1e-9 && abs(positions[1] - 0.62) < 1e-9,
                "\(positions)")
        let first = mismatch(out, gain: { i in
            if i < f { return 1 }
            if i < f + n { return 1 - Double(i - f) / Double(n) }
            return min(1, Double(i - f - n) / Double(n))
        }, source: { i in i < f + n ? i : i + 24_000 })
        #expect(first == nil, "frame \(first ?? -1): \(first.map { out[$0] } ?? 0)")
    }

    /// A hundred jumps, one every 1 ms (faster than the 20 ms fade): two
    /// dips, not a silence a hundred fades long.
    @Test("a flood of jumps makes dips of one fade each, never a growing silence")
    func floodOfJumps() throws {
        var jumpTimes: [Double] = []
        let out = try render(frames: Self.sampleRate / 2) { engine in
            for k in 0..<100 {
                engine.schedule(at: 0.1 + Double(k) * 0.001) {
                    jumpTimes.append(engine.jumpTime)
                    engine.performJump { engine.rootLayer!.timeOffset += 0.001 }
                }
            }
        }
        // Each jump commits at the end of the fade it joins or starts, at
        // most 2N after it was asked for.
        #expect(zip(jumpTimes.indices, jumpTimes).allSatisfy { k, t in t - (0.1 + Double(k) * 0.001) <= 0.04 + 1e-9 },
                "\(jumpTimes)")
        // 0.3 s on, the mix is whole again.
        #expect(out[Int(0.3 * Double(Self.sampleRate))...].allSatisfy { $0 != 0 })
    }

    /// While paused nothing is heard: the jump commits at once, and resume
    /// carries on from where it went.
    @Test("a jump while paused commits at once")
    func jumpWhilePaused() throws {
        var times: [(jump: Double, commit: Double)] = []
        let (f, n, r) = (4_800, Self.fade, 9_600)
        let out = try render(frames: Self.sampleRate / 2) { engine in
            engine.schedule(at: 0.1) { engine.pauseRootLayer() }
            engine.schedule(at: 0.15) {
                times.append((engine.jumpTime, engine.commitTime))
                engine.performJump { engine.rootLayer!.timeOffset += 0.3 }
            }
            engine.schedule(at: 0.2) { engine.resumeRootLayer() }
        }
        #expect(times.count == 1 && times[0].jump == times[0].commit)
        let first = mismatch(out, gain: { i in
            if i < f { return 1 }
            if i < f + n { return 1 - Double(i - f) / Double(n) }
            if i < r { return 0 }
            return min(1, Double(i - r) / Double(n))
        }, source: { i in i < f + n ? i : i < r ? nil : i - r + f + n + 14_400 })
        #expect(first == nil, "frame \(first ?? -1)")
    }

    // MARK: The mix's end

    /// `endTime` 0.1 s in the root's time: silence from frame 4,800 of an
    /// uninterrupted mix; a pause (from F + N = 1,440 to R = 2,400, 960
    /// frames held) puts it 960 frames later; a jump 0.02 s on (at
    /// F + N = 1,440) 960 frames earlier. Before it, the mix as without an
    /// end.
    @Test("the mix is silent from where the root's time reaches endTime; a pause holds it off, a seek moves it",
          arguments: [(0, 4_800), (1, 5_760), (2, 3_840)])
    func end(interruption: Int, silentFrom: Int) throws {
        var withEnd: [Float] = [], without: [Float] = []
        for endTime in [0.1, nil] {
            let out = try render(frames: Self.sampleRate / 10 * 2) { engine in
                engine.endTime = endTime
                switch interruption {
                case 1:
                    engine.schedule(at: 0.01) { engine.pauseRootLayer() }
                    engine.schedule(at: 0.05) { engine.resumeRootLayer() }
                case 2:
                    engine.schedule(at: 0.01) { engine.performJump { engine.rootLayer!.timeOffset += 0.02 } }
                default: break
                }
            }
            if endTime == nil { without = out } else { withEnd = out }
        }
        #expect(Array(withEnd.prefix(silentFrom)) == Array(without.prefix(silentFrom)), "the mix up to the end")
        #expect(without[silentFrom] != 0 && withEnd[silentFrom...].allSatisfy { $0 == 0 }, "silent from frame \(silentFrom)")
    }

    @Test("a headless host pauses at once, as QA1673 does, and jumps at once")
    func headlessPausesAtOnce() {
        let host = HeadlessHost(rootLayer: CALayer())
        host.pauseRootLayer()
        #expect(host.rootLayer!.isPaused && host.isRootLayerPaused)
        host.resumeRootLayer()
        #expect(!host.rootLayer!.isPaused && !host.isRootLayerPaused)
        #expect(host.jumpTime == host.commitTime)
        var jumped = false
        host.performJump { jumped = true }
        #expect(jumped)
    }
}
