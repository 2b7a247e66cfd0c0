import CSndFile

/// The length an uncompressed sound file's header declares, which is how
/// Swell tells a file cut short from a whole one (docs/cli.md#damaged-input).
///
/// libsndfile does not report it: when a WAV's `data` chunk, an AIFF's
/// `SSND` chunk or an AU's data size claims more bytes than the file holds,
/// it logs the claim ("data : 1920000 (should be 959978)") and reports only
/// the frames that are there — the file would play half its length and say
/// nothing. Opened a second time through virtual I/O that gives no file
/// length, as a pipe gives none, libsndfile takes the header at its word,
/// in every container it parses, and that frame count is the declared one.
///
/// A program that writes a header to a pipe cannot come back to fill in the
/// length, and writes a placeholder: FFmpeg 0xFFFFFFFF, SoX 0x7FFFF000 (its
/// `MS_UNSPEC`), an AU's −1. A claim of ``placeholderBytes`` or more is
/// taken for one — the length is unknown, not promised — so that such a
/// file, saved from a pipe, is read to its end without complaint.
enum DeclaredLength {
    /// The smallest claim taken for a placeholder: 2 GiB less 16 MiB, below
    /// the 0x7F000000 bytes of data that SoX's AIFF placeholder declares.
    static let placeholderBytes: Int64 = 0x7F00_0000

    /// The frames the header of the regular file on `descriptor` declares,
    /// when that is more than the `found` frames libsndfile reads from it
    /// and is no placeholder; nil otherwise, and for anything but samples
    /// of a fixed size in an uncompressed container with a header.
    static func frames(ofFileOn descriptor: Int32, info: SF_INFO, found: Int64) -> Int64? {
        guard StoredSampleLayout.isUncompressed(info.format), info.format & Int32(SF_FORMAT_TYPEMASK) != Int32(SF_FORMAT_RAW),
              let frameBytes = frameBytes(info) else { return nil }
        let io = BufferedFileIO(descriptor: descriptor, mode: .read, length: .max)
        var probe = SF_INFO()
        guard case .success(let handle) = LibSndFile.open(virtual: io, mode: Int32(SFM_READ), info: &probe) else {
            return nil
        }
        sf_close(handle)
        let declared = Int64(probe.frames)
        guard declared > found, declared < placeholderBytes / frameBytes else { return nil }
        return declared
    }

    /// Whether `frames`, as read from the header of a stream whose length
    /// libsndfile cannot check, is a placeholder rather than a length.
    static func isPlaceholder(_ frames: Int64, info: SF_INFO) -> Bool {
        guard let frameBytes = frameBytes(info) else { return false }
        return frames >= placeholderBytes / frameBytes
    }

    /// Bytes per frame of an encoding whose samples all have one size; nil
    /// for the others (ADPCM, GSM and the compressed codecs).
    private static func frameBytes(_ info: SF_INFO) -> Int64? {
        let sampleBytes: Int64
        switch Int(info.format & Int32(SF_FORMAT_SUBMASK)) {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_ULAW, SF_FORMAT_ALAW: sampleBytes = 1
        case SF_FORMAT_PCM_16: sampleBytes = 2
        case SF_FORMAT_PCM_24: sampleBytes = 3
        case SF_FORMAT_PCM_32, SF_FORMAT_FLOAT: sampleBytes = 4
        case SF_FORMAT_DOUBLE: sampleBytes = 8
        default: return nil
        }
        return sampleBytes * Int64(info.channels)
    }
}
