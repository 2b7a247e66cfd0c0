import CSndFile

/// How a lossless container stores each sample: the `--encoding` of
/// `swell render`.
///
/// Integer encodings hold two's-complement words in which the integer `k`
/// stands for the amplitude `k / 2^(bits−1)` — the convention libsndfile,
/// SoX and FFmpeg all read with — so full scale is `[−1, 1 − 2^−(bits−1)]`.
/// `float` stores 32-bit IEEE samples unchanged, including values beyond ±1.
public enum SampleEncoding: String, CaseIterable, Sendable {
    case pcm16
    case pcm24
    case pcm32
    case float

    /// The word size of an integer encoding; nil for `float`.
    public var bitsPerSample: Int? {
        switch self {
        case .pcm16: 16
        case .pcm24: 24
        case .pcm32: 32
        case .float: nil
        }
    }

    /// libsndfile's subtype for this encoding.
    var subtype: Int32 {
        switch self {
        case .pcm16: Int32(SF_FORMAT_PCM_16)
        case .pcm24: Int32(SF_FORMAT_PCM_24)
        case .pcm32: Int32(SF_FORMAT_PCM_32)
        case .float: Int32(SF_FORMAT_FLOAT)
        }
    }

    /// The encoding that stores every sample of a libsndfile subtype without
    /// loss, or nil when none does (lossy codecs, ADPCM, 64-bit float).
    init?(losslesslyStoring subtype: Int32) {
        switch Int(subtype) {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_ALAC_16:
            self = .pcm16
        case SF_FORMAT_PCM_24, SF_FORMAT_ALAC_20, SF_FORMAT_ALAC_24:
            self = .pcm24
        case SF_FORMAT_PCM_32, SF_FORMAT_ALAC_32:
            self = .pcm32
        case SF_FORMAT_FLOAT:
            self = .float
        default:
            return nil
        }
    }
}
