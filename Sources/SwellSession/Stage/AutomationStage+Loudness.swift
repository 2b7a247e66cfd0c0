import Foundation
import SwellAudio
import SwellScript
import SwellSndFile

extension AutomationStage {
    /// `--loudness`: every layer that plays a file — an input's, a script's
    /// audio layer, a video's sound track — has its model volume
    /// multiplied by the gain that brings the file's integrated loudness
    /// to the target, measured over what plays of it before anything does,
    /// lowered where it would lift the true peak above the ceiling, as
    /// ReplayGain's clipping prevention lowers it, or pass the +24 dB any
    /// gain may reach, with a warning. The gain is
    /// the layer's volume, so fades, crossfades and `set` act on top of it
    /// and `curve` shows it (docs/loudness.md).
    func applyLoudness(_ target: LoudnessTarget) throws {
        var layers: [AudioLayer] = []
        root.forEachInTree { if let audio = $0 as? AudioLayer, audio.soundSource != nil { layers.append(audio) } }
        var measured: [ObjectIdentifier: Loudness] = [:]
        for layer in layers {
            guard let source = layer.soundSource else { continue }
            let name = source.format.path
            guard source.format.isSeekable else {
                throw AutomationError("--loudness measures each file before it plays, and '\(name)' is a stream that "
                                      + "cannot be read twice; save it to a file first")
            }
            let loudness = try measured[ObjectIdentifier(source)] ?? Loudness.measure(source)
            measured[ObjectIdentifier(source)] = loudness
            let most = 20 * log10(GainLimit(allowsBoost: true).ceiling)
            guard let gain = target.gain(for: loudness, maximum: most) else { continue }
            if gain.lowered > 0 {
                let why = gain.decibels < most
                    ? "so that its true peak stays at \(Self.format(target.truePeak)) dBTP"
                    : "the most a gain may lift (docs/audio.md#ear-safety)"
                CADiagnostics.warn("'\(name)': the gain to \(Self.format(target.integrated)) LUFS is lowered by "
                                   + "\(Self.format(gain.lowered)) dB, to \(Self.format(gain.decibels, sign: true)) dB, \(why)")
            }
            layer.volume *= pow(10, gain.decibels / 20)
        }
    }

    /// To a tenth, without a trailing `.0`: `-16`, `20.3`, `+1.5`.
    private static func format(_ value: Double, sign: Bool = false) -> String {
        String(format: sign ? "%+g" : "%g", (value * 10).rounded() / 10)
    }
}
