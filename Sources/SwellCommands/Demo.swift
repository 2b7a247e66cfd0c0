import SwellSession
import Foundation

/// `swell demo`, the embedded default: ten seconds of synthesised music
/// played with a scripted fade-in, a keyframed dip and a fade-out — on the
/// default device, or, when no device can be opened, rendered to
/// `swell-demo.wav` with its volume curve drawn to `swell-demo.svg`.
package enum Demo {
    /// The demo's automation, the script of docs/scripts.md#the-demo: `music`
    /// plays the synthesised piece under the `bus` layer, whose keyframed
    /// envelope fades it in over 2 s (easeIn) and out over the last 2 s
    /// (easeOut); from 4 s the music dips by 60 % for two seconds (an
    /// additive keyframe animation).
    package static let scriptText = """
    {
      "version": 1,
      "sampleRate": 48000,
      "layers": [
        {"name": "bus", "type": "layer"},
        {"name": "music", "type": "audio", "parent": "bus"}
      ],
      "events": [
        {"at": 0, "layer": "bus", "key": "envelope",
         "add": {"type": "keyframe", "keyPath": "volume", "values": [0, 1, 1, 0],
                 "keyTimes": [0, 0.2, 0.8, 1], "duration": 10,
                 "timingFunctions": ["easeIn", "linear", "easeOut"]}},
        {"at": 4, "layer": "music", "key": "dip",
         "add": {"type": "keyframe", "keyPath": "volume", "values": [0, -0.6, -0.6, 0],
                 "keyTimes": [0, 0.25, 0.75, 1], "additive": true, "duration": 2,
                 "timingFunctions": ["easeInEaseOut", "linear", "easeInEaseOut"]}}
      ]
    }
    """

    package static let duration = 10.0
    package static let sampleRate = 48_000

    /// The parsed demo script.
    package static func script() throws -> ScriptSpec {
        try ScriptSpec(parsing: scriptText, file: "demo.json", baseDirectory: URL(fileURLWithPath: "/"),
                       kinds: LayerKind.command)
    }

    /// Writes the demo piece to `path` (16-bit stereo WAV): an arpeggio
    /// over Am–F–C–G in eighth notes at 120 bpm, each note a plucked tone
    /// (a few decaying harmonics) panned left and right in turn, over a soft
    /// pad of the chord's root and fifth.
    package static func synthesize(to path: String) throws {
        let rate = Double(sampleRate), frames = Int(duration * rate)
        let chords: [[Double]] = [[57, 60, 64, 69], [53, 57, 60, 65], [48, 52, 55, 60], [55, 59, 62, 67]]
        func frequency(_ midi: Double) -> Double { 440 * pow(2, (midi - 69) / 12) }
        var samples = [Float](repeating: 0, count: frames * 2)
        let step = 0.25
        for note in 0..<Int(duration / step) {
            let chord = chords[(note / 8) % chords.count]
            let pitch = frequency(chord[note % 4] + (note % 8 >= 4 ? 12 : 0))
            let start = Int(Double(note) * step * rate), length = min(Int(1.2 * rate), frames - start)
            let pan = note % 2 == 0 ? 0.35 : 0.65
            for i in 0..<length {
                let t = Double(i) / rate
                let envelope = exp(-t * 4) * min(1, t * 400)
                let tone = sin(2 * .pi * pitch * t) + 0.4 * sin(4 * .pi * pitch * t) + 0.15 * sin(6 * .pi * pitch * t)
                let value = 0.16 * envelope * tone
                samples[2 * (start + i)] += Float(value * (1 - pan) * 2)
                samples[2 * (start + i) + 1] += Float(value * pan * 2)
            }
        }
        for i in 0..<frames {
            let t = Double(i) / rate
            let chord = chords[min(Int(t / (8 * step)), chords.count * 8) % chords.count]
            let swell = 0.5 - 0.5 * cos(2 * .pi * t / (8 * step))
            let pad = 0.05 * swell * (sin(2 * .pi * frequency(chord[0] - 12) * t) + sin(2 * .pi * frequency(chord[0] - 5) * t))
            samples[2 * i] += Float(pad)
            samples[2 * i + 1] += Float(pad)
        }
        let writer = try SoundFileWriter(path: path, sampleRate: sampleRate, channelCount: 2, encoding: .pcm16, overwrite: true)
        try samples.withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: frames) }
        try writer.commit()
    }
}
