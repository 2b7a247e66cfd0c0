/// `--rate` and `--channels` of `play` and `render`
/// (docs/cli.md#rate-and-channels): the mix's format where the command line
/// sets it, rather than the files.
public struct MixFormatOptions: Sendable, Equatable {
    /// `--rate HZ`: the sample rate the mix runs at; a file at another rate
    /// plays through SoX's resampler (docs/audio.md#files).
    public var sampleRate: Int?
    /// `--channels N`: the mix's channel count; files with other counts are
    /// mapped as SoX's `channels` effect maps them
    /// (docs/audio.md#the-output-sample).
    public var channelCount: Int?

    /// The rates `--rate` takes: from telephone speech to the fastest rate
    /// of studio converters (768 kHz); beyond them a number is a typo.
    public static let sampleRates = 1_000...768_000

    public init(sampleRate: Int? = nil, channelCount: Int? = nil) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }
}
