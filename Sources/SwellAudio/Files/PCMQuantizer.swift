/// Converts normalised float samples to integer PCM words so that reading the
/// word back gives the float again whenever the float is representable.
///
/// Why Swell does not let libsndfile convert: libsndfile 1.2.0 reads a B-bit
/// word `k` as `k / 2^(B−1)` but writes floats with a different scale. In
/// `pcm.c`, `f2les_array` (the default write path) computes
/// `lrintf(x · 0x7FFF)` for 16-bit files (`0x7FFFFF` for 24-bit,
/// `0x7FFFFFFF` for 32-bit), i.e. a scale of `2^(B−1) − 1`, so the sample
/// read as `32767 / 32768` is written back as `lrintf(32766.000…) = 32766`:
/// a unity-gain read/write loses a bit on every sample above half scale.
/// `flac.c`'s `f2flac16_array` has the same `0x7FFF` scale. The clipping path
/// (`SFC_SET_CLIPPING`, `f2les_clip_array`) scales by `2^31` and keeps the top
/// bits with an arithmetic shift, which floors rather than rounds.
///
/// So Swell quantises itself — scale by `2^(B−1)`, round to nearest (ties to
/// even, like `lrintf` in the default rounding mode), clip to
/// `[−2^(B−1), 2^(B−1) − 1]` — and hands libsndfile integers. libsndfile's
/// integer write keeps the top B bits of an `Int32` (`i2les_array` stores
/// `src >> 16` for 16-bit, `i2let_array` `src >> 8` for 24-bit,
/// `i2flac16_array` likewise), so the word is passed left-justified and
/// arrives unchanged.
struct PCMQuantizer {
    /// The word size, 8 to 32.
    let bitsPerSample: Int
    private let scale: Double
    private let largest: Double
    private let smallest: Double

    init(bitsPerSample: Int) {
        precondition((8...32).contains(bitsPerSample), "unsupported word size \(bitsPerSample)")
        self.bitsPerSample = bitsPerSample
        scale = Double(1 << (bitsPerSample - 1))
        largest = scale - 1
        smallest = -scale
    }

    /// The B-bit word for a finite `sample`, rounded and clipped.
    func word(for sample: Float) -> Int32 {
        let scaled = (Double(sample) * scale).rounded(.toNearestOrEven)
        return Int32(min(max(scaled, smallest), largest))
    }

    /// ``word(for:)`` placed in the top `bitsPerSample` bits of an `Int32`, as
    /// libsndfile's `sf_write_int` expects.
    func leftJustifiedWord(for sample: Float) -> Int32 {
        word(for: sample) << Int32(32 - bitsPerSample)
    }
}
