import Foundation
import ALSATestSupport
import TestSupport
import Testing
@testable import SwellCommands

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

    /// The segments a transcript redraws: the text between carriage
    /// returns, without the erase-to-end-of-line sequence and line feeds.
    private func redraws(_ transcript: String) -> [String] {
        transcript.split(separator: "\r").map {
            $0.replacingOccurrences(of: "\u{1B}[K", with: "").trimmingCharacters(in: .newlines)
        }.filter { !$0.isEmpty }
    }

    @Test("the last state is drawn: the whole length, and the gain a fade-out ends at")
    func lastStateIsDrawn() throws {
        let (transcript, status) = try onTerminal(["render", "in.wav", "-o", "out.wav", "-y", "--fade-out", "0.5"])
        #expect(status == 0, "\(transcript)")
        let last = try #require(redraws(transcript).last)
        #expect(last.hasPrefix("0:00.5 / 0:00.5"), "\(last.debugDescription)")
        #expect(last.hasSuffix("-inf dB"), "\(last.debugDescription)")
    }

    @Test("the line fits the terminal's width", arguments: [40, 24])
    func fitsTheWidth(columns: Int) throws {
        let (transcript, status) = try SwellProcess.runOnTerminal(
            ["render", "in.wav", "-o", "out.wav", "-y", "--fade-in", "0.2"],
            environment: alsa.environment.merging(["COLUMNS": "\(columns)"]) { $1 }, directory: workspace.directory)
        #expect(status == 0, "\(transcript)")
        let lines = redraws(transcript)
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.count < columns, "\(line.debugDescription) is \(line.count) columns") }
    }

    @Test("times read m:ss.s, and h:mm:ss.s from an hour on", arguments: [
        (0.0, "0:00.0"), (59.96, "1:00.0"), (61.24, "1:01.2"), (3_599.94, "59:59.9"), (3_599.96, "1:00:00.0"),
        (7_200, "2:00:00.0"), (36_000 + 61.5, "10:01:01.5"),
    ])
    func clock(seconds: Double, text: String) {
        #expect(ProgressLine.clock(seconds) == text)
    }
}
