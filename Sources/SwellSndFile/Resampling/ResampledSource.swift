import CSoxr

/// A source heard at another sample rate: any ``AudioSource`` converted by
/// SoX's resampler, libsoxr, at the quality of SoX's `rate` effect
/// (``SoxrStream``).
///
/// A mix runs at one rate (docs/audio.md#files); a file at another rate
/// plays through this wrapper, so a 44.1 kHz song can be rendered to Ogg
/// Opus (which takes 48 kHz) and a script can mix files of different
/// rates. Its ``format`` is the inner source's at the new rate, lasting
/// ``ResampledReader/convertedFrameCount(_:from:to:)`` frames — as many as SoX's `rate`
/// writes — and its readers deliver exactly that many.
///
/// Like ``SoundFileSource`` with its open file, it keeps the stream it made
/// when it was created for the first reader: the filters are designed
/// once for a source played once, and a pair of rates libsoxr refuses is
/// reported when the source is made, not when it first plays.
public final class ResampledSource: AudioSource {
    public let format: AudioSourceDescription
    /// The source at its own rate.
    package let inner: any AudioSource
    /// The stream made by `init`, until the first reader takes it.
    private let made: Locked<soxr_t?>

    /// `file` at `sampleRate` frames per second. Throws when libsoxr cannot
    /// convert between the two rates.
    public convenience init(_ file: SoundFileSource, sampleRate: Int) throws(SoundFileError) {
        try self.init(file as any AudioSource, sampleRate: sampleRate)
    }

    /// `inner` at `sampleRate` frames per second. Throws when libsoxr cannot
    /// convert between the two rates.
    package init(_ inner: any AudioSource, sampleRate: Int) throws(SoundFileError) {
        let original = inner.format
        do {
            made = Locked(try SoxrStream.make(from: original.sampleRate, to: sampleRate,
                                             channelCount: original.channelCount))
        } catch {
            throw .cannotOpen(path: original.path, reason: "cannot resample from \(original.sampleRate) Hz "
                              + "to \(sampleRate) Hz: \(error)")
        }
        self.inner = inner
        let frames = original.frameCount == Int64.max ? Int64.max
            : ResampledReader.convertedFrameCount(original.frameCount, from: original.sampleRate, to: sampleRate)
        format = AudioSourceDescription(path: original.path, frameCount: frames, sampleRate: sampleRate,
                                        channelCount: original.channelCount, isSeekable: original.isSeekable)
    }

    deinit {
        made.withLock { soxr_delete($0) }
    }

    /// A reader of the inner source's reader, through the stream kept for it
    /// or a new one. Frame `first` at the new rate is the inner source's
    /// frame `⌊first·in/out⌋`: a start within a frame of the place asked
    /// for.
    package func makeReader(streaming: Bool, from first: Int64) throws -> any AudioSourceReader {
        let innerFirst = first.multipliedFullWidth(by: Int64(inner.format.sampleRate))
        let start = min(Int64(format.sampleRate).dividingFullWidth(innerFirst).quotient, inner.format.frameCount)
        let reader = try inner.makeReader(streaming: streaming, from: start)
        let (from, to, channels) = (inner.format.sampleRate, format.sampleRate, format.channelCount)
        let stream = try made.withLock { made throws(SoxrError) -> soxr_t in
            if let taken = made.take() { return taken }
            return try SoxrStream.make(from: from, to: to, channelCount: channels)
        }
        return ResampledReader(inner: reader, stream: stream, from: from, to: to)
    }
}

extension AudioLayer {
    /// A layer playing `source` at its new rate, named after its file.
    public convenience init(source: ResampledSource) {
        self.init(soundSource: source)
    }
}
