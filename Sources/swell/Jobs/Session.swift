import Foundation
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

/// An audio engine with an input file and its automation installed: what
/// `play` and `render` share.
///
/// The mix runs at the input's sample rate (or the script's `sampleRate`,
/// or 48 kHz when there is no file at all) with as many channels as the
/// widest source. Every file must have that rate: Swell does not resample.
final class Session {
    let engine: AudioEngine
    let stage: AutomationStage
    /// The length to render or play, in frames: `--duration`, else the
    /// input's length, else the longest of the script's files; when one of
    /// them does not say how long it is (a stream), `OfflineRenderer.untilSourcesEnd`.
    let frameCount: Int64
    /// The input file, when there is one.
    let input: SoundFileSource?

    init(input: SoundFileSource?, script: ScriptSpec?, options: AutomationOptions, mode: AudioEngine.Mode,
         gainPath: GainPath = .sample, periodFrames: Int = 256, allowsBoost: Bool = false,
         openMixer: AutomationStage.MixerOpener? = nil) throws {
        // Every file is opened once — the input by the job, the script's
        // here — and handed on: to its layer, and through the layer to the
        // engine's reader.
        let script = script ?? ScriptSpec()
        var files: [String: SoundFileSource] = [:]
        for layer in script.layers where layer.type == .audio {
            if let file = layer.file, files[file.path] == nil { files[file.path] = try SoundFileSource(path: file.path) }
        }
        let sources = (input.map { [$0.format] } ?? []) + script.layers.compactMap { $0.file.flatMap { files[$0.path]?.format } }
        let sampleRate = input?.format.sampleRate ?? script.sampleRate ?? sources.first?.sampleRate ?? 48_000
        if let declared = script.sampleRate, declared != sampleRate {
            throw AutomationError("the script's sampleRate is \(declared) Hz but '\(input!.format.path)' is \(sampleRate) Hz")
        }
        for source in sources where source.sampleRate != sampleRate {
            throw AutomationError("'\(source.path)' is \(source.sampleRate) Hz but the mix runs at \(sampleRate) Hz; Swell does not resample")
        }
        let channels = sources.map(\.channelCount).max() ?? 2
        guard options.duration != nil || !sources.isEmpty else {
            throw AutomationError("nothing sets the length: give an input file, a script with audio files, or --duration")
        }
        // nil: a source does not say how long it is, and the job runs until
        // the sources end.
        let lengths = input.map { [$0.format.duration] } ?? sources.map(\.duration)
        let seconds = options.duration ?? (lengths.contains(nil) ? nil : lengths.compactMap { $0 }.max())
        // 2^53 frames is 5,000 years at 48 kHz; beyond it a frame count is
        // no longer exact in a Double, let alone an Int64.
        if let seconds, !(seconds * Double(sampleRate) < 0x1p53) {
            throw AutomationError("a length of \(seconds) s is too long to render or play")
        }
        // Each event becomes the frame it is first heard at.
        if let late = script.events.first(where: { !($0.time * Double(sampleRate) < 0x1p53) }) {
            throw AutomationError("the script's event at \(String(format: "%g", late.time)) s (line \(late.location.line)) "
                                  + "is later than any frame can be counted at \(sampleRate) Hz")
        }
        engine = AudioEngine(sampleRate: sampleRate, channelCount: channels, periodFrames: periodFrames,
                             gainPath: gainPath, allowsBoost: allowsBoost, mode: mode)
        var lengthOptions = options
        lengthOptions.duration = seconds
        stage = try AutomationStage(script: script, options: lengthOptions, input: input, files: files,
                                    sampleRate: sampleRate, openMixer: openMixer)
        try stage.install(on: engine)
        frameCount = seconds.map { Int64(($0 * Double(sampleRate)).rounded()) } ?? OfflineRenderer.untilSourcesEnd
        self.input = input
    }

    /// The length in seconds; nil when it is not known until the sources end.
    var duration: Double? {
        frameCount == OfflineRenderer.untilSourcesEnd ? nil : engine.time(ofFrame: frameCount)
    }

    /// Whether the job is done: its length is reached, a source failed
    /// (docs/cli.md#damaged-input), or the length is unknown and every
    /// source has ended.
    var isFinished: Bool {
        engine.renderedFrames >= frameCount || engine.sourceFailure != nil
            || frameCount == OfflineRenderer.untilSourcesEnd && engine.sourcesHaveEnded
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
