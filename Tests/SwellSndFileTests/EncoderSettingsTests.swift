import CSndFile
import Foundation
@testable import SwellSndFile
import TestSupport
import Testing

/// `SoundFileWriter`'s encoder settings reach libsndfile as asked: its log
/// reports the Opus target bit rate it set, which is the reference here.
@Suite struct EncoderSettingsTests {
    /// What libsndfile has logged for the writer's file (`SFC_GET_LOG_INFO`).
    private func log(of writer: SoundFileWriter) -> String {
        var text = [CChar](repeating: 0, count: 16_384)
        sf_command(writer.handle, Int32(SFC_GET_LOG_INFO), &text, Int32(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("an Opus bit rate sets libsndfile's target to the bit", arguments: [
        (1, 6.0), (1, 64), (1, 256), (2, 12), (2, 96), (2, 97), (2, 512), (6, 300),
    ])
    func opusTarget(channels: Int, kbps: Double) throws {
        let directory = try SoundFileFixtures.Directory()
        let writer = try SoundFileWriter(path: directory.file("out.opus"), sampleRate: 48_000, channelCount: channels)
        defer { writer.abandon() }
        try writer.setBitrate(kbps: kbps)
        // libsndfile sets a whole number of bit/s per channel.
        let perChannel = Int(kbps * 1000) / channels
        #expect(log(of: writer).contains("User changed encoding target bitrate to \(perChannel * channels)bps"), "\(log(of: writer))")
    }

    @Test("a FLAC compression level reaches libsndfile as that level")
    func flacLevel() throws {
        let directory = try SoundFileFixtures.Directory()
        for level in 0...8 {
            let writer = try SoundFileWriter(path: directory.file("out\(level).flac"), sampleRate: 48_000, channelCount: 2)
            defer { writer.abandon() }
            try writer.setFLACCompressionLevel(level)
            #expect(log(of: writer).contains("Setting SFC_SET_COMPRESSION_LEVEL to \(level)."), "\(log(of: writer))")
        }
    }
}
