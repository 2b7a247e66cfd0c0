import Foundation
import SwellSndFile
import TestSupport
import Testing

/// `SoundFile` decodes files made by SoX and FFmpeg to the samples those
/// tools decode.
@Suite struct SoundFileReadTests {
    typealias Fixtures = SoundFileFixtures

    /// A file a peer tool writes, and how its decoding is checked.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let fileName: String
        /// Makes the file from the 48 kHz stereo source.
        let make: @Sendable (_ source: String, _ output: String) throws -> Void
        /// Decodes the file with the peer tool.
        let reference: @Sendable (_ path: String) throws -> [Float]
        /// The largest sample difference allowed; 0 means bit-exact.
        let tolerance: Float
        let subtype: String

        var testDescription: String { name }

        static func sox(
            _ name: String, _ fileName: String, _ options: [String], subtype: String,
            tolerance: Float = 0
        ) -> Case {
            Case(
                name: name, fileName: fileName,
                make: { try Fixtures.sox(arguments: [$0] + options + [$1]) },
                reference: Fixtures.soxSamples, tolerance: tolerance, subtype: subtype)
        }

        static func ffmpeg(
            _ name: String, _ fileName: String, _ options: [String], subtype: String,
            tolerance: Float = 0
        ) -> Case {
            Case(
                name: name, fileName: fileName,
                make: { try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", $0] + options + [$1]).requireSuccess() },
                reference: Fixtures.ffmpegSamples, tolerance: tolerance, subtype: subtype)
        }
    }

    static let cases: [Case] = [
        .sox("WAV 16-bit", "a.wav", ["-b", "16"], subtype: "Signed 16 bit PCM"),
        .sox("WAV 24-bit", "a.wav", ["-b", "24"], subtype: "Signed 24 bit PCM"),
        .sox("WAV 32-bit", "a.wav", ["-b", "32"], subtype: "Signed 32 bit PCM"),
        .sox("WAV 8-bit", "a.wav", ["-b", "8"], subtype: "Unsigned 8 bit PCM"),
        // SoX holds samples as 32-bit integers, so its decoding of a float
        // file is rounded; FFmpeg passes float samples through untouched.
        .ffmpeg("WAV float", "a.wav", ["-c:a", "pcm_f32le"], subtype: "32 bit float"),
        .sox("AIFF 16-bit", "a.aiff", ["-b", "16"], subtype: "Signed 16 bit PCM"),
        .sox("AIFF 24-bit", "a.aiff", ["-b", "24"], subtype: "Signed 24 bit PCM"),
        .sox("AU 16-bit", "a.au", ["-b", "16"], subtype: "Signed 16 bit PCM"),
        .sox("FLAC 16-bit", "a.flac", ["-b", "16"], subtype: "Signed 16 bit PCM"),
        .sox("FLAC 24-bit", "a.flac", ["-b", "24"], subtype: "Signed 24 bit PCM"),
        .ffmpeg("Wave64 16-bit", "a.w64", ["-c:a", "pcm_s16le"], subtype: "Signed 16 bit PCM"),
        .ffmpeg("RF64 24-bit", "a.wav", ["-c:a", "pcm_s24le", "-rf64", "always"], subtype: "Signed 24 bit PCM"),
        .ffmpeg("CAF 16-bit", "a.caf", ["-c:a", "pcm_s16be"], subtype: "Signed 16 bit PCM"),
        // Both libsndfile and SoX decode Vorbis with libvorbis, but SoX asks
        // `ov_read` for 16-bit words: its reference is within one 16-bit step.
        .sox("Ogg Vorbis", "a.ogg", ["-C", "5"], subtype: "Vorbis", tolerance: 1.0 / 32768),
        // libsndfile decodes Opus with libopus and MP3 with libmpg123; FFmpeg
        // has its own decoders, so the two differ by floating-point detail
        // (measured: 7e-7 and 2e-6), but agree on gapless trimming.
        .ffmpeg("Ogg Opus", "a.opus", ["-c:a", "libopus", "-b:a", "128k"], subtype: "Opus", tolerance: 1e-5),
        .ffmpeg("MP3", "a.mp3", ["-c:a", "libmp3lame", "-b:a", "192k"], subtype: "MPEG Layer III", tolerance: 1e-5),
    ]

    @Test(arguments: cases)
    func decodesLikeThePeerTool(_ testCase: Case) throws {
        let directory = try Fixtures.Directory()
        let source = directory.file("source.wav")
        try Fixtures.sox("-n", "-r", "48000", "-c", "2", "-b", "24", source,
                         "synth", "0.5", "sine", "440", "sine", "1000", "gain", "-3")
        let path = directory.file(testCase.fileName)
        try testCase.make(source, path)

        let file = try SoundFile(path: path)
        let reference = try testCase.reference(path)
        #expect(file.channelCount == 2)
        #expect(file.sampleRate == 48000)
        #expect(file.subtypeDescription == testCase.subtype)
        #expect(file.frameCount == Int64(reference.count / 2))

        let samples = try Fixtures.readAll(file, chunk: 999)
        #expect(samples.count == reference.count)
        #expect(Fixtures.maximumDifference(samples, reference) <= testCase.tolerance)
    }

    /// Every 16-bit word `k` reads as exactly `k / 32768` (the scale
    /// libsndfile, SoX and FFmpeg share), in every lossless container.
    @Test(arguments: ["wav", "aiff", "flac", "au", "caf"])
    func sixteenBitWordsReadExactly(_ fileExtension: String) throws {
        let directory = try Fixtures.Directory()
        let words = (Int(Int16.min)...Int(Int16.max)).map { Int16($0) }
        let raw = directory.file("words.raw")
        try Fixtures.writeRaw16(words, to: raw)
        let path = directory.file("words.\(fileExtension)")
        try Fixtures.sox("-t", "raw", "-r", "8000", "-e", "signed", "-b", "16", "-c", "1", raw, path)

        let samples = try Fixtures.readAll(try SoundFile(path: path), chunk: 4096)
        let expected = words.map { Float($0) / 32768 }
        #expect(samples == expected)
    }

    /// Every 24-bit word `k` reads as exactly `k / 2^23`, the extremes included.
    @Test func twentyFourBitWordsReadExactly() throws {
        let directory = try Fixtures.Directory()
        var generator = SplitMix64(seed: 24)
        let words: [Int32] = [-8_388_608, -8_388_607, -1, 0, 1, 8_388_606, 8_388_607]
            + (0..<20_000).map { _ in Int32(truncatingIfNeeded: generator.next() >> 40) - 8_388_608 }
        let bytes = words.flatMap { word in
            (0..<3).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
        }
        let raw = directory.file("words.raw")
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        let path = directory.file("words.flac")
        try Fixtures.sox("-t", "raw", "-r", "8000", "-e", "signed", "-b", "24", "-c", "1", raw, path)

        let samples = try Fixtures.readAll(try SoundFile(path: path))
        #expect(samples == words.map { Float($0) / 8_388_608 })
    }

    @Test func reportsWhatSoxiReports() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("info.aiff")
        try Fixtures.sox("-n", "-r", "22050", "-c", "3", "-b", "16", path, "synth", "1.25", "sine", "300")
        let file = try SoundFile(path: path)

        func soxi(_ option: String) throws -> String {
            try Subprocess.run("soxi", [option, path]).requireSuccess().standardOutput
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(file.frameCount == Int64(try soxi("-s")))
        #expect(file.sampleRate == Int(try soxi("-r")))
        #expect(file.channelCount == Int(try soxi("-c")))
        #expect(abs(file.duration - Double(try soxi("-D"))!) <= 0.5e-6)  // soxi prints 6 decimals
        // Names from libsndfile's format tables (its SFC_GET_FORMAT_INFO list).
        #expect(file.formatDescription == "AIFF (Apple/SGI)")
        #expect(file.subtypeDescription == "Signed 16 bit PCM")
        #expect(file.sampleEncoding == .pcm16)
        #expect(file.isSeekable)
        #expect(file.description == "'\(path)': AIFF (Apple/SGI), Signed 16 bit PCM, 3 channels, 22050 Hz, 1.25 s")
    }

    @Test(arguments: [
        (["-b", "8"], "a.wav", SampleEncoding?.some(.pcm16)),
        (["-b", "24"], "a.flac", .pcm24),
        (["-b", "32"], "a.wav", .pcm32),
        (["-e", "floating-point", "-b", "32"], "a.wav", .float),
        (["-e", "floating-point", "-b", "64"], "a.wav", nil),
        (["-e", "u-law"], "a.wav", nil),
        ([], "a.ogg", nil),
    ])
    func sampleEncodingStoresTheSourceLosslessly(options: [String], name: String, expected: SampleEncoding?) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(name)
        try Fixtures.sox(arguments: ["-n", "-r", "8000", "-c", "1"] + options + [path, "synth", "0.1", "sine", "440"])
        #expect(try SoundFile(path: path).sampleEncoding == expected)
    }

    /// After a seek the samples are those SoX's `trim` starts with.
    @Test func seekingMatchesSoxTrim() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("seek.flac")
        try Fixtures.sox("-n", "-r", "44100", "-c", "2", "-b", "16", path, "synth", "1", "sine", "220", "sine", "330")
        let file = try SoundFile(path: path)
        for start in [30_000, 0, 44_099, 12_345] {
            try file.seek(toFrame: Int64(start))
            #expect(file.position == Int64(start))
            let samples = try Fixtures.readAll(file, chunk: 777)
            let reference = Fixtures.floats(try Fixtures.sox(path, "-t", "f32", "-", "trim", "\(start)s"))
            #expect(samples == reference)
            #expect(file.position == file.frameCount)
        }
        try file.seek(toFrame: file.frameCount)
        #expect(try Fixtures.readAll(file).isEmpty)
    }

    /// A WAV stream from a pipe is read to its real end, whatever length its
    /// header claims, and can "seek" only to where it is.
    @Test func readsAStreamFromAPipe() throws {
        let directory = try Fixtures.Directory()
        let reference = directory.file("reference.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "1", "-b", "16", reference, "synth", "0.5", "sine", "440")
        let pipe = directory.file("pipe")
        let writer = try Fixtures.soxPipe(at: pipe, playing: reference)
        defer { writer.wait() }

        let file = try SoundFile(path: pipe)
        #expect(!file.isSeekable)
        try file.seek(toFrame: 0)
        #expect(try Fixtures.readAll(file) == (try Fixtures.soxSamples(reference)))
        #expect(throws: SoundFileError.cannotRead(
            path: pipe, reason: "cannot seek to frame 0: the stream is not seekable")) {
            try file.seek(toFrame: 0)
        }
    }

    @Test func seekingOutsideTheFileIsAClearError() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("short.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "1", path, "synth", "0.1", "sine", "440")
        let file = try SoundFile(path: path)
        #expect(throws: SoundFileError.cannotRead(path: path, reason: "frame 801 is outside the file (0 to 800)")) {
            try file.seek(toFrame: 801)
        }
        #expect(throws: SoundFileError.cannotRead(path: path, reason: "frame -1 is outside the file (0 to 800)")) {
            try file.seek(toFrame: -1)
        }
    }
}
