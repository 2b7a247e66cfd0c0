/// The header of a WAV file sent down a stream, whose length is not known
/// when the header goes (docs/cli.md#pipes).
///
/// libsndfile refuses to write WAV to a pipe ("this file format does not
/// support pipe write"): its header's sizes are filled in at the end. This
/// is the header FFmpeg writes to a pipe — `RIFF`, a `fmt ` chunk of
/// Microsoft's WAVE format (`PCMWAVEFORMAT`, tag 1, for integers;
/// `WAVEFORMATEX`, tag 3 with an empty extension, for IEEE float) and a
/// `data` chunk, both sizes 0xFFFFFFFF, the largest a RIFF size can say —
/// and the samples follow as libsndfile writes raw little-endian words.
/// FFmpeg, aplay and libsndfile read such a stream to its end; SoX does too,
/// warning at the end that it was shorter than the size said.
enum StreamedWAVHeader {
    /// The unknown length, in both size fields.
    static let unknownSize = UInt32.max

    static func bytes(sampleRate: Int, channelCount: Int, encoding: SampleEncoding) -> [UInt8] {
        let bytesPerSample = (encoding.bitsPerSample ?? 32) / 8
        let blockAlign = channelCount * bytesPerSample
        var header: [UInt8] = []
        func append<Word: FixedWidthInteger>(_ word: Word) {
            withUnsafeBytes(of: word.littleEndian) { header += $0 }
        }
        header += Array("RIFF".utf8)
        append(unknownSize)
        header += Array("WAVEfmt ".utf8)
        append(UInt32(encoding == .float ? 18 : 16))
        append(UInt16(encoding == .float ? 3 : 1))
        append(UInt16(channelCount))
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * blockAlign))
        append(UInt16(blockAlign))
        append(UInt16(bytesPerSample * 8))
        if encoding == .float { append(UInt16(0)) }   // cbSize: no extension
        header += Array("data".utf8)
        append(unknownSize)
        return header
    }
}
