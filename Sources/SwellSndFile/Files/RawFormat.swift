import CSndFile

/// How to read samples that come without a header — raw, FFmpeg's `-f
/// s16le -ar 48000 -ac 2` or SoX's `-t raw -r 48000 -c 2 -e signed -b 16`:
/// interleaved little-endian words at a rate and channel count given from
/// outside (docs/cli.md#pipes).
public struct RawFormat: Sendable, Equatable {
    public let sampleRate: Int
    public let channelCount: Int
    public let encoding: SampleEncoding

    public init(sampleRate: Int, channelCount: Int, encoding: SampleEncoding) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
    }

    /// What libsndfile is told before it opens raw samples, which it
    /// cannot find out itself.
    var info: SF_INFO {
        var info = SF_INFO()
        info.samplerate = Int32(clamping: sampleRate)
        info.channels = Int32(clamping: channelCount)
        info.format = SoundFileContainer.raw.majorFormat | encoding.subtype
        return info
    }
}
