import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// Web Audio's schedules through the whole program (docs/automation.md):
/// the conformance suite's scenarios (``ScheduleScenario``) rendered from
/// a constant file on the sample path with float output, sampled by `swell
/// curve`, and played at three periods — each frame within 1e-6 of the
/// specification's formula at its time, relative to the value.
@Suite("automate: Web Audio's scenarios rendered, sampled and played")
struct ScheduleRenderTests {
    static let tolerance = 1e-6
    static let sampleRates = [44_100, 48_000, 96_000]

    /// The worst error relative to the reference (absolute below 1e-3,
    /// where the float output's own rounding is relative to full scale).
    static func worstError(_ actual: [Double], sampleRate: Double,
                           reference: (Double) -> Double) -> (error: Double, frame: Int, got: Double, expected: Double) {
        var worst = (error: 0.0, frame: 0, got: 0.0, expected: 0.0)
        for (n, value) in actual.enumerated() {
            let expected = reference(Double(n) / sampleRate)
            let error = abs(value - expected) / max(abs(expected), 1e-3)
            if !(error <= worst.error) { worst = (error.isNaN ? .infinity : error, n, value, expected) }
        }
        return worst
    }

    @Test("render of a constant file, --encoding float: every frame is the formula's", arguments: sampleRates)
    func render(sampleRate: Int) throws {
        let workspace = try Workspace()
        for scenario in ScheduleScenario.all(sampleRate: Double(sampleRate)) {
            let frames = Int((scenario.length * Double(sampleRate)).rounded())
            let input = try workspace.constantInput(sampleRate: sampleRate, frames: frames)
            let script = try workspace.write(scenario.volumeScript, to: "schedule.json")
            let (gains, _) = try workspace.renderedGains(of: input, ["--script", script])
            #expect(gains.count == frames, "\(scenario.name)")
            let worst = Self.worstError(gains, sampleRate: Double(sampleRate), reference: scenario.reference)
            #expect(worst.error <= Self.tolerance, "\(scenario.name) at \(sampleRate) Hz: \(worst)")
        }
    }

    @Test("swell curve samples the same values at every frame's time", arguments: sampleRates)
    func curve(sampleRate: Int) throws {
        let workspace = try Workspace()
        let scenarios = ScheduleScenario.all(sampleRate: Double(sampleRate))
        // One generic layer a scenario, its dynamic x starting at 1.
        let layers = scenarios.indices.map { #"{"name": "s\#($0)", "type": "layer", "x": 1}"# }
        let events = scenarios.enumerated().flatMap { $1.scriptEvents(layer: "s\($0)", key: "x") }
        let script = try workspace.write(#"{"version": 1, "layers": [\#(layers.joined(separator: ", "))], "events": [\#(events.joined(separator: ",\n"))]}"#,
                                         to: "schedules.json")
        let keys = scenarios.indices.flatMap { ["--key", "s\($0).x"] }
        let result = try SwellProcess.run(["curve", "--script", script, "--rate", "\(sampleRate)", "--duration", "2.5"] + keys)
        #expect(result.status == 0, "\(result)")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == Int(2.5 * Double(sampleRate)) + 1)
        for (index, scenario) in scenarios.enumerated() {
            let frames = Int((scenario.length * Double(sampleRate)).rounded())
            let values = rows.prefix(frames).map { $0[index + 1] }
            // Nine significant digits: 5e-9 of the value.
            let worst = Self.worstError(values, sampleRate: Double(sampleRate), reference: scenario.reference)
            #expect(worst.error <= Self.tolerance, "\(scenario.name) at \(sampleRate) Hz: \(worst)")
        }
    }

    @Test("--ramp with exp and target(τ) points renders Web Audio's formulas", arguments: sampleRates)
    func rampShapes(sampleRate: Int) throws {
        let workspace = try Workspace()
        let frames = Int(1.2 * Double(sampleRate))
        let input = try workspace.constantInput(sampleRate: sampleRate, frames: frames)
        let (gains, _) = try workspace.renderedGains(of: input, ["--ramp", "0:1 0.2:0.5 0.5:0.05:exp 0.8:0.5:target(100ms) 1:0.25"])
        // The target is held where it is at 0.8 s, where the last segment
        // starts.
        let held = WebAudioFormula.target(0.8, 0.05, 0.5, 0.5, 0.1)
        let worst = Self.worstError(gains, sampleRate: Double(sampleRate)) { t in
            switch t {
            case ..<0.2: WebAudioFormula.linear(t, 1, 0, 0.5, 0.2)
            case ..<0.5: WebAudioFormula.exponential(t, 0.5, 0.2, 0.05, 0.5)
            case ..<0.8: WebAudioFormula.target(t, 0.05, 0.5, 0.5, 0.1)
            default: WebAudioFormula.linear(t, held, 0.8, 0.25, 1)
            }
        }
        #expect(worst.error <= Self.tolerance, "\(worst)")
    }

    @Test("play at periods of 64, 128 and 1024 frames: the same samples, each the formula's")
    func periods() throws {
        let sampleRate = 48_000
        let scenario = ScheduleScenario.issueExample
        let frames = Int(scenario.length * Double(sampleRate))
        var recordings: [[Double]] = []
        for period in [64, 128, 1_024] {
            let alsa = try ALSATestConfiguration()
            let workspace = try Workspace()
            let input = try workspace.constantInput(sampleRate: sampleRate, frames: frames)
            let script = try workspace.write(scenario.volumeScript, to: "schedule.json")
            let result = try SwellProcess.run(
                ["play", input, "--script", script, "--device", ALSATestConfiguration.capturePCM, "--period", "\(period)"],
                environment: alsa.environment)
            #expect(result.status == 0, "\(result)")
            let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
            let gains = captured.prefix(frames).map { $0 / Workspace.level }
            #expect(gains.count == frames)
            let worst = Self.worstError(gains, sampleRate: Double(sampleRate), reference: scenario.reference)
            #expect(worst.error <= Self.tolerance, "period \(period): \(worst)")
            recordings.append(gains)
        }
        #expect(recordings[1] == recordings[0], "128 frames a period plays what 64 do")
        #expect(recordings[2] == recordings[0], "1024 frames a period plays what 64 do")
    }
}
