import Foundation
import SwellALSA
import SwellSndFile
import ALSATestSupport
import TestSupport
import Testing

/// Bad input (docs/cli.md#exit-codes, docs/performance.md#robustness): one
/// clear line on standard error naming what is wrong, exit status 2 for bad
/// input, 1 for a device or I/O failure, 130 when interrupted — and never a
/// partial or clobbered file.
@Suite("bad input: one line, the right exit status, no partial file")
struct BadInputTests {
    let workspace: Workspace
    /// A valid one-second 48 kHz stereo 16-bit WAV.
    let input: String

    init() throws {
        workspace = try Workspace()
        input = try workspace.write(
            WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .pcm16,
                    samples: TestSignal.sines(frequencies: [440, 660], amplitude: 0.5, sampleRate: 48_000, frames: 48_000).map(Double.init)),
            to: "in.wav")
    }

    /// Runs `swell ARGUMENTS` in the workspace and checks that it left the
    /// workspace as it found it: no output, no temporary file.
    private func swell(_ arguments: [String], environment: [String: String] = [:]) throws -> SwellProcess.Result {
        let before = try workspace.entries()
        let result = try SwellProcess.run(arguments, environment: environment, directory: workspace.directory)
        #expect(try workspace.entries() == before, "swell \(arguments.joined(separator: " ")) left files behind")
        return result
    }

    // MARK: Audio files

    @Test("a missing input file")
    func missingFile() throws {
        try swell(["render", "missing.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["missing.wav"])
        try swell(["play", "missing.wav", "--device", "null"]).expectFailure(.badInput, naming: ["missing.wav"])
    }

    @Test("an input that cannot be read: a directory")
    func unreadableFile() throws {
        try FileManager.default.createDirectory(atPath: workspace.path("folder.wav"), withIntermediateDirectories: false)
        try swell(["render", "folder.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["folder.wav"])
    }

    @Test("a WAV cut inside its header cannot be opened (one cut in its data is decoded up to there: DamagedInputTests)")
    func truncatedHeader() throws {
        let wav = try Data(contentsOf: URL(fileURLWithPath: input))
        try wav.prefix(30).write(to: URL(fileURLWithPath: workspace.path("cut.wav")))
        try swell(["render", "cut.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["cut.wav"])
    }

    @Test("corrupt audio files: noise, an empty file, a header with no channels")
    func corruptFiles() throws {
        var generator = SplitMix64(seed: 7)
        try Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
            .write(to: URL(fileURLWithPath: workspace.path("noise.wav")))
        try swell(["render", "noise.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["noise.wav"])

        try Data().write(to: URL(fileURLWithPath: workspace.path("empty.wav")))
        try swell(["render", "empty.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["empty.wav"])

        var header = try Data(contentsOf: URL(fileURLWithPath: input))
        header[22] = 0
        header[23] = 0
        try header.write(to: URL(fileURLWithPath: workspace.path("mute.wav")))
        try swell(["render", "mute.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["mute.wav"])
    }

    @Test("a FLAC corrupted mid-file ends play as it ends render: exit 2, one line naming it and where it broke")
    func corruptedMidFile() throws {
        let alsa = try ALSATestConfiguration()
        try Subprocess.run("sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", workspace.path("long.flac"),
                                   "synth", "4", "sine", "440", "vol", "0.5"]).requireSuccess()
        var flac = try Data(contentsOf: URL(fileURLWithPath: workspace.path("long.flac")))
        flac.replaceSubrange(flac.count / 4 ..< flac.count / 4 + 4_000, with: Data(count: 4_000))
        try flac.write(to: URL(fileURLWithPath: workspace.path("bad.flac")))
        try FileManager.default.removeItem(atPath: workspace.path("long.flac"))
        let subjects = ["bad.flac", "premature end of data", "of 0:04.0 (", "flac decoder"]
        // render keeps the decoded part (docs/cli.md#damaged-input).
        let rendered = try SwellProcess.run(["render", "bad.flac", "-o", "out.wav"], directory: workspace.directory)
        rendered.expectFailure(.badInput, naming: subjects)
        #expect(FileManager.default.fileExists(atPath: workspace.path("out.wav")))
        try FileManager.default.removeItem(atPath: workspace.path("out.wav"))
        try swell(["play", "bad.flac", "--device", ALSATestConfiguration.capturePCM], environment: alsa.environment)
            .expectFailure(.badInput, naming: subjects)
    }

    @Test("a file whose magic number is damaged into an MPEG frame sync")
    func mpegLookalike() throws {
        // A FLAC file whose "fLaC" is overwritten with 0xFFFF0000, which
        // libsndfile then tries as MPEG audio.
        try Subprocess.run("sox", ["-n", "-r", "8000", "-c", "2", "-b", "16", workspace.path("sync.flac"), "synth", "0.01", "sine", "440"]).requireSuccess()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path("sync.flac")))
        bytes.replaceSubrange(0..<4, with: [0xFF, 0xFF, 0x00, 0x00])
        try bytes.write(to: URL(fileURLWithPath: workspace.path("sync.flac")))
        let result = try swell(["render", "sync.flac", "-o", "out.wav"])
        #expect(result.status == 2, "\(result)")
        // libmpg123 prints three "Note: …" lines of its own before swell's
        // line, and libsndfile's reason is "File does not exist or is not a
        // regular file (possibly a pipe?)" for a regular file that exists.
        withKnownIssue("libmpg123's notes reach stderr; libsndfile's reason for a failed MPEG open is misleading") {
            result.expectFailure(.badInput, naming: ["sync.flac"])
            #expect(!result.standardError.contains("does not exist"), "\(result)")
        }
    }

    // MARK: Scripts

    /// A script with one problem, and where it is: the line and column of
    /// `marker`'s first character.
    struct BrokenScript: CustomTestStringConvertible, Sendable {
        var what: String
        var text: String
        var marker: String

        var testDescription: String { what }

        /// The 1-based line and column of `marker` in `text`.
        var location: String { text.location(of: marker) }
    }

    static let brokenScripts = [
        BrokenScript(what: "malformed JSON", text: """
            {"version": 1,
             "events": [ }
            """, marker: "}"),
        BrokenScript(what: "a string where a number belongs", text: """
            {"version": 1,
             "layers": [{"name": "music", "type": "audio", "volume": "loud"}]}
            """, marker: "\"loud\""),
        BrokenScript(what: "keyTimes out of order", text: """
            {"version": 1,
             "events": [
               {"at": 0, "add": {"type": "keyframe", "keyPath": "volume", "values": [0, 1, 0, 1],
                                 "keyTimes": [0, 0.7, 0.3, 1]}}]}
            """, marker: "0.3"),
        BrokenScript(what: "a negative duration", text: """
            {"version": 1,
             "events": [{"at": 0, "set": {"volume": 0.5}, "duration": -2}]}
            """, marker: "-2"),
        BrokenScript(what: "a number too large to be finite", text: """
            {"version": 1,
             "events": [{"at": 1e999, "set": {"volume": 0.5}}]}
            """, marker: "1e999"),
        BrokenScript(what: "an unknown key", text: """
            {"version": 1,
             "events": [{"at": 0, "set": {"volume": 0.5}, "durration": 2}]}
            """, marker: "\"durration\""),
        BrokenScript(what: "an unknown layer", text: """
            {"version": 1,
             "events": [{"at": 0, "layer": "nobody", "set": {"volume": 0.5}}]}
            """, marker: "\"nobody\""),
        BrokenScript(what: "an exponential ramp from 0 in a schedule", text: """
            {"version": 1,
             "events": [{"at": 0, "automate": "volume", "calls": [
               ["setValueAtTime", 0, 0],
               ["exponentialRampToValueAtTime", 1, 2]]}]}
            """, marker: "[\"exponentialRampToValueAtTime\""),
        BrokenScript(what: "a schedule's event inside a value curve, made by a later event", text: """
            {"version": 1,
             "events": [{"at": 0, "automate": "volume", "calls": [["setValueCurveAtTime", [1, 0.5], 1, 2]]},
                        {"at": 0.5, "automate": "volume", "calls": [["setValueAtTime", 1, 2]]}]}
            """, marker: "[\"setValueAtTime\""),
    ]

    @Test("a bad script is rejected with FILE:LINE:COL, by curve and by render", arguments: brokenScripts)
    func brokenScript(script: BrokenScript) throws {
        try workspace.write(script.text, to: "broken.json")
        let subjects = ["broken.json:\(script.location):"]
        try swell(["curve", "--script", "broken.json", "--duration", "1"]).expectFailure(.badInput, naming: subjects)
        try swell(["render", "in.wav", "-o", "out.wav", "--script", "broken.json"]).expectFailure(.badInput, naming: subjects)
    }

    @Test("a missing script, and a directory given as a script")
    func unreadableScript() throws {
        try swell(["curve", "--script", "none.json", "--duration", "1"]).expectFailure(.badInput, naming: ["none.json"])
        try FileManager.default.createDirectory(atPath: workspace.path("scripts"), withIntermediateDirectories: false)
        try swell(["curve", "--script", "scripts", "--duration", "1"]).expectFailure(.badInput, naming: ["scripts"])
    }

    @Test("events out of order in the file run in time order")
    func eventsInAnyOrder() throws {
        try workspace.write("""
            {"version": 1,
             "events": [{"at": 2, "set": {"volume": 1}, "disableActions": true},
                        {"at": 1, "set": {"volume": 0.25}, "disableActions": true}]}
            """, to: "order.json")
        let result = try SwellProcess.run(["curve", "--script", "order.json", "--duration", "3", "--rate", "2"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "time,main.volume\n0,1\n0.5,1\n1,0.25\n1.5,0.25\n2,1\n2.5,1\n3,1\n")
    }

    // MARK: Values

    @Test("bad TIME, LEVEL, NAME and ramp values name the value", arguments: [
        (["--fade-in", "2x"], "2x"), (["--fade-in", "-1"], "-1"), (["--duration", "nan"], "nan"),
        (["--fade-out", "1h30"], "1h30"), (["--volume", "50x"], "50x"), (["--volume", "-0.5"], "-0.5"),
        (["--volume", "1e400"], "1e400"), (["--timing", "qsine"], "qsine"),
        (["--timing", "bezier(1.5,0,1,1)"], "bezier(1.5,0,1,1)"), (["--timing", "bezier(0,0,1)"], "bezier(0,0,1)"),
        (["--ramp", "0:0 1"], "1"), (["--ramp", "2:0 1:1"], "1:1"), (["--ramp", "0:0:easeIn 1:1"], "0:0:easeIn"),
        (["--ramp", "0:0 1:1:bogus"], "bogus"), (["--ramp", ""], "ramp"),
        (["--start", "-1"], "-1"), (["--rate", "0"], "--rate"), (["--key", "nobody.volume"], "nobody"),
    ])
    func badValue(arguments: [String], subject: String) throws {
        try swell(["curve", "--duration", "1"] + arguments).expectFailure(.badInput, naming: [subject])
    }

    /// Large finite numbers are checked where they would become a count of
    /// frames or of grid points, never converted into a trap.
    @Test("times too large to count are bad input, not a crash", arguments: [
        (["curve", "--fade-in", "1", "--duration", "1e17"], "points"),
        (["curve", "--duration", "10", "--rate", "1e300"], "points"),
        (["render", "in.wav", "-o", "out.wav", "--duration", "1e17"], "1e+17"),
    ])
    func hugeTimes(arguments: [String], subject: String) throws {
        try swell(arguments).expectFailure(.badInput, naming: [subject])
    }

    @Test("a script event too late to count, or with a duration too long to sample, is bad input")
    func hugeScriptTimes() throws {
        let late = try workspace.write("""
            {"version": 1, "events": [{"at": 1e15, "layer": "main", "set": {"volume": 0.5}}]}
            """, to: "late.json")
        try swell(["render", "in.wav", "-o", "out.wav", "--script", late]).expectFailure(.badInput, naming: ["1e+15"])
        try swell(["play", "in.wav", "--device", "null", "--script", late]).expectFailure(.badInput, naming: ["1e+15"])
        let long = try workspace.write("""
            {"version": 1, "events": [{"at": 0, "layer": "main", "set": {"volume": 0.5}, "duration": 1e17}]}
            """, to: "long.json")
        try swell(["curve", "--script", long]).expectFailure(.badInput, naming: ["points"])
        // With the grid's end given, the long animation is only sampled.
        #expect(try swell(["curve", "--script", long, "--duration", "1"]).status == 0)
    }

    @Test("a word that is not an option or a command is an error, never help")
    func notAnOption() throws {
        try FileManager.default.copyItem(atPath: input, toPath: workspace.path("-dash.wav"))
        try swell(["render", "-dash.wav", "-o", "out.wav"]).expectFailure(.badInput, naming: ["-dash.wav", "--"])
        try swell(["rendr", "in.wav"]).expectFailure(.badInput, naming: ["rendr", "did you mean \"render\""])
        try swell(["help", "nonexist"]).expectFailure(.badInput, naming: ["nonexist"])
        // After `--` every word is an operand, as POSIX has it.
        let result = try SwellProcess.run(["render", "-o", "out.wav", "--", "-dash.wav"], directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: workspace.path("out.wav")))
    }

    @Test("--rate and --channels out of range, or not whole numbers, are one line naming the option, for render and play",
          arguments: [
              (["--rate", "0"], "--rate"), (["--rate", "-44100"], "--rate"), (["--rate", "44.1"], "--rate"),
              (["--rate", "999"], "--rate"), (["--rate", "768001"], "--rate"), (["--rate", "1e9"], "--rate"),
              (["--rate", "fast"], "--rate"), (["--channels", "0"], "--channels"), (["--channels", "9"], "--channels"),
              (["--channels", "-2"], "--channels"), (["--channels", "stereo"], "--channels"),
          ])
    func badRateOrChannels(arguments: [String], option: String) throws {
        try swell(["render", "in.wav", "-o", "out.wav"] + arguments).expectFailure(.badInput, naming: [option])
        try swell(["play", "in.wav", "--device", "null"] + arguments).expectFailure(.badInput, naming: [option])
    }

    @Test("options that cannot go together")
    func conflictingOptions() throws {
        try swell(["curve", "--ramp", "0:0 1:1", "--fade-in", "1"]).expectFailure(.badInput, naming: ["--ramp"])
        try swell(["mixer", "--to", "50%", "--ramp", "0:0 1:1"]).expectFailure(.badInput, naming: ["--to"])
    }

    @Test("a LEVEL in decibels starts with '-' and is a value, not an option")
    func negativeDecibels() throws {
        let result = try SwellProcess.run(["curve", "--duration", "0", "--volume", "-6dB"])
        #expect(result.status == 0, "\(result)")
        let value = try #require(Double(result.standardOutput.split(separator: "\n")[1].split(separator: ",")[1]))
        #expect(abs(value - pow(10, -6.0 / 20)) < 1e-8)
    }

    // MARK: Devices

    @Test("an unknown PCM is a device failure naming it")
    func unknownPCM() throws {
        let alsa = try ALSATestConfiguration()
        try swell(["play", "in.wav", "--device", "nosuch"], environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: ["nosuch"])
    }

    @Test("an unknown control device and an unknown control are device failures naming them")
    func unknownMixer() throws {
        let alsa = try ALSATestConfiguration()
        try swell(["mixer", "--device", ALSATestConfiguration.mixerDevice, "--control", "Bass", "--to", "50%"],
                  environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: ["Bass"])
        // alsa-lib would print "ALSA lib control.c:…(snd_ctl_open_noupdate)
        // Invalid CTL nosuch" before Swell's own line if its error printing
        // were not silenced before the first open.
        try swell(["mixer", "--device", "nosuch", "--to", "50%"], environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: ["nosuch"])
    }

    @Test("a device that cannot be opened is a device failure everywhere: a script's mixer layer, swell devices --device")
    func deviceFailuresEverywhere() throws {
        let alsa = try ALSATestConfiguration()
        let script = try workspace.write("""
            {"version": 1, "layers": [{"name": "card", "type": "mixer", "device": "nosuch", "control": "Master"}]}
            """, to: "card.json")
        try swell(["mixer", "--script", script], environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: ["card", "nosuch"])
        try swell(["devices", "--device", "nosuch"], environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: ["nosuch"])
    }

    @Test("every input of play is checked before the first one plays")
    func playChecksEveryInputFirst() throws {
        let alsa = try ALSATestConfiguration()
        try swell(["play", "in.wav", "missing.wav", "--device", ALSATestConfiguration.capturePCM],
                  environment: alsa.environment)
            .expectFailure(.badInput, naming: ["missing.wav"])
        let capture = alsa.captureFile(of: ALSATestConfiguration.capturePCM).path
        #expect(!FileManager.default.fileExists(atPath: capture), "nothing was played")
    }

    @Test("a busy device is a device failure that says so")
    func busyDevice() throws {
        let alsa = try ALSATestConfiguration()
        let holder = try PCMOutput(device: ALSATestConfiguration.realtimePCM, channelCount: 2, sampleRate: 48_000,
                                   configuration: try alsa.load())
        defer { holder.close() }
        try swell(["play", "in.wav", "--device", ALSATestConfiguration.realtimePCM], environment: alsa.environment)
            .expectFailure(.runtimeFailure, naming: [ALSATestConfiguration.realtimePCM, "busy"])
    }

    // MARK: Outputs

    @Test("an existing output is left untouched, byte for byte, without --overwrite")
    func existingOutput() throws {
        let original = Data("not a sound file, and it must stay that way".utf8)
        for name in ["taken.wav", "taken.svg"] {
            try original.write(to: URL(fileURLWithPath: workspace.path(name)))
        }
        try swell(["render", "in.wav", "-o", "taken.wav", "--fade-in", "1"]).expectFailure(.badInput, naming: ["taken.wav"])
        try swell(["curve", "--duration", "1", "--format", "svg", "-o", "taken.svg"]).expectFailure(.badInput, naming: ["taken.svg"])
        for name in ["taken.wav", "taken.svg"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))) == original, "\(name) was changed")
        }
    }

    @Test("an output in a directory that does not exist is an I/O failure")
    func unwritableOutput() throws {
        try swell(["render", "in.wav", "-o", "no/such/dir/out.wav"]).expectFailure(.runtimeFailure, naming: ["no/such/dir/out.wav"])
    }

    @Test("a terminating signal during a long render exits 128 + the signal and leaves neither the output nor a temporary file",
          arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1])
    func interruptedRender(signal: Int32) throws {
        // 3 h of 1 kHz mono with a Bézier fade across all of it: every frame
        // is evaluated, so the render takes long enough to be interrupted.
        let frames = 3 * 3_600 * 1_000
        var file = WAVFile(sampleRate: 1_000, channelCount: 1, encoding: .pcm16, samples: []).data()
        file.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(36 + 2 * frames).littleEndian) { Data($0) })
        file.replaceSubrange(40..<44, with: withUnsafeBytes(of: UInt32(2 * frames).littleEndian) { Data($0) })
        file.append(Data(repeating: 0x20, count: 2 * frames))
        try file.write(to: URL(fileURLWithPath: workspace.path("long.wav")))
        let before = try workspace.entries()

        let running = try SwellProcess.start(
            ["render", "long.wav", "-o", "long-out.wav", "--fade-in", "3h", "--timing", "bezier(0.3,0.1,0.2,1)"],
            directory: workspace.directory)
        // Interrupt once the temporary file is being written.
        let deadline = Date().addingTimeInterval(20)
        while try workspace.entries().subtracting(before).isEmpty && Date() < deadline { usleep(10_000) }
        let partial = try workspace.entries().subtracting(before)
        usleep(100_000)
        running.send(signal)
        let result = try running.wait(timeout: 30)
        #expect(!partial.isEmpty, "the render never started writing")
        #expect(result.status == 128 + signal, "\(result)")
        #expect(result.errorLines.count <= 1)
        let after = try workspace.entries()
        #expect(after == before, "left behind: \(after.subtracting(before))")
    }
}
