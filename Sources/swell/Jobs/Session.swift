import Foundation
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

/// An audio engine with an input file and its automation installed: what
/// `play` and `render` share.
///
/// The mix runs at the first input's sample rate (or the script's
/// `sampleRate`, or 48 kHz when there is no file at all) with as many
/// channels as the widest source. Every file must have that rate: Swell
/// does not resample.
final class Session {
    let engine: AudioEngine
    let stage: AutomationStage
    /// The length to render or play, in frames: `--duration`, else until
    /// the last file ends (the input's excerpt, the inputs in sequence, or
    /// the script's files at their layers' times).
    let frameCount: Int64
    /// The first input file, when there is one: its encoding and tags are
    /// the ones a render keeps.
    let input: SoundFileSource?

    init(inputs: [SoundFileSource], inputOptions: InputOptions = InputOptions(), script: ScriptSpec?,
         options: AutomationOptions, mode: AudioEngine.Mode, gainPath: GainPath = .sample, periodFrames: Int = 256,
         allowsBoost: Bool = false, openMixer: AutomationStage.MixerOpener? = nil) throws {
        // Every file is opened once — the inputs by the job, the script's
        // here — and handed on: to its layer, and through the layer to the
        // engine's reader.
        let script = script ?? ScriptSpec()
        var files: [String: SoundFileSource] = [:]
        for layer in script.layers where layer.type == .audio {
            if let file = layer.file, files[file.path] == nil { files[file.path] = try SoundFileSource(path: file.path) }
        }
        let sources = inputs.map(\.format) + script.layers.compactMap { $0.file.flatMap { files[$0.path]?.format } }
        let input = inputs.first
        let sampleRate = input?.format.sampleRate ?? script.sampleRate ?? sources.first?.sampleRate ?? 48_000
        if let declared = script.sampleRate, declared != sampleRate {
            throw AutomationError("the script's sampleRate is \(declared) Hz but '\(input!.format.path)' is \(sampleRate) Hz")
        }
        for source in sources where source.sampleRate != sampleRate {
            throw AutomationError("'\(source.path)' is \(source.sampleRate) Hz but the mix runs at \(sampleRate) Hz; Swell does not resample")
        }
        let channels = sources.map(\.channelCount).max() ?? 2
        if options.duration == nil, let unknown = sources.first(where: { $0.frameCount == Int64.max }) {
            // libsndfile's SF_COUNT_MAX: an MPEG stream without a length.
            throw AutomationError("'\(unknown.path)' does not say how long it is: give --duration")
        }
        // Each event becomes the frame it is first heard at.
        if let late = script.events.first(where: { !($0.time * Double(sampleRate) < 0x1p53) }) {
            throw AutomationError("the script's event at \(String(format: "%g", late.time)) s (line \(late.location.line)) "
                                  + "is later than any frame can be counted at \(sampleRate) Hz")
        }
        engine = AudioEngine(sampleRate: sampleRate, channelCount: channels, periodFrames: periodFrames,
                             gainPath: gainPath, allowsBoost: allowsBoost, mode: mode)
        let excerpts = try inputs.map { try inputOptions.excerpt(of: $0) }
        stage = try AutomationStage(script: script, options: options, inputs: excerpts,
                                    crossfade: try inputOptions.crossfade?.seconds(atSampleRate: sampleRate) ?? 0, files: files,
                                    sampleRate: sampleRate, openMixer: openMixer)
        guard let seconds = stage.length else {
            throw AutomationError("nothing sets the length: give an input file, a script with audio files, or --duration")
        }
        // 2^53 frames is 5,000 years at 48 kHz; beyond it a frame count is
        // no longer exact in a Double, let alone an Int64.
        guard seconds * Double(sampleRate) < 0x1p53 else {
            throw AutomationError("a length of \(seconds) s is too long to render or play")
        }
        try stage.install(on: engine)
        frameCount = Int64((seconds * Double(sampleRate)).rounded())
        self.input = input
    }

    /// The layer whose gain a progress line shows: the first audio layer
    /// playing the input, else the first audio layer.
    var monitoredLayer: AudioLayer? {
        stage.inputLayers.first ?? stage.layerNames.lazy.compactMap { self.stage.layers[$0] as? AudioLayer }.first
    }

    /// The monitored layer's presented gain, in dB (−∞ when silent).
    var presentedGainDecibels: Double? {
        guard let layer = monitoredLayer, let gain = engine.presentedGain(of: layer) else { return nil }
        return 20 * log10(max(gain.left, gain.right))
    }
}
