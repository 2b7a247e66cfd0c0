import CZlib
import Foundation

/// Writes an RGB image as a PNG file (ISO/IEC 15948, W3C PNG Specification,
/// Second Edition).
///
/// The file is the signature, an `IHDR` chunk (8-bit truecolour, no
/// interlace), one `IDAT` chunk holding the zlib stream of the filtered
/// scanlines, and `IEND`. Each chunk ends with the CRC-32 of its type and
/// data, computed by zlib's `crc32`, which implements the CRC the
/// specification defines (§5.5). Compression is zlib's level 9, so the same
/// image always gives the same bytes with a given zlib.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let bytesPerPixel = 3
    /// Filter type 2 of filter method 0 (§9.2).
    private static let upFilter: UInt8 = 2

    static func encode(_ image: RasterImage) throws(ChartError) -> Data {
        var header = [UInt8]()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // Bit depth 8, colour type 2 (truecolour), compression method 0
        // (deflate), filter method 0 (adaptive), interlace method 0 (none).
        header += [8, 2, 0, 0, 0]

        var file = signature
        file += chunk("IHDR", header)
        file += chunk("IDAT", try compress(filteredScanlines(image)))
        file += chunk("IEND", [])
        return Data(file)
    }

    /// A chunk: data length, type, data, CRC-32 of type and data (§5.3).
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(typeAndData.count + 8)
        bytes.appendBigEndian(UInt32(data.count))
        bytes += typeAndData
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: crc))
        return bytes
    }

    private static func compress(_ bytes: [UInt8]) throws(ChartError) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &capacity, source.baseAddress, uLong(source.count), 9)
            }
        }
        guard status == Z_OK else { throw .compressionFailed(status: status) }
        return Array(output.prefix(Int(capacity)))
    }

    /// Each scanline preceded by its filter type, always 2, "Up" (§9.2): a
    /// byte is stored as its difference from the byte above it, the row above
    /// the first counting as zeros.
    ///
    /// Charts are mostly rows equal to the row above (background, grid and
    /// axis columns), which Up turns into runs of zeros. On a typical chart it
    /// compresses better than the per-row adaptive choice the specification
    /// suggests (§12.8), in one pass instead of five.
    private static func filteredScanlines(_ image: RasterImage) -> [UInt8] {
        let stride = image.width * bytesPerPixel
        var output = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { output in
                for row in 0..<image.height {
                    let line = row * stride
                    let filtered = row * (stride + 1)
                    output[filtered] = upFilter
                    for i in 0..<stride {
                        let above = row == 0 ? 0 : pixels[line - stride + i]
                        output[filtered + 1 + i] = pixels[line + i] &- above
                    }
                }
            }
        }
        return output
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
