import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `SleepTimer` on the fake sound-card mixer of the test configuration,
/// whose PCM control has raw steps 0…255 (linear in amplitude, no dB data)
/// and logs every write with a `CLOCK_MONOTONIC` time stamp; levels are read
/// back with `amixer` in another process.
@Suite("SleepTimer sample")
struct SleepTimerTests {
    let program: SampleProgram
    let alsa: ALSATestConfiguration
    let mixer = ALSATestConfiguration.mixerDevice

    init() throws {
        program = try SampleProgram("SleepTimer")
        alsa = try ALSATestConfiguration()
    }

    /// The PCM levels written, as (time, step). alsa-lib's `_all` setters
    /// write the control once per channel, so a change of level is logged
    /// as one write per channel; it is complete, and counted here, at the
    /// write that makes both channels agree.
    private func pcmWrites() throws -> [(time: Double, step: Int)] {
        try alsa.mixerWrites(on: mixer)
            .filter { $0.control == "PCM Playback Volume" && Set($0.values).count == 1 }
            .map { ($0.time, $0.values[0]) }
    }

    private func amixerStep(_ control: String) throws -> Int {
        let report = try AmixerControl.get(control, device: mixer, configuration: alsa)
        let steps = Set(report.channels.map(\.step))
        #expect(steps.count == 1, "channels differ: \(report.channels)")
        return steps.first ?? -1
    }

    @Test("fades PCM to 0 in 1 s along easeInEaseOut, at least 50 writes a second")
    func fullFade() throws {
        let launch = monotonicNow()
        let result = try program.run(
            ["--device", mixer, "--control", "PCM", "--duration", "1s", "--to", "0%", "--timing", "easeInEaseOut"],
            environment: alsa.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try amixerStep("PCM") == 0)

        let writes = try pcmWrites()
        try #require(writes.count >= 2, "\(writes.count) writes")
        #expect(writes.last?.step == 0)
        #expect(zip(writes, writes.dropFirst()).allSatisfy { $0.step > $1.step }, "the level went back up")

        let span = writes.last!.time - writes.first!.time
        #expect(Double(writes.count - 1) / span >= 50, "\(writes.count) writes in \(span) s")
        #expect(span < 1.2, "the fade took \(span) s")

        // Each step s was computed at a time c in (previous write, this
        // write] as round(255·(1 − F((c − t0)/1 s))), F = easeInEaseOut.
        // Every write so bounds the fade's unknown start t0; the bounds
        // must meet, and t0 must lie between launch and the first write.
        var earliest = launch, latest = writes[0].time
        var previous = launch
        for write in writes {
            let s = Double(write.step)
            let lowest = s + 0.5 >= 255 ? -Double.infinity : EaseInEaseOut.inverse(1 - (s + 0.5) / 255)
            let highest = s - 0.5 <= 0 ? Double.infinity : EaseInEaseOut.inverse(1 - (s - 0.5) / 255)
            earliest = max(earliest, previous - highest)
            latest = min(latest, write.time - lowest)
            previous = write.time
        }
        #expect(earliest <= latest, "no start time fits every write: t0 ≥ \(earliest - launch) and ≤ \(latest - launch) s after launch")
    }

    @Test("fades Master to -30 dB on its dB scale")
    func decibelTarget() throws {
        let result = try program.run(
            ["--device", mixer, "--duration", "300ms", "--to", "-30dB", "--timing", "linear"],
            environment: alsa.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let report = try AmixerControl.get("Master", device: mixer, configuration: alsa)
        #expect(report.channels.map(\.decibels) == [-30, -30])
    }

    @Test("Ctrl-C leaves the level where the fade had taken it")
    func interruptHolds() throws {
        let running = try program.start(["--device", mixer, "--control", "PCM", "--duration", "3s"],
                                        environment: alsa.environment)
        try waitForLevel(below: 180)
        running.interrupt()
        let result = try running.wait()
        #expect(result.status == 130, "\(result.standardError)")
        let last = try #require(try pcmWrites().last)
        #expect(last.step > 0 && last.step < 180)
        #expect(try amixerStep("PCM") == last.step)
    }

    @Test("Ctrl-C with --restore ramps back to the original level")
    func interruptRestores() throws {
        let running = try program.start(["--device", mixer, "--control", "PCM", "--duration", "3s", "--restore"],
                                        environment: alsa.environment)
        try waitForLevel(below: 180)
        running.interrupt()
        let result = try running.wait()
        #expect(result.status == 130, "\(result.standardError)")
        #expect(try amixerStep("PCM") == 255)
        try expectReturnRamp(try pcmWrites())
    }

    @Test("q on the terminal cancels, with --restore back to the original level")
    func quitKey() throws {
        let terminal = try PseudoTerminal(program, ["--device", mixer, "--control", "PCM", "--duration", "3s", "--restore"],
                                          environment: alsa.environment)
        try terminal.expect("q cancels")
        try waitForLevel(below: 180)
        try terminal.type("q")
        try terminal.expect("cancelled: PCM is at 100.0%")
        #expect(try terminal.waitForExit() == 0)
        #expect(try amixerStep("PCM") == 255)
        try expectReturnRamp(try pcmWrites())
    }

    /// After the lowest write, the level climbs back, step by step, to 255
    /// over the 0.25 s of the layer's implicit animation.
    private func expectReturnRamp(_ writes: [(time: Double, step: Int)]) throws {
        let bottom = try #require(writes.indices.min { writes[$0].step < writes[$1].step })
        let ramp = writes[bottom...]
        #expect(ramp.count >= 5, "\(ramp.count) writes on the way back")
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0.step < $1.step }, "the return is not a rising ramp")
        #expect(ramp.last?.step == 255)
        let span = ramp.last!.time - ramp.first!.time
        #expect(span >= 0.2, "the return took \(span) s, not 0.25 s")
    }

    /// Waits until the fake mixer's PCM level is below `step`.
    private func waitForLevel(below step: Int, timeout: Double = 20) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while try pcmWrites().last.map({ $0.step >= step }) ?? true {
            guard Date() < deadline else { throw TestSupportError("the PCM level did not fall below \(step) within \(timeout) s") }
            usleep(20_000)
        }
    }
}

/// Core Animation's `easeInEaseOut`: the cubic Bézier from (0, 0) to (1, 1)
/// with control points (0.42, 0) and (0.58, 1) (Apple, "CAMediaTimingFunctionName
/// .easeInEaseOut"), evaluated here by bisection — independent of Swell's
/// Newton solver.
enum EaseInEaseOut {
    private static func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    /// The x at which the curve reaches `y`, for y in 0…1.
    static func inverse(_ y: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(mid, 0, 1) < y { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0.42, 0.58)
    }
}

/// `CLOCK_MONOTONIC` now, the clock of the fake mixer's log.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
