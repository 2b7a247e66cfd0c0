import Testing
import SwellCore
import TestSupport

/// Paths as bytes in a `String` (docs/cli.md#file-names): every byte
/// sequence comes back exactly, UTF-8 reads as itself, and messages write
/// what is not UTF-8 as `\xFF`.
@Suite struct FileSystemPathTests {
    /// The bytes `pathBytes` gives, without the NUL it ends with.
    private func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
        let path = String(fileSystemBytes: bytes).pathBytes
        #expect(path.last == 0)
        return path.dropLast().map { UInt8(bitPattern: $0) }
    }

    @Test func everyByteSequenceComesBack() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            // Bytes from the whole range, and often from the lead and
            // continuation bytes of long UTF-8 sequences, so that valid and
            // broken ones both occur.
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 1...255, using: &generator)
                    : [0x80, 0x8F, 0xBE, 0xBF, 0xC3, 0xE2, 0xF0, 0xF4, 0xFF].randomElement(using: &generator)!
            }
            #expect(roundTrip(bytes) == bytes, "\(bytes)")
        }
    }

    @Test func utf8ReadsAsItself() {
        let name = "café ♪ 𝄞.wav"
        #expect(String(fileSystemBytes: Array(name.utf8)) == name)
        #expect(name.pathBytes.dropLast().map { UInt8(bitPattern: $0) } == Array(name.utf8))
        #expect(name.escapingRawBytes == name)
    }

    @Test func bytesThatAreNotUTF8AreWrittenAsHexEscapes() {
        // 0xFF never occurs in UTF-8; 0xC3 0x28 is a lead byte followed by
        // an ASCII "(", not a continuation.
        #expect(String(fileSystemBytes: Array("bad".utf8) + [0xFF] + Array("name.wav".utf8)).escapingRawBytes
                == #"bad\xFFname.wav"#)
        #expect(String(fileSystemBytes: [0xC3, 0x28]).escapingRawBytes == #"\xC3("#)
    }

    @Test func aNameHoldingTheScalarsThatStandForBytesStillComesBack() {
        // U+10FF80 in UTF-8: kept as its four bytes, so that it cannot be
        // mistaken for the byte 0x80.
        let bytes: [UInt8] = [0xF4, 0x8F, 0xBE, 0x80, 0x80]
        #expect(roundTrip(bytes) == bytes)
        #expect(String(fileSystemBytes: bytes).escapingRawBytes == #"\xF4\x8F\xBE\x80\x80"#)
    }
}
