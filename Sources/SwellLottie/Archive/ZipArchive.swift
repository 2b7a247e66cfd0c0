import CInflate
import Foundation

/// The files of a ZIP archive (PKWARE's APPNOTE.TXT): its central
/// directory read from the end, each member stored or deflated — what a
/// dotLottie file is (docs/lottie.md#dotlottie). ZIP64 archives,
/// encrypted members and other methods are refused.
struct ZipArchive {
    /// The members' contents by path.
    let files: [String: Data]

    /// The most the members may unpack to, so that a small archive cannot
    /// fill the memory.
    static let maximumSize = 512 << 20

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `bytes` start as a ZIP archive does.
    static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    init(_ bytes: [UInt8]) throws(Failure) {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end of central directory record: 22 bytes and a comment.
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        guard let end = stride(from: bytes.count - 22, through: lowest, by: -1).first(where: {
            $0 >= 0 && u32($0) == 0x0605_4B50
        }) else { throw Failure(description: "not a ZIP archive: no central directory") }
        let count = u16(end + 10), directory = u32(end + 16)
        guard count != 0xFFFF, directory != 0xFFFF_FFFF else { throw Failure(description: "ZIP64 archives are not read") }
        var files: [String: Data] = [:], total = 0, at = directory
        for _ in 0..<count {
            guard at + 46 <= bytes.count, u32(at) == 0x0201_4B50 else {
                throw Failure(description: "damaged central directory")
            }
            let flags = u16(at + 8), method = u16(at + 10)
            let packed = u32(at + 20), size = u32(at + 24)
            let nameLength = u16(at + 28), extraLength = u16(at + 30), commentLength = u16(at + 32)
            let local = u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw Failure(description: "damaged central directory") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extraLength + commentLength
            guard !name.hasSuffix("/") else { continue }
            guard flags & 1 == 0 else { throw Failure(description: "\(name) is encrypted") }
            total += size
            guard total <= Self.maximumSize else {
                throw Failure(description: "unpacks to more than \(Self.maximumSize >> 20) MiB")
            }
            guard local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else {
                throw Failure(description: "\(name): damaged local header")
            }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            guard start + packed <= bytes.count else { throw Failure(description: "\(name) is cut short") }
            files[name] = try Self.unpack(bytes[start..<(start + packed)], method: method, size: size, name: name)
        }
        self.files = files
    }

    private static func unpack(_ packed: ArraySlice<UInt8>, method: Int, size: Int, name: String) throws(Failure) -> Data {
        switch method {
        case 0:
            guard packed.count == size else { throw Failure(description: "\(name): damaged") }
            return Data(packed)
        case 8:
            var output = [UInt8](repeating: 0, count: size)
            let status = packed.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    swell_inflate_raw(input.baseAddress, input.count, out.baseAddress, size)
                }
            }
            guard status != -1 else { throw Failure(description: "zlib (libz.so.1) cannot be loaded to unpack \(name)") }
            guard status == 0 else { throw Failure(description: "\(name): damaged") }
            return Data(output)
        default:
            throw Failure(description: "\(name): compression method \(method) is not read")
        }
    }
}
