import Foundation
import ALSATestSupport
import TestSupport

/// RIFF WAVE files written and read by the tests themselves, independently
/// of libsndfile and of Swell, from Microsoft's format definition: a
/// `RIFF`/`WAVE` header, a `fmt ` chunk (format tag 1 = integer PCM, 3 =
/// IEEE float, 0xFFFE = extensible, whose sub-format GUID starts with the
/// tag), and a `data` chunk of interleaved little-endian samples. Other
/// chunks (`fact`, `PEAK`, `LIST`) are skipped; chunks are padded to even
/// sizes.
struct WAVFile: Equatable {
    enum Encoding: Equatable {
        case pcm16, pcm24, pcm32, float

        var bytesPerSample: Int {
            switch self {
            case .pcm16: 2
            case .pcm24: 3
            case .pcm32, .float: 4
            }
        }
    }

    var sampleRate: Int
    var channelCount: Int
    var encoding: Encoding
    /// Interleaved samples, integers scaled by 2^−(B−1) to [−1, 1).
    var samples: [Double]

    var frameCount: Int { samples.count / channelCount }

    /// The samples of channel `channel`.
    func channel(_ channel: Int) -> [Double] {
        stride(from: channel, to: samples.count, by: channelCount).map { samples[$0] }
    }

    // MARK: Writing

    /// The file's bytes. Float samples are rounded to `Float`; integer
    /// samples are rounded to the nearest step and clipped to full scale.
    func data() -> Data {
        var body = Data(capacity: samples.count * encoding.bytesPerSample)
        for sample in samples {
            switch encoding {
            case .float:
                body.appendLittleEndian(Float(sample).bitPattern)
            case .pcm16:
                body.appendLittleEndian(UInt16(bitPattern: Int16(Self.quantize(sample, bits: 16))))
            case .pcm24:
                let word = UInt32(bitPattern: Int32(Self.quantize(sample, bits: 24)))
                body.append(contentsOf: [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF)])
            case .pcm32:
                body.appendLittleEndian(UInt32(bitPattern: Int32(Self.quantize(sample, bits: 32))))
            }
        }
        let blockAlign = channelCount * encoding.bytesPerSample
        var file = Data()
        file.append(contentsOf: Array("RIFF".utf8))
        file.appendLittleEndian(UInt32(4 + 8 + 16 + 8 + body.count))
        file.append(contentsOf: Array("WAVEfmt ".utf8))
        file.appendLittleEndian(UInt32(16))
        file.appendLittleEndian(UInt16(encoding == .float ? 3 : 1))
        file.appendLittleEndian(UInt16(channelCount))
        file.appendLittleEndian(UInt32(sampleRate))
        file.appendLittleEndian(UInt32(sampleRate * blockAlign))
        file.appendLittleEndian(UInt16(blockAlign))
        file.appendLittleEndian(UInt16(encoding.bytesPerSample * 8))
        file.append(contentsOf: Array("data".utf8))
        file.appendLittleEndian(UInt32(body.count))
        file.append(body)
        if body.count % 2 == 1 { file.append(0) }
        return file
    }

    func write(to url: URL) throws {
        try data().write(to: url)
    }

    private static func quantize(_ sample: Double, bits: Int) -> Int64 {
        let scale = Double(Int64(1) << (bits - 1))
        return Int64(min(max((sample * scale).rounded(), -scale), scale - 1))
    }

    // MARK: Reading

    init(sampleRate: Int, channelCount: Int, encoding: Encoding, samples: [Double]) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
        self.samples = samples
    }

    init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url), name: url.path)
    }

    init(data: Data, name: String) throws {
        let bytes = [UInt8](data)
        let layout = try Layout(header: bytes, name: name)
        sampleRate = layout.sampleRate
        channelCount = layout.channelCount
        encoding = layout.encoding
        samples = Self.decode(bytes[layout.dataOffset..<min(layout.dataOffset + layout.dataSize, bytes.count)],
                              as: layout.encoding)
    }

    /// Interleaved little-endian samples of `encoding`, scaled to [−1, 1).
    static func decode(_ bytes: ArraySlice<UInt8>, as encoding: Encoding) -> [Double] {
        let base = bytes.startIndex, width = encoding.bytesPerSample
        func byte(_ i: Int) -> UInt32 { UInt32(bytes[base + i]) }
        return (0..<bytes.count / width).map { i in
            let at = i * width
            switch encoding {
            case .float:
                return Double(Float(bitPattern: byte(at) | byte(at + 1) << 8 | byte(at + 2) << 16 | byte(at + 3) << 24))
            case .pcm16:
                return Double(Int16(bitPattern: UInt16(byte(at) | byte(at + 1) << 8))) / 32_768
            case .pcm24:
                let word = byte(at) << 8 | byte(at + 1) << 16 | byte(at + 2) << 24
                return Double(Int32(bitPattern: word) >> 8) / 8_388_608
            case .pcm32:
                let word = byte(at) | byte(at + 1) << 8 | byte(at + 2) << 16 | byte(at + 3) << 24
                return Double(Int32(bitPattern: word)) / 2_147_483_648
            }
        }
    }

    /// Where a WAV file's samples are and what they are, from its chunk
    /// headers.
    struct Layout {
        var sampleRate: Int
        var channelCount: Int
        var encoding: Encoding
        /// The byte offset of the first sample.
        var dataOffset: Int
        /// The size of the `data` chunk as its header gives it.
        var dataSize: Int

        /// Reads the chunk headers from `header`, the file's first bytes up
        /// to at least the start of the `data` chunk.
        init(header bytes: [UInt8], name: String) throws {
            func failure(_ reason: String) -> TestSupportError {
                TestSupportError("\(name) is not a WAV file the tests read: \(reason)")
            }
            func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
            func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
            guard bytes.count >= 12, bytes[0..<4] == ArraySlice("RIFF".utf8), bytes[8..<12] == ArraySlice("WAVE".utf8) else {
                throw failure("no RIFF/WAVE header")
            }
            var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
            var offset = 12
            while offset + 8 <= bytes.count {
                let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
                let size = u32(offset + 4)
                let body = offset + 8
                switch id {
                case "fmt ":
                    guard size >= 16, body + size <= bytes.count else { throw failure("short fmt chunk") }
                    var tag = u16(body)
                    if tag == 0xFFFE {
                        guard size >= 40 else { throw failure("short extensible fmt chunk") }
                        tag = u16(body + 24)
                    }
                    format = (tag, u16(body + 2), u32(body + 4), u16(body + 14))
                case "data":
                    guard let format else { throw failure("data before fmt") }
                    switch (format.tag, format.bits) {
                    case (3, 32): encoding = .float
                    case (1, 16): encoding = .pcm16
                    case (1, 24): encoding = .pcm24
                    case (1, 32): encoding = .pcm32
                    default: throw failure("format tag \(format.tag) with \(format.bits) bits")
                    }
                    sampleRate = format.rate
                    channelCount = format.channels
                    dataOffset = body
                    dataSize = size
                    return
                default:
                    break
                }
                offset = body + size + size % 2
            }
            throw failure("no data chunk")
        }
    }
}

extension Data {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
