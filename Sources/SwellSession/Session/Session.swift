import Foundation
import SwellALSA
import SwellScript
import SwellSndFile

/// An audio engine with input files and their automation installed: what
/// `play` and `render` share.
///
/// The mix runs at `--rate`, else the first input's sample rate, else the
/// script's `sampleRate`, else the first file's, else 48 kHz; an output
/// that takes only some rates (Ogg Opus, MP3) moves a rate it does not
/// take to one it does. Every file at another rate plays through SoX's
/// resampler (``ResampledSource``). The mix has `--channels` channels, else
/// as many as the widest file (docs/cli.md#rate-and-channels).
public final class Session {
    public let engine: AudioEngine
    public let stage: AutomationStage
    /// The length to render or play, in frames: `--duration`, else until
    /// the last file ends (the input's excerpt, the inputs in sequence, or
    /// the script's files at their layers' times); when one of them does
    /// not say how long it is (a stream), `OfflineRenderer.untilSourcesEnd`.
    public let frameCount: Int64
    /// The first input file, when there is one, at its own rate: its
    /// encoding and tags are the ones a render keeps.
    public let input: SoundFileSource?

    /// - Parameter outputRates: the sample rates the output takes, ascending
    ///   (``SoundFileContainer/sampleRates``); nil for any.
    public init(inputs: [SoundFileSource], inputOptions: InputOptions = InputOptions(), script: ScriptSpec?,
         options: AutomationOptions, format: MixFormatOptions = MixFormatOptions(), outputRates: [Int]? = nil,
         mode: AudioEngine.Mode, gainPath: GainPath = .sample, periodFrames: Int = 256, allowsBoost: Bool = false,
         loops: Bool = false, openMixer: AutomationStage.MixerOpener? = nil,
         makeLayer: AutomationStage.LayerMaker? = nil, openServer: AutomationStage.ServerOpener? = nil) throws {
        // Every file is opened once — the inputs by the job, the script's
        // here — and handed on: to its layer, and through the layer to the
        // engine's reader.
        let script = script ?? ScriptSpec()
        var opened: [String: any AudioSource] = [:]
        for layer in script.layers where layer.type == .audio {
            if let file = layer.file, opened[file.path] == nil { opened[file.path] = try SoundFileSource(path: file.path) }
        }
        // A document's sounds (a Lottie animation's audio layers).
        for document in script.layers.compactMap(\.document) {
            for sound in document.sounds where opened[document.key(of: sound)] == nil {
                opened[document.key(of: sound)] = try sound.openSource()
            }
        }
        if let path = options.duckUnder, opened[path] == nil { opened[path] = try SoundFileSource(path: path) }
        // A video's sound track, opened with the video when the script was read.
        for layer in script.layers where layer.type == .video {
            if let file = layer.file, let track = layer.videoSoundTrack {
                opened[file.path] = track
            }
        }
        let input = inputs.first
        let firstFile = script.layers.lazy.compactMap { $0.file.flatMap { opened[$0.path] } }.first
        if format.sampleRate == nil, let declared = script.sampleRate, let input, declared != input.format.sampleRate {
            throw AutomationError("the script's sampleRate is \(declared) Hz but '\(input.format.path)' is "
                                  + "\(input.format.sampleRate) Hz; give --rate to resample")
        }
        let ownRate = input?.format.sampleRate ?? script.sampleRate ?? firstFile?.format.sampleRate ?? 48_000
        let sampleRate = format.sampleRate ?? Self.rate(ownRate, takenFrom: outputRates)
        func atMixRate(_ source: any AudioSource) throws(SoundFileError) -> any AudioSource {
            source.format.sampleRate == sampleRate ? source : try ResampledSource(source, sampleRate: sampleRate)
        }
        let files = try opened.mapValues(atMixRate)
        // Each input is cut at its own rate (a sample count is the file's),
        // then brought to the mix's.
        let mixInputs = try inputs.map { try atMixRate(try inputOptions.excerpt(of: $0)) }
        let documentSounds = script.layers.compactMap(\.document).flatMap { document in
            document.sounds.compactMap { files[document.key(of: $0)]?.format }
        }
        let sources = mixInputs.map(\.format) + script.layers.compactMap { $0.file.flatMap { files[$0.path]?.format } }
            + [options.duckUnder.flatMap { files[$0]?.format }].compactMap { $0 } + documentSounds
        let channels = format.channelCount ?? sources.map(\.channelCount).max() ?? 2
        guard options.duration != nil || !sources.isEmpty else {
            throw AutomationError("nothing sets the length: give an input file, a script with audio files, or --duration")
        }
        // Each event becomes the frame it is first heard at.
        if let late = script.events.first(where: { !($0.time * Double(sampleRate) < 0x1p53) }) {
            throw AutomationError("the script's event at \(String(format: "%g", late.time)) s (line \(late.location.line)) "
                                  + "is later than any frame can be counted at \(sampleRate) Hz")
        }
        // A loudness gain may lift a quiet file above 0 dB: its true-peak
        // ceiling keeps it from clipping (docs/loudness.md).
        engine = AudioEngine(sampleRate: sampleRate, channelCount: channels, periodFrames: periodFrames,
                             gainPath: gainPath, allowsBoost: allowsBoost || options.loudness != nil, mode: mode)
        stage = try AutomationStage(script: script, options: options, inputs: mixInputs,
                                    crossfade: try inputOptions.crossfade?.seconds(atSampleRate: sampleRate) ?? 0,
                                    loops: loops, files: files, sampleRate: sampleRate, openMixer: openMixer,
                                    makeLayer: makeLayer, openServer: openServer)
        // nil: a source does not say how long it is, and the job runs until
        // the sources end.
        let seconds = stage.length
        // 2^53 frames is 5,000 years at 48 kHz; beyond it a frame count is
        // no longer exact in a Double, let alone an Int64.
        if let seconds, !(seconds * Double(sampleRate) < 0x1p53) {
            throw AutomationError("a length of \(seconds) s is too long to render or play")
        }
        // Heard for exactly the length: not a period more.
        engine.endTime = seconds
        stage.install(on: engine)
        frameCount = seconds.map { Int64(($0 * Double(sampleRate)).rounded()) } ?? OfflineRenderer.untilSourcesEnd
        self.input = input
    }

    /// The rate a mix of `rate` runs at on an output that takes only
    /// `rates` (ascending): `rate` itself when the output takes it, else
    /// the lowest it takes above it — so nothing of the band is lost, as
    /// 44.1 kHz goes to Opus at 48 kHz — else the highest.
    public static func rate(_ rate: Int, takenFrom rates: [Int]?) -> Int {
        guard let rates, !rates.contains(rate) else { return rate }
        return rates.first { $0 > rate } ?? rates.last ?? rate
    }

    /// The length in seconds; nil when it is not known until the sources end.
    public var duration: Double? {
        frameCount == OfflineRenderer.untilSourcesEnd ? nil : engine.time(ofFrame: frameCount)
    }

    /// Whether the job is done: the root layer's time has reached the
    /// length, a source failed (docs/cli.md#damaged-input), or the length
    /// is unknown and every source has ended.
    ///
    /// The root's time, not the host's: a tree paused as QA1673 pauses it
    /// holds its files where they are, so the time it spent paused does not
    /// count towards their end.
    public var isFinished: Bool {
        let played = time(atHostTime: engine.time(ofFrame: engine.renderedFrames))
        return (played * Double(engine.sampleRate)).rounded() >= Double(frameCount) || engine.sourceFailure != nil
            || frameCount == OfflineRenderer.untilSourcesEnd && engine.sourcesHaveEnded
    }

    /// The session's time at host time `time`: the root layer's local
    /// time, which a pause holds and a seek moves
    /// (docs/control.md#seeking) — where its files are, and what the
    /// progress line shows.
    public func time(atHostTime time: Double) -> Double {
        stage.root.convertTime(time, from: nil)
    }

    /// The stage's presented volume (``AutomationStage/presentedVolume``),
    /// which MPRIS's `Volume` reports.
    public var presentedVolume: Double { stage.presentedVolume }

    /// The monitored layer's presented gain, in dB (−∞ when silent).
    public var presentedGainDecibels: Double? {
        guard let layer = stage.monitoredLayer, let gain = engine.presentedGain(of: layer) else { return nil }
        return 20 * log10(max(gain.left, gain.right))
    }
}
