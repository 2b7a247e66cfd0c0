import CSndFile
import SwellAudio

extension StoredSampleLayout {
    /// The containers whose data chunk holds the words themselves, and raw
    /// samples, which are nothing else.
    private static let uncompressedContainers = Set([
        SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64, SF_FORMAT_W64, SF_FORMAT_AIFF, SF_FORMAT_CAF, SF_FORMAT_AU,
        SF_FORMAT_RAW,
    ].map(Int32.init))

    /// Whether a file of libsndfile's `format` holds its samples as words,
    /// in a data chunk whose size its header states or (raw) alone.
    static func isUncompressed(_ format: Int32) -> Bool {
        uncompressedContainers.contains(format & Int32(SF_FORMAT_TYPEMASK))
    }

    /// The layout of the open file `handle`, whose `SF_INFO.format` is
    /// `format`; nil when it has none.
    init?(handle: OpaquePointer, format: Int32) {
        guard Self.isUncompressed(format) else { return nil }
        let bits: Int
        switch Int(format & Int32(SF_FORMAT_SUBMASK)) {
        case SF_FORMAT_PCM_16: bits = 16
        case SF_FORMAT_PCM_24: bits = 24
        default: return nil
        }
        self.init(bitsPerSample: bits, isByteSwapped: sf_command(handle, Int32(SFC_RAW_DATA_NEEDS_ENDSWAP), nil, 0) != 0)
    }
}
