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
package struct PCMQuantizer {
    /// What quantising a run of samples found: NaN or infinite samples
    /// (written as 0), and samples that clipped — whose word, rounded, lay
    /// beyond the word's range, as SoX counts them.
    package struct Count {
        package var nonFinite = 0
        package var clipped = 0
    }

    /// The word size, 8 to 32.
    let bitsPerSample: Int
    private let scale: Double
    private let largest: Double
    private let smallest: Double
    private let shift: Int32

    package init(bitsPerSample: Int) {
        precondition((8...32).contains(bitsPerSample), "unsupported word size \(bitsPerSample)")
        self.bitsPerSample = bitsPerSample
        scale = Double(1 << (bitsPerSample - 1))
        largest = scale - 1
        smallest = -scale
        shift = Int32(32 - bitsPerSample)
    }

    /// The B-bit word for a finite `sample`, rounded and clipped.
    @inline(__always)
    func word(for sample: Float) -> Int32 {
        word(scaled: Double(sample) * scale)
    }

    /// The word for a sample already scaled to steps, rounded and clipped.
    @inline(__always)
    private func word(scaled: Double) -> Int32 {
        // Clip, then round to nearest, ties to even, by adding 1.5·2⁵²: the
        // addition's own rounding does it, and the integer then sits in the
        // low bits of the sum's representation. Branch-free arithmetic the
        // compiler vectorises — `rounded()` is a library call on baseline
        // x86-64, and converting a Double to an integer checks its range.
        let clipped = scaled < smallest ? smallest : (scaled > largest ? largest : scaled)
        let magic = 6_755_399_441_055_744.0
        return Int32(truncatingIfNeeded: Int64(bitPattern: (clipped + magic).bitPattern) &- Int64(bitPattern: magic.bitPattern))
    }

    /// The word shifted to the top of an `Int32`, as libsndfile's integer
    /// writes expect.
    @inline(__always)
    func leftJustifiedWord(for sample: Float) -> Int32 {
        word(for: sample) &<< shift
    }

    /// Whether `sample` rounds to a word beyond the range, so that it is
    /// clipped: its scaled value at or past half a step outside.
    @inline(__always)
    private func clips(_ sample: Float) -> Bool {
        clips(scaled: Double(sample) * scale)
    }

    @inline(__always)
    private func clips(scaled: Double) -> Bool {
        scaled >= largest + 0.5 || scaled < smallest - 0.5
    }

    /// Quantises `count` samples with triangular dither: before rounding,
    /// each scaled sample gets the sum of two independent uniform values of
    /// ±½ step, a noise of ±1 step whose error is independent of the signal
    /// (Lipshitz, Wannamaker and Vanderkooy, "Quantization and Dither",
    /// 1992; SoX's `dither` default). `Word` is `Int16` for 16-bit words,
    /// else `Int32` words left-justified.
    func quantize<Word: FixedWidthInteger>(
        _ samples: UnsafePointer<Float>, into words: UnsafeMutablePointer<Word>, count: Int,
        dither: inout TriangularDither
    ) -> Count {
        var result = Count()
        for i in 0..<count {
            let sample = samples[i], isFinite = sample.isFinite
            let scaled = isFinite ? Double(sample) * scale + dither.next() : 0
            result.nonFinite &+= isFinite ? 0 : 1
            result.clipped &+= clips(scaled: scaled) ? 1 : 0
            let word = word(scaled: scaled)
            words[i] = Word(truncatingIfNeeded: Word.bitWidth == 16 ? word : word &<< shift)
        }
        return result
    }

    /// Quantises `count` samples into left-justified words, writing 0 for
    /// NaN and ±infinity, and counts those and the samples that clipped.
    package func quantize(_ samples: UnsafePointer<Float>, into words: UnsafeMutablePointer<Int32>, count: Int) -> Count {
        var result = Count()
        for i in 0..<count {
            let sample = samples[i], isFinite = sample.isFinite
            result.nonFinite &+= isFinite ? 0 : 1
            result.clipped &+= isFinite && clips(sample) ? 1 : 0
            words[i] = leftJustifiedWord(for: isFinite ? sample : 0)
        }
        return result
    }

    /// Quantises `count` samples into 16-bit words (for a 16-bit quantiser),
    /// writing 0 for NaN and ±infinity, and counts those and the samples
    /// that clipped.
    ///
    /// The same rounding as ``word(for:)``, in single precision and eight
    /// samples at a time: `x·32768` is exact in a `Float`, and adding 1.5·2²³
    /// rounds any value below 2²² in magnitude to the nearest integer, ties to
    /// even, leaving it in the low bits of the sum.
    func quantize(_ samples: UnsafePointer<Float>, into words: UnsafeMutablePointer<Int16>, count: Int) -> Count {
        precondition(bitsPerSample == 16, "16-bit words from a \(bitsPerSample)-bit quantiser")
        typealias Lanes = SIMD8<Float>
        let magic = Lanes(repeating: 12_582_912)
        let magicBits = SIMD8<Int32>(repeating: Int32(bitPattern: Float(12_582_912).bitPattern))
        let exponent = SIMD8<UInt32>(repeating: 0x7F80_0000), magnitude = SIMD8<UInt32>(repeating: 0x7FFF_FFFF)
        let low = Lanes(repeating: -32768), high = Lanes(repeating: 32767)
        // A sample clips when it rounds past the range: at or beyond half a
        // step outside it (32767.5 rounds to 32768, ties to even).
        let clipHigh = Lanes(repeating: 32767.5), clipLow = Lanes(repeating: -32768.5)
        var nonFinite = SIMD8<Int32>.zero, clipped = SIMD8<Int32>.zero
        let vectors = count / 8
        for j in 0..<vectors {
            let v = UnsafeRawPointer(samples + 8 &* j).loadUnaligned(as: Lanes.self)
            let finite = unsafeBitCast(v, to: SIMD8<UInt32>.self) & magnitude .< exponent
            nonFinite &+= SIMD8<Int32>.zero.replacing(with: 1, where: .!finite)
            var scaled = Lanes.zero.replacing(with: v, where: finite) * 32768
            clipped &+= SIMD8<Int32>.zero.replacing(with: 1, where: scaled .>= clipHigh .| scaled .< clipLow)
            scaled.replace(with: low, where: scaled .< low)
            scaled.replace(with: high, where: scaled .> high)
            let lanes = unsafeBitCast(scaled + magic, to: SIMD8<Int32>.self) &- magicBits
            UnsafeMutableRawPointer(words + 8 &* j).storeBytes(of: SIMD8<Int16>(truncatingIfNeeded: lanes), as: SIMD8<Int16>.self)
        }
        var result = Count(nonFinite: Int(nonFinite.wrappedSum()), clipped: Int(clipped.wrappedSum()))
        for i in (vectors * 8)..<count {
            let sample = samples[i], isFinite = sample.isFinite
            result.nonFinite &+= isFinite ? 0 : 1
            result.clipped &+= isFinite && clips(sample) ? 1 : 0
            words[i] = Int16(truncatingIfNeeded: word(for: isFinite ? sample : 0))
        }
        return result
    }
}
