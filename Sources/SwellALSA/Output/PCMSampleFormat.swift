import CALSA

/// The sample formats ``PCMOutput`` can hand to ALSA, in the order it asks
/// for them.
///
/// 32-bit float comes first because Swell renders in float: where the device
/// (or a plug plugin in front of it) takes `FLOAT_LE`, samples pass unchanged
/// and any conversion is ALSA's. Hardware that only takes integers gets
/// `S32_LE` — finer steps than any converter resolves — or, last, `S16_LE`.
public enum PCMSampleFormat: String, CaseIterable, Sendable {
    /// 32-bit IEEE float, little-endian; full scale is ±1.0.
    case float32 = "FLOAT_LE"
    /// 32-bit signed integer, little-endian.
    case signed32 = "S32_LE"
    /// 16-bit signed integer, little-endian.
    case signed16 = "S16_LE"

    /// The size of one sample in bytes.
    public var bytesPerSample: Int {
        switch self {
        case .float32, .signed32: 4
        case .signed16: 2
        }
    }

    var alsaFormat: snd_pcm_format_t {
        switch self {
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .signed16: SND_PCM_FORMAT_S16_LE
        }
    }

    /// Converts `count` float samples into this format at `destination`.
    ///
    /// Nothing non-finite leaves Swell: NaN becomes 0 and ±∞ becomes ±1 in
    /// every format. Float output keeps finite samples as they are (values
    /// beyond ±1 are ALSA's or the hardware's to clip). Integer output
    /// clamps to [−1, 1] and scales by 2^(B−1), the convention of ALSA's own
    /// float-to-integer conversion (`get32f` in `plugin_ops.h`, used by the
    /// `plug` and `lfloat` plugins), where −1.0 is the most negative word and
    /// +1.0 clips to the largest, 2^(B−1) − 1. Where ALSA truncates toward
    /// zero (and leaves NaN undefined), Swell rounds to nearest, ties to even.
    ///
    /// Real-time safe: no allocation, no locks.
    func encode(_ source: UnsafePointer<Float>, count: Int, into destination: UnsafeMutableRawPointer) {
        switch self {
        case .float32:
            let words = destination.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count {
                let sample = source[i]
                let finite = sample.isFinite ? sample : (sample.isNaN ? 0 : (sample > 0 ? 1 : -1))
                words[i] = finite.bitPattern.littleEndian
            }
        case .signed32:
            let words = destination.assumingMemoryBound(to: Int32.self)
            for i in 0..<count {
                words[i] = Int32(Self.quantize(source[i], scale: 2_147_483_648)).littleEndian
            }
        case .signed16:
            let words = destination.assumingMemoryBound(to: Int16.self)
            for i in 0..<count {
                words[i] = Int16(Self.quantize(source[i], scale: 32_768)).littleEndian
            }
        }
    }

    /// `sample` clamped to [−1, 1] (NaN as 0), times `scale`, rounded to
    /// nearest and clipped to `scale − 1`: always a valid B-bit word.
    @inline(__always)
    private static func quantize(_ sample: Float, scale: Double) -> Int64 {
        let clamped = sample.isNaN ? 0 : min(max(Double(sample), -1), 1)
        return Int64(min((clamped * scale).rounded(.toNearestOrEven), scale - 1))
    }

    init?(_ format: snd_pcm_format_t) {
        guard let match = Self.allCases.first(where: { $0.alsaFormat == format }) else { return nil }
        self = match
    }
}
