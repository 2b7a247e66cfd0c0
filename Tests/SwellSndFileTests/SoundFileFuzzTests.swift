import Foundation
import SwellSndFile
import TestSupport
import Testing

/// Damaged headers never crash `SoundFile`: every mutated file either opens
/// and reads to its end, or fails with one clear line naming the file.
@Suite struct SoundFileFuzzTests {
    typealias Fixtures = SoundFileFixtures

    /// The first bytes of each file are its header (RIFF/fmt/data, fLaC +
    /// STREAMINFO + VORBIS_COMMENT, FORM/COMM/SSND); mutations land there.
    static let headerBytes = 128
    static let iterationsPerFormat = 500

    @Test(arguments: [
        ("wav", ["-b", "16"]), ("flac", ["-b", "24"]), ("aiff", ["-b", "16"]),
    ])
    func mutatedHeadersNeverCrash(fileExtension: String, options: [String]) throws {
        let directory = try Fixtures.Directory()
        let valid = directory.file("valid.\(fileExtension)")
        try Fixtures.sox(
            arguments: ["-n", "-r", "8000", "-c", "2"] + options + [valid, "synth", "0.05", "sine", "440"])
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: valid)))
        let path = directory.file("mutant.\(fileExtension)")
        var generator = SplitMix64(seed: UInt64(fileExtension.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var opened = 0
        var rejected = 0

        for _ in 0..<Self.iterationsPerFormat {
            let bytes = mutate(original, using: &generator)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let file = try SoundFile(path: path)
                opened += 1
                try readToEnd(file, fileSize: bytes.count)
            } catch {
                rejected += 1
                #expect(!error.description.contains("\n"), "multi-line error: \(error)")
                #expect(error.path == path)
            }
        }
        // Both outcomes must occur, or the fuzzing explored nothing.
        #expect(opened > Self.iterationsPerFormat / 20)
        #expect(rejected > Self.iterationsPerFormat / 20)
    }

    /// Reads `file` to its end; a damaged file can only yield as many frames
    /// as its bytes could hold (8-bit mono being the densest PCM), so a
    /// decoder that keeps producing frames beyond that is a failure, not a hang.
    func readToEnd(_ file: SoundFile, fileSize: Int) throws(SoundFileError) {
        var buffer = [Float](repeating: 0, count: 512 * file.channelCount)
        var total = 0
        let bound = max(Int(file.frameCount), fileSize * 8)
        while true {
            let frames = try buffer.withUnsafeMutableBufferPointer { (pointer) throws(SoundFileError) in
                try file.readFrames(into: pointer, count: 512)
            }
            if frames == 0 { return }
            total += frames
            if total > bound {
                Issue.record("'\(file.path)' kept decoding past \(bound) frames")
                return
            }
        }
    }

    /// One to four byte-level mutations in the header, sometimes with the
    /// file cut short.
    func mutate(_ original: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = original
        let header = min(Self.headerBytes, bytes.count)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let offset = Int.random(in: 0..<header, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                bytes[offset] = UInt8.random(in: .min ... .max, using: &generator)
            case 1:
                bytes[offset] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            case 2:
                bytes[offset] = [0x00, 0xFF, 0x7F, 0x80].randomElement(using: &generator)!
            case 3:
                // A whole 32-bit field (a size, a rate, a count) set to an extreme.
                let value = [UInt32.min, .max, 0x7FFF_FFFF, 0x8000_0000, 1].randomElement(using: &generator)!
                for index in 0..<4 where offset + index < header {
                    bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))
                }
            default:
                bytes.removeLast(Int.random(in: 0..<(bytes.count - offset), using: &generator))
                return bytes
            }
        }
        return bytes
    }
}
