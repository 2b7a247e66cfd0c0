import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// On a terminal, `play`, `render` and `mixer` show a progress line — time,
/// bar, gain in dB and, when playing, xruns — redrawn in place; nothing when
/// standard error is not a terminal, or with `--quiet`
/// (docs/cli.md#progress-line). The terminal is a pseudo-terminal the test
/// reads.
@Suite("progress line")
struct ProgressLineTests {
    let workspace: Workspace
    let alsa: ALSATestConfiguration
    let input: String

    init() throws {
        workspace = try Workspace()
        alsa = try ALSATestConfiguration()
        input = try workspace.constantInput(sampleRate: 48_000, frames: 24_000, channels: 2)
    }

    /// What `swell ARGUMENTS` writes to a terminal, and how it exited.
    private func onTerminal(_ arguments: [String]) throws -> (transcript: String, status: Int32?) {
        try SwellProcess.runOnTerminal(arguments, environment: alsa.environment, directory: workspace.directory, timeout: 60)
    }

    static let commands: [(name: String, arguments: [String])] = [
        ("render", ["render", "in.wav", "-o", "out.wav", "--overwrite", "--fade-in", "0.2"]),
        ("play", ["play", "in.wav", "--device", ALSATestConfiguration.capturePCM, "--fade-in", "0.2"]),
        ("mixer", ["mixer", "--device", ALSATestConfiguration.mixerDevice, "--to", "50%", "--duration", "0.3"]),
    ]

    @Test("on a terminal: time, a bar and the gain in dB, redrawn with a carriage return", arguments: commands.map(\.name))
    func terminal(command: String) throws {
        let arguments = Self.commands.first { $0.name == command }!.arguments
        let (transcript, status) = try onTerminal(arguments)
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("\r"), "the line is redrawn in place: \(transcript.debugDescription)")
        #expect(transcript.contains(/\d+:\d\d\.\d \/ \d+:\d\d\.\d/), "time / length: \(transcript.debugDescription)")
        #expect(transcript.contains("[") && transcript.contains("]"), "a bar: \(transcript.debugDescription)")
        #expect(transcript.contains("dB"), "the gain in dB: \(transcript.debugDescription)")
        if command == "play" {
            #expect(transcript.contains("xruns 0"), "xruns while playing: \(transcript.debugDescription)")
        }
    }

    @Test("--quiet: nothing, even on a terminal", arguments: commands.map(\.name))
    func quiet(command: String) throws {
        let arguments = Self.commands.first { $0.name == command }!.arguments + ["--quiet"]
        let (transcript, status) = try onTerminal(arguments)
        #expect(status == 0, "\(transcript)")
        #expect(transcript.isEmpty, "\(transcript.debugDescription)")
    }

    @Test("not a terminal: nothing on standard error", arguments: commands.map(\.name))
    func notTerminal(command: String) throws {
        let arguments = Self.commands.first { $0.name == command }!.arguments
        let result = try SwellProcess.run(arguments, environment: alsa.environment, directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result.standardError.debugDescription)")
        #expect(result.standardOutput.isEmpty)
    }
}
