import Foundation
import TestSupport
import SwellALSA

/// Reads headerless sample files, such as the ALSA `file` plugin's raw
/// captures, as normalised samples.
public enum RawAudio {
    /// The samples of a raw little-endian file, integers scaled by 2^−(B−1)
    /// so that full scale is [−1, 1) — the scale ALSA and libsndfile read
    /// integers with.
    public static func read(_ url: URL, format: PCMSampleFormat) throws -> [Double] {
        let data = try Data(contentsOf: url)
        guard data.count % format.bytesPerSample == 0 else {
            throw TestSupportError("\(url.path) holds \(data.count) bytes, not a whole number of \(format.rawValue) samples")
        }
        return data.withUnsafeBytes { bytes in
            let count = bytes.count / format.bytesPerSample
            return (0..<count).map { i in
                let offset = i * format.bytesPerSample
                switch format {
                case .float32:
                    return Double(Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
                case .signed32:
                    return Double(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))) / 2_147_483_648
                case .signed16:
                    return Double(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self))) / 32_768
                }
            }
        }
    }
}
