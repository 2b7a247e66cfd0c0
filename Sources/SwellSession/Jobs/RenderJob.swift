import Foundation
import SwellALSA
import SwellScript
import SwellSndFile

/// `swell render`: input files — one, or several in sequence — through
/// their automation into a new file.
public struct RenderJob {
    public var inputs: [String]
    /// How to read inputs of raw samples (`--input-type`).
    public var raw: RawFormat?
    public var output: String
    /// The output's kind (`--type`); nil for its extension's, WAV for `-`.
    public var container: SoundFileContainer?
    /// The output encoding; nil keeps the input's (when the output's
    /// container can store it) or uses the container's default.
    public var encoding: SampleEncoding?
    /// A lossy codec's quality, 0 … 10 (higher sounds better); nil for the
    /// codec's default.
    public var quality: Double?
    /// An Opus or MP3 encoder's bit rate in kbit/s; nil for the codec's default.
    public var bitrate: Double?
    /// A FLAC encoder's compression level, 0 … 8; nil for libsndfile's 5.
    public var compressionLevel: Int?
    /// Whether integer words get triangular dither.
    public var dithers = false
    public var overwrite = false
    public var script: ScriptSpec?
    public var options = AutomationOptions()
    public var inputOptions = InputOptions()
    /// `--rate` and `--channels`.
    public var format = MixFormatOptions()
    public var gainPath = GainPath.sample
    public var allowsBoost = false

    public init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }

    /// What a finished render produced.
    public struct Summary: Sendable {
        public let frameCount: Int64
        public let sampleRate: Int
        public let channelCount: Int
        public let encoding: SampleEncoding?
    }

    /// Renders. The output appears only when the render completes; on any
    /// failure — or when `shouldContinue` returns false — the temporary
    /// file is removed and nothing is left behind.
    public func run(progress: (Int64, Int64, Session) -> Void = { _, _, _ in },
             shouldContinue: () -> Bool = { true }) throws -> Summary {
        let sources = try inputs.map { path throws(SoundFileError) in try SoundFileSource(path: path, raw: raw) }
        let container = self.container ?? SoundFileContainer(forPath: output) ?? (output == "-" ? .wav : nil)
        let session = try Session(inputs: sources, inputOptions: inputOptions, script: script, options: options,
                                  format: format, outputRates: container?.sampleRates, mode: .offline,
                                  gainPath: gainPath, allowsBoost: allowsBoost)
        if session.frameCount == 0, let container, !container.holdsNoFrames {
            throw emptyOutput(container)
        }
        let keep = session.input?.sampleEncoding
        let chosen = encoding ?? keep.flatMap { container?.supportedEncodings.contains($0) == true ? $0 : nil }
        let writer = try SoundFileWriter(path: output, container: container, sampleRate: session.engine.sampleRate,
                                         channelCount: session.engine.channelCount, encoding: chosen, overwrite: overwrite)
        do {
            if let quality { try writer.setQuality(quality) }
            if let bitrate { try writer.setBitrate(kbps: bitrate) }
            if let compressionLevel { try writer.setFLACCompressionLevel(compressionLevel) }
            if dithers { try writer.enableTriangularDither() }
            writer.setTags(session.input?.tags ?? [:])
            // Once the output is set up: an error before it is the one line.
            options.warnOfLimitedLevels(allowsBoost: allowsBoost)
            do {
                try OfflineRenderer.render(session.engine, frameCount: session.frameCount, to: writer) { frames in
                    progress(frames, session.frameCount, session)
                    if !shouldContinue() { throw RenderInterrupted() }
                }
            } catch let error as SoundFileError {
                // What was decoded is kept, as SoX keeps it, and the end of
                // the data is said (docs/cli.md#damaged-input) — unless it is
                // nothing, which some containers cannot hold.
                guard case .prematureEnd = error else { throw error }
                if writer.canCommit { try commit(writer) }
                throw error
            }
            try commit(writer)
        } catch {
            writer.abandon()
            throw error
        }
        return Summary(frameCount: writer.frameCount, sampleRate: session.engine.sampleRate,
                       channelCount: session.engine.channelCount, encoding: writer.encoding)
    }

    /// Publishes the output, and says how many samples clipped.
    private func commit(_ writer: SoundFileWriter) throws {
        // A stream's length is known only now.
        guard writer.canCommit else { throw emptyOutput(writer.container) }
        try writer.commit()
        if writer.clippedSampleCount > 0 {
            CADiagnostics.warn("'\(output)': \(writer.clippedSampleCount) samples clipped; lower the volume, "
                               + "or render with --encoding float")
        }
    }

    /// Why nothing is written for an input of no frames.
    private func emptyOutput(_ container: SoundFileContainer) -> AutomationError {
        AutomationError("\(inputs.first.map { "'\($0)'" } ?? "the script's audio") has no frames, and an empty \(container.name) file cannot be written; "
                        + "render to WAV, AIFF, CAF or Ogg Vorbis")
    }
}

/// A render stopped by the user.
public struct RenderInterrupted: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "interrupted" }
}
