import Foundation
import SwellSndFile
import TestSupport
import Testing

/// Bad input to `SoundFile` is one clear, one-line error naming the file.
@Suite struct SoundFileErrorTests {
    typealias Fixtures = SoundFileFixtures

    /// The error opening `path` throws, checked to be a one-line message naming `path`.
    func openingError(_ path: String) throws -> SoundFileError {
        let error = try #require(throws: SoundFileError.self) { try SoundFile(path: path) }
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains("'\(path)'"))
        #expect(error.path == path)
        return error
    }

    @Test func missingFile() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("x.wav")
        #expect(try openingError(path).description == "cannot open '\(path)': No such file or directory")
    }

    @Test func directory() throws {
        let directory = try Fixtures.Directory()
        #expect(try openingError(directory.path).description == "cannot open '\(directory.path)': Is a directory")
    }

    @Test func emptyFile() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("empty.wav")
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try openingError(path).description == "cannot open '\(path)': the file is empty")
    }

    /// Random bytes: libsndfile recognises no header.
    @Test func garbage() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("noise.wav")
        var generator = SplitMix64(seed: 7)
        try Data((0..<4096).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            .write(to: URL(fileURLWithPath: path))
        #expect(try openingError(path).description == "cannot open '\(path)': Format not recognised")
    }

    /// A WAV cut inside its header: libsndfile's reason (SFE_WAV_NO_DATA in
    /// its error table) is passed on.
    @Test func wavTruncatedInTheHeader() throws {
        let directory = try Fixtures.Directory()
        let whole = directory.file("whole.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "1", "-b", "16", whole, "synth", "0.1", "sine", "440")
        let path = directory.file("cut.wav")
        try Data(try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(30))
            .write(to: URL(fileURLWithPath: path))
        #expect(
            try openingError(path).description
                == "cannot open '\(path)': Error in WAV file. No 'data' chunk marker")
    }

    /// A FLAC stream cut short: its intact header declares 2 s, 16,000
    /// frames, that the data no longer holds. It opens with the declared
    /// length, yields the frames SoX decodes before it loses sync, then
    /// says where the data ended, with libFLAC's reason.
    @Test func flacTruncatedInTheStream() throws {
        let directory = try Fixtures.Directory()
        let whole = directory.file("whole.flac")
        try Fixtures.sox("-n", "-r", "8000", "-c", "1", "-b", "16", whole, "synth", "2", "whitenoise")
        let path = directory.file("cut.flac")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        // SoX fails on the cut (exit 2) after writing what it decoded.
        let reference = Fixtures.floats(try Subprocess.run("sox", ["-V1", path, "-t", "f32", "-"]).outputData)
        #expect((4_000..<16_000).contains(reference.count), "\(reference.count)")

        let file = try SoundFile(path: path)
        #expect(file.frameCount == 16_000)
        var buffer = [Float](repeating: 0, count: 20_000)
        let read = try buffer.withUnsafeMutableBufferPointer { try file.readFrames(into: $0, count: 20_000) }
        #expect(Array(buffer.prefix(read)) == reference)
        let error = SoundFileError.prematureEnd(path: path, frame: Int64(reference.count), frameCount: 16_000,
                                                sampleRate: 8000, reason: "flac decoder lost sync")
        #expect(file.pendingError == error)
        #expect(throws: error) { try buffer.withUnsafeMutableBufferPointer { try file.readFrames(into: $0, count: 1) } }
        #expect(error.description == "'\(path)': premature end of data at \(String(format: "%.3f", Double(reference.count) / 8000)) s "
                + "of 2.000 s (flac decoder lost sync)")
    }

    /// A WAV cut inside its sample data opens, like SoX ("premature EOF") and
    /// FFmpeg, with the length its header declares; it yields exactly the
    /// frames that are there, then says where the data ended.
    @Test func wavTruncatedInTheData() throws {
        let directory = try Fixtures.Directory()
        let whole = directory.file("whole.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "2", "-b", "16", whole, "synth", "0.1", "sine", "440")
        let path = directory.file("cut.wav")
        try Data(try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(1001))
            .write(to: URL(fileURLWithPath: path))
        let file = try SoundFile(path: path)
        #expect(file.frameCount == 800)
        var buffer = [Float](repeating: 0, count: 2 * 1000)
        let read = try buffer.withUnsafeMutableBufferPointer { try file.readFrames(into: $0, count: 1000) }
        #expect(Array(buffer.prefix(2 * read)) == (try Fixtures.ffmpegSamples(path)))
        #expect(read == (1001 - 44) / 4)
        let error = SoundFileError.prematureEnd(path: path, frame: Int64(read), frameCount: 800, sampleRate: 8000, reason: nil)
        #expect(file.pendingError == error)
        #expect(throws: error) { try buffer.withUnsafeMutableBufferPointer { try file.readFrames(into: $0, count: 1) } }
    }

    /// Nine channels is beyond 7.1.
    @Test func unsupportedChannelCount() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("nine.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "9", path, "synth", "0.1", "sine", "440")
        let error = try openingError(path)
        #expect(error == .unsupportedChannelCount(path: path, channelCount: 9))
        #expect(error.description == "cannot open '\(path)': 9 channels (1 to 8 are supported)")
    }

    @Test func eightChannelsAreSupported() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("eight.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "8", path, "synth", "0.1", "sine", "440")
        #expect(try SoundFile(path: path).channelCount == 8)
    }
}
