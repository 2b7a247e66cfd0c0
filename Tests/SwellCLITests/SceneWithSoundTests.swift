import Foundation
import Testing
import TestSupport

/// One script, one layer tree: an audio layer and a visual layer fade
/// together, and `swell render` gives either the sound (-o FILE.wav, no
/// input file: the script's audio layers) or the picture (-o FILE.png)
/// (docs/cli.md#scenes, docs/scripts.md#visual-layers).
@Suite("render: a scene's sound and pictures from one script")
struct SceneWithSoundTests {
    /// A 3 s tone under a red box; at 1 s both fade to 0 over 2 s, linearly
    /// (a transaction's timing function when the event names none).
    private let scene = ##"""
        {"version": 1,
         "canvas": {"width": 40, "height": 30, "backgroundColor": "#000000"},
         "layers": [
          {"name": "music", "type": "audio", "file": "tone.wav"},
          {"name": "box", "type": "layer", "position": [20, 15], "bounds": [0, 0, 20, 10],
           "backgroundColor": "#ff0000"}
         ],
         "events": [{"at": 1, "layer": "music", "set": {"volume": 0}, "duration": 2},
                    {"at": 1, "layer": "box", "set": {"opacity": 0}, "duration": 2}]}
        """##

    /// The fade's gain at `t` seconds, from the script by hand.
    private func gain(_ t: Double) -> Double { t < 1 ? 1 : max(0, 1 - (t - 1) / 2) }

    @Test("the WAV is SoX's tone times the fade, sample by sample")
    func sound() throws {
        let workspace = try Workspace()
        let tone = workspace.path("tone.wav")
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "1", "-e", "floating-point", "-b", "32",
                                      tone, "synth", "3", "sine", "440")
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("out.wav")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result)")
        let input = try SoundFileFixtures.soxSamples(tone)
        let rendered = try SoundFileFixtures.soxSamples(output)
        #expect(rendered.count == input.count)
        let expected = input.enumerated().map { Float(Double($0.element) * gain(Double($0.offset) / 48_000)) }
        #expect(SoundFileFixtures.maximumDifference(rendered, expected) < 1e-5)
    }

    @Test("the picture at 2 s shows the box at half opacity over the black canvas")
    func picture() throws {
        let workspace = try Workspace()
        _ = try SoundFileFixtures.sox("-n", "-r", "48000", "-c", "1", workspace.path("tone.wav"), "synth", "3", "sine", "440")
        let script = try workspace.write(scene, to: "scene.json")
        let output = workspace.path("frame.png")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--at", "2"]).status == 0)
        let rgba = try SoundFileFixtures.ffmpegRGBA(output)
        let center = Array(rgba[(15 * 40 + 20) * 4 ..< (15 * 40 + 20) * 4 + 4])
        #expect(abs(Double(center[0]) - 255 * gain(2)) <= 1 && center[1] == 0 && center[2] == 0, "\(center)")
    }
}
