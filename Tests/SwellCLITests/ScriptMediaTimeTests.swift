import Foundation
import ALSATestSupport
import Testing
import TestSupport

/// An audio layer plays its file at its local time (docs/audio.md#time-drives-the-media):
/// file frame `round(t_local·fs)` at every mix frame, silence before the
/// file's start, where Core Animation's local time is
/// `t_local = (t_parent − beginTime)·speed + timeOffset` at each layer from
/// the root down.
///
/// The input is a "clock" file: frame k holds k·2⁻²⁰, exact in 32-bit
/// float, so every rendered sample says which file frame was played.
@Suite("media time: a layer's time is its file's position")
struct ScriptMediaTimeTests {
    static let sampleRate = 48_000
    static let step = 0x1p-20

    /// A float WAV of `frames` frames whose frame k is k·2⁻²⁰.
    private func clockInput(_ workspace: Workspace, frames: Int) throws -> String {
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float,
                                    samples: (0..<frames).map { Double($0) * Self.step }), to: "clock.wav")
    }

    /// Renders (or plays, on the test configuration's capture PCM) `layers`
    /// and `events` around the clock input, `frames` frames long, and
    /// returns the file frame each output frame played (nil where it is
    /// silent).
    private func playedFrames(layers: String, events: String = "", inputFrames: Int = 48_000,
                              frames: Int, command: String = "render") throws -> [Int?] {
        let workspace = try Workspace()
        let input = try clockInput(workspace, frames: inputFrames)
        let script = try workspace.write("""
            {"version": 1, "layers": [\(layers)], "events": [\(events)]}
            """, to: "script.json")
        let duration = ["--script", script, "--duration", String(Double(frames) / Double(Self.sampleRate))]
        let samples: [Double]
        if command == "play" {
            let alsa = try ALSATestConfiguration()
            let result = try SwellProcess.run(["play", input, "--device", ALSATestConfiguration.capturePCM] + duration,
                                              environment: alsa.environment)
            guard result.status == 0 else { throw TestSupportError("swell play failed: \(result)") }
            samples = Array(try alsa.captured(by: ALSATestConfiguration.capturePCM).prefix(frames))
        } else {
            let output = workspace.path("out.wav")
            let result = try SwellProcess.run(["render", input, "-o", output, "--encoding", "float"] + duration)
            guard result.status == 0 else { throw TestSupportError("swell render failed: \(result)") }
            samples = try WAVFile(contentsOf: URL(fileURLWithPath: output)).channel(0)
        }
        #expect(samples.count == frames)
        // Frame 0 of the file is 0 as well as silence: the tests place it
        // where the expected frames make it unambiguous.
        return samples.map { $0 == 0 ? nil : Int(($0 / Self.step).rounded()) }
    }

    /// The first frame that differs from `expected(n)`, with both values.
    private func firstMismatch(_ played: [Int?], _ expected: (Int) -> Int?) -> String? {
        for (n, frame) in played.enumerated() where frame != expected(n) && !(frame == nil && expected(n) == 0) {
            return "frame \(n) played \(frame.map(String.init) ?? "silence"), expected \(expected(n).map(String.init) ?? "silence")"
        }
        return nil
    }

    @Test("beginTime starts the file later: silence, then the file from its first frame")
    func beginTime() throws {
        let played = try playedFrames(layers: #"{"name": "music", "type": "audio", "beginTime": 0.25}"#, frames: 24_000)
        // t_local = t − 0.25: file frame n − 12000 from frame 12000.
        #expect(firstMismatch(played) { $0 < 12_000 ? nil : $0 - 12_000 } == nil)
    }

    @Test("timeOffset starts the file part-way in")
    func timeOffset() throws {
        let played = try playedFrames(layers: #"{"name": "music", "type": "audio", "timeOffset": 0.125}"#,
                                      frames: 12_000)
        #expect(firstMismatch(played) { $0 + 6_000 } == nil)
    }

    @Test("an ancestor's timing moves the file as the layer's own does")
    func ancestorTiming() throws {
        let played = try playedFrames(layers: """
            {"name": "bus", "type": "layer", "beginTime": 0.1, "timeOffset": 0.05},
            {"name": "music", "type": "audio", "parent": "bus"}
            """, frames: 12_000)
        // t_local = t − 0.1 + 0.05: silence until 0.05 s, then file frame n − 2400.
        #expect(firstMismatch(played) { $0 < 2_400 ? nil : $0 - 2_400 } == nil)
    }

    @Test("speed 0 pauses the sound, QA1673's resume carries on from the same frame",
          arguments: ["render", "play"])
    func pauseAndResume(command: String) throws {
        // Paused at 0.1 s (local time 0.1), resumed at 0.3 s with
        // beginTime = 0.3 − 0.1: t_local = t − 0.2 from then on.
        let played = try playedFrames(layers: #"{"name": "music", "type": "audio"}"#, events: """
            {"at": 0.1, "layer": "music", "set": {"speed": 0, "timeOffset": 0.1}},
            {"at": 0.3, "layer": "music", "set": {"speed": 1, "timeOffset": 0, "beginTime": 0.2}}
            """, frames: 24_000, command: command)
        #expect(firstMismatch(played) { n in
            n < 4_800 ? n : n < 14_400 ? nil : n - 9_600
        } == nil)
    }

    @Test("a new timeOffset seeks: backwards and forwards, to the frame", arguments: ["render", "play"])
    func seeking(command: String) throws {
        let played = try playedFrames(layers: #"{"name": "music", "type": "audio"}"#, events: """
            {"at": 0.1, "layer": "music", "set": {"timeOffset": -0.05}},
            {"at": 0.2, "layer": "music", "set": {"timeOffset": 0.5}}
            """, frames: 19_200, command: command)
        #expect(firstMismatch(played) { n in
            n < 4_800 ? n : n < 9_600 ? n - 2_400 : n + 24_000
        } == nil)
    }

    @Test("after the file's last frame the layer is silent")
    func pastTheEnd() throws {
        let played = try playedFrames(layers: #"{"name": "music", "type": "audio", "timeOffset": 0.9}"#,
                                      inputFrames: 48_000, frames: 9_600)
        // File frames 43200 … 47999, then nothing.
        #expect(firstMismatch(played) { $0 < 4_800 ? $0 + 43_200 : nil } == nil)
    }
}
