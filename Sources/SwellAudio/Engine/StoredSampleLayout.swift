/// How an uncompressed file stores each sample, byte for byte: the word size
/// and whether its bytes are swapped relative to this machine. Two files with
/// the same layout store the same sample in the same bytes, whatever their
/// containers — WAV, Wave64, AIFF, CAF, AU.
///
/// Why it exists: in a typical render most of the output is one input at
/// exactly unity gain — all of a song between its fade-in and its fade-out.
/// Decoding those frames to `Float`, multiplying by 1 and quantising back
/// gives the stored words again, so when input and output share a layout
/// the offline renderer copies the stored bytes instead
/// (`sf_read_raw` / `sf_write_raw`), and the file is the same to the bit.
///
/// Only 16- and 24-bit words have a layout, because only they make that
/// round trip exactly (SwellSndFile's `SoundFile` reads the word `k` as `k / 2^(B−1)`,
/// and its `PCMQuantizer` writes it back). A 32-bit word does not fit a
/// `Float`'s 24-bit significand, and float samples are checked for NaN on
/// the way out, so copying either would give a different file. Compressed
/// containers (FLAC, Ogg, MP3) store no words at all.
package struct StoredSampleLayout: Equatable, Sendable {
    /// 2 or 3.
    package let bytesPerSample: Int
    /// Whether the words are stored in the other byte order from this
    /// machine's (`SFC_RAW_DATA_NEEDS_ENDSWAP`): big-endian AIFF, CAF and AU
    /// on x86.
    package let isByteSwapped: Bool

    /// The layout of PCM words of `bitsPerSample` bits, stored swapped or
    /// not; nil for any word size but 16 and 24, which have none.
    package init?(bitsPerSample: Int, isByteSwapped: Bool) {
        guard bitsPerSample == 16 || bitsPerSample == 24 else { return nil }
        bytesPerSample = bitsPerSample / 8
        self.isByteSwapped = isByteSwapped
    }
}
