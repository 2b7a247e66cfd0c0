/// Paths are bytes; Swift strings are Unicode. These three conversions let
/// a path that is not UTF-8 (`bad\xffname.wav`) travel through Swell as an
/// ordinary `String` and reach the system byte for byte.
///
/// On Linux a file name is any sequence of bytes but NUL and `/`, and
/// `CommandLine.arguments` decodes each argument as UTF-8, replacing what
/// is not with U+FFFD: the name is lost before any code sees it. Read from
/// the raw `argv` with ``Swift/String/init(fileSystemBytes:)`` instead, each
/// byte that is not part of valid UTF-8 is kept as one of the 128 scalars
/// U+10FF80…U+10FFFF (plane 16, private use: U+10FF00 + the byte), and
/// ``Swift/String/pathBytes`` gives the original bytes back for `open(2)` and
/// the other calls that take a path — as Python keeps such bytes in lone
/// surrogates (PEP 383), which a Swift string cannot hold. A name that
/// really contains one of those scalars has its UTF-8 bytes kept the same
/// way, so that every sequence of bytes comes back exactly as it was.
/// ``Swift/String/escapingRawBytes`` writes a kept byte as `\xFF`, as GNU
/// `ls -b` and Python write it, for messages.
extension String {
    /// The first of the scalars that stand for single bytes.
    private static let rawByteBase: UInt32 = 0x10_FF00

    /// The string for the bytes of a path or an argument.
    public init(fileSystemBytes bytes: [UInt8]) {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        func keep(_ count: Int) {
            for byte in bytes[offset..<(offset + count)] { scalars.append(Unicode.Scalar(Self.rawByteBase + UInt32(byte))!) }
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if Self.rawByte(scalar) != nil { keep(encoded.count) } else { scalars.append(scalar) }
                offset += encoded.count
            case .error(let length):
                keep(length)
                offset += length
            case .emptyInput:
                self = String(scalars)
                return
            }
        }
    }

    /// The bytes of the path this string names, NUL-terminated, for the
    /// system calls that take one.
    public var pathBytes: [CChar] {
        var bytes: [CChar] = []
        bytes.reserveCapacity(utf8.count + 1)
        for scalar in unicodeScalars {
            if let byte = Self.rawByte(scalar) {
                bytes.append(CChar(bitPattern: byte))
            } else {
                bytes += String(scalar).utf8.map { CChar(bitPattern: $0) }
            }
        }
        return bytes + [0]
    }

    /// The string with each byte that is not UTF-8 written `\xFF`, for a
    /// message on a terminal.
    public var escapingRawBytes: String {
        var result = ""
        for scalar in unicodeScalars {
            if let byte = Self.rawByte(scalar) {
                result += "\\x" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The byte `scalar` stands for, if it stands for one.
    private static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value > rawByteBase + 0x7F ? UInt8(scalar.value - rawByteBase) : nil
    }
}
