import CSndFile
import Foundation
import SwellSndFile
import TestSupport
import Testing

/// `SoundFileWriter` makes the file its extension names, stores samples the
/// way SoX and FFmpeg read them back, and publishes it only when committed.
@Suite struct SoundFileWriterTests {
    typealias Fixtures = SoundFileFixtures

    /// A stereo test signal: a 0.9 sine against a 0.7 cosine, then the values
    /// where quantisation is delicate — full scale, beyond it, exact ties at
    /// half a 16-bit step, tiny values — and the non-finite ones.
    static let signal: [Float] = {
        var samples: [Float] = []
        for n in 0..<2000 {
            let phase = 2 * Double.pi * 440 * Double(n) / 8000
            samples += [Float(0.9 * sin(phase)), Float(0.7 * cos(phase))]
        }
        samples += [
            0, 1, -1, 0.5, -0.5, 1 - 1.0 / 32768, -1 + 1.0 / 32768, 1.5, -1.5, 1e-9, -1e-9,
            1.0 / 65536, 3.0 / 65536, -1.0 / 65536, -3.0 / 65536, 1 - 1.0 / 8_388_608,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 0.25,
        ]
        return samples
    }()

    static let nonFiniteCount = signal.count { !$0.isFinite }

    /// What a B-bit word stores for `x`, by the formula the writer promises:
    /// round to nearest (ties to even), clip at full scale, scale 2^(B−1);
    /// non-finite values become 0.
    static func stored(_ x: Float, encoding: SampleEncoding) -> Float {
        guard x.isFinite else { return 0 }
        guard let bits = encoding.bitsPerSample else { return x }
        let scale = Double(1 << (bits - 1))
        let word = min(max((Double(x) * scale).rounded(.toNearestOrEven), -scale), scale - 1)
        return Float(word / scale)
    }

    struct RoundTrip: CustomTestStringConvertible, Sendable {
        let fileName: String
        let encoding: SampleEncoding
        var testDescription: String { "\(fileName) \(encoding)" }
    }

    static let roundTrips: [RoundTrip] =
        ["wav", "aiff", "caf", "au", "w64", "rf64"].flatMap { name in
            SampleEncoding.allCases.map { RoundTrip(fileName: "out.\(name)", encoding: $0) }
        } + [RoundTrip(fileName: "out.flac", encoding: .pcm16), RoundTrip(fileName: "out.flac", encoding: .pcm24)]

    /// Integer files are read back as 32-bit words — by SoX (`-t s32`) for
    /// the formats it reads natively, by FFmpeg (`-f s32le`) for CAF, Wave64
    /// and RF64, which SoX would read through libsndfile itself — and a B-bit
    /// word `k` arrives as `k << (32 − B)`. Float files are read back by
    /// FFmpeg, which passes floats through (SoX would round them to its
    /// 32-bit integer samples).
    @Test(arguments: roundTrips)
    func samplesReadBackAsQuantised(_ roundTrip: RoundTrip) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(roundTrip.fileName)
        let writer = try Fixtures.write(
            Self.signal, to: path, channelCount: 2, encoding: roundTrip.encoding)
        #expect(writer.frameCount == Int64(Self.signal.count / 2))
        #expect(writer.nonFiniteSampleCount == Self.nonFiniteCount)

        let expected = Self.signal.map { Self.stored($0, encoding: roundTrip.encoding) }
        let readBack: [Float]
        if let bits = roundTrip.encoding.bitsPerSample {
            let soxReadsIt = ["wav", "aiff", "au", "flac"].contains(roundTrip.fileName.split(separator: ".").last!)
            let data = soxReadsIt
                ? try Fixtures.sox(path, "-t", "s32", "-")
                : try Fixtures.ffmpeg("-i", path, "-f", "s32le", "-")
            let words = data.withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) }.map(Int32.init(littleEndian:))
            #expect(words.allSatisfy { $0 & Int32((1 << (32 - bits)) - 1) == 0 }, "low bits set")
            readBack = words.map { Float(Double($0) / 2_147_483_648) }
        } else {
            readBack = try Fixtures.ffmpegSamples(path)
        }
        #expect(readBack.count == expected.count)
        if let first = readBack.indices.first(where: { readBack[$0] != expected[$0] }) {
            Issue.record("sample \(first): read \(readBack[first]), expected \(expected[first])")
        }
    }

    /// A 16-bit file read by `SoundFile` and written back at unity gain is
    /// bit-identical, every word value and dithered noise included.
    @Test(arguments: ["copy.wav", "copy.flac", "copy.aiff"])
    func sixteenBitCopyIsBitIdentical(_ copyName: String) throws {
        let directory = try Fixtures.Directory()
        let raw = directory.file("words.raw")
        try Fixtures.writeRaw16((Int(Int16.min)...Int(Int16.max)).map { Int16($0) }, to: raw)
        let words = directory.file("words.wav")
        try Fixtures.sox("-t", "raw", "-r", "8000", "-e", "signed", "-b", "16", "-c", "1", raw, "-c", "2", words)
        let noise = directory.file("noise.wav")
        try Fixtures.sox("-n", "-r", "8000", "-c", "2", "-b", "16", noise, "synth", "2", "whitenoise")

        for source in [words, noise] {
            let input = try SoundFile(path: source)
            let samples = try Fixtures.readAll(input)
            let copy = directory.file(copyName)
            _ = try Fixtures.write(samples, to: copy, sampleRate: 8000, channelCount: 2, encoding: .pcm16, overwrite: true)
            #expect(try Fixtures.soxWords16(copy) == (try Fixtures.soxWords16(source)))
        }
    }

    /// The premise for quantising in Swell: libsndfile's own float-to-16-bit
    /// conversion scales by 0x7FFF, so the sample it reads as 32767/32768
    /// comes back as 32766 (and −32768 as −32767).
    @Test func libsndfileFloatConversionDoesNotRoundTrip() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("libsndfile.wav")
        var info = SF_INFO()
        info.samplerate = 8000
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        let handle = try #require(sf_open(path, Int32(SFM_WRITE), &info))
        var samples: [Float] = [32767.0 / 32768, -1, 0.25]
        #expect(sf_writef_float(handle, &samples, 3) == 3)
        sf_close(handle)
        #expect(try Fixtures.soxWords16(path) == [32766, -32767, 8192])
    }

    @Test(arguments: [
        ("out.wav", SampleEncoding?.some(.pcm16), "wav", "pcm_s16le"),
        ("out.WAV", .pcm24, "wav", "pcm_s24le"),
        ("out.wav", .float, "wav", "pcm_f32le"),
        ("out.rf64", .pcm16, "wav", "pcm_s16le"),
        ("out.w64", .pcm32, "w64", "pcm_s32le"),
        ("out.aiff", .pcm24, "aiff", "pcm_s24be"),
        ("out.aif", .pcm16, "aiff", "pcm_s16be"),
        ("out.au", .pcm16, "au", "pcm_s16be"),
        ("out.caf", .pcm16, "caf", nil),
        ("out.flac", .pcm16, "flac", "flac"),
        ("out.flac", nil, "flac", "flac"),
        ("out.ogg", nil, "ogg", "vorbis"),
        ("out.opus", nil, "ogg", "opus"),
        ("out.mp3", nil, "mp3", "mp3"),
    ] as [(String, SampleEncoding?, String, String?)])
    func containerFollowsTheExtension(name: String, encoding: SampleEncoding?, format: String, codec: String?) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(name)
        let sine = (0..<9600).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 48000)) }
        _ = try Fixtures.write(sine, to: path, sampleRate: 48000, channelCount: 1, encoding: encoding)
        let probe = try Subprocess.run(
            "ffprobe", ["-v", "error", "-show_entries", "format=format_name:stream=codec_name",
                        "-of", "default=noprint_wrappers=1", path]
        ).requireSuccess().standardOutput
        #expect(probe.contains("format_name=\(format)"))
        if let codec { #expect(probe.contains("codec_name=\(codec)\n")) }
    }

    /// `.wav` is RF64 with auto-downgrade: under 4 GiB the file is a plain
    /// RIFF/WAVE (the EBU Tech 3306 downgrade); `.rf64` keeps the RF64 header.
    @Test func wavIsDowngradedRF64() throws {
        let directory = try Fixtures.Directory()
        for (name, magic) in [("a.wav", "RIFF"), ("a.rf64", "RF64")] {
            let path = directory.file(name)
            _ = try Fixtures.write([0.5, -0.5], to: path, encoding: .pcm16)
            let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(12)
            #expect(String(decoding: header.prefix(4), as: UTF8.self) == magic)
            #expect(String(decoding: header.suffix(4), as: UTF8.self) == "WAVE")
        }
    }

    /// Lossy codecs get the float signal; what FFmpeg decodes is the same sine
    /// to within the codec's noise, with the same length.
    @Test(arguments: ["out.ogg", "out.opus", "out.mp3"])
    func lossyOutputDecodesToTheSignal(_ name: String) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(name)
        let frames = 48000
        let sine = (0..<frames).flatMap { n -> [Float] in
            let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(n) / 48000))
            return [value, value]
        }
        _ = try Fixtures.write(sine, to: path, sampleRate: 48000, channelCount: 2)
        let decoded = try Fixtures.ffmpegSamples(path)
        #expect(abs(decoded.count - sine.count) <= 2 * 1152, "\(decoded.count) samples for \(sine.count)")
        // Compare 0.1 s from the middle, at the alignment that fits best
        // within one MP3 granule (a codec may keep part of its delay).
        let window = 4800
        let middle = frames / 2
        let (lag, snr) = (0...1152).map { lag -> (Int, Double) in
            var signal = 0.0
            var noise = 0.0
            for n in middle..<(middle + window) where (n + lag) * 2 < decoded.count {
                let reference = Double(sine[2 * n])
                signal += reference * reference
                noise += (Double(decoded[2 * (n + lag)]) - reference) * (Double(decoded[2 * (n + lag)]) - reference)
            }
            return (lag, 10 * log10(signal / max(noise, .leastNonzeroMagnitude)))
        }.max { $0.1 < $1.1 }!
        // Measured: Vorbis 39 dB, Opus 46 dB (109 frames late), MP3 47 dB.
        #expect(snr > 30, "best SNR \(snr) dB at a delay of \(lag) frames")
    }

    // MARK: Publishing

    @Test func writesBesideTheTargetAndRenamesOnCommit() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav")
        let writer = try SoundFileWriter(path: path, sampleRate: 8000, channelCount: 1, encoding: .pcm16)
        try [Float](repeating: 0.25, count: 100).withUnsafeBufferPointer {
            try writer.writeFrames(from: $0, count: 100)
        }
        let during = try directory.contents()
        #expect(during.count == 1)
        #expect(during.first?.hasPrefix(".out.wav.") == true && during.first?.hasSuffix(".partial") == true)
        #expect(directory.file(during[0]) == writer.temporaryPath)
        #expect(!FileManager.default.fileExists(atPath: path))

        try writer.commit()
        #expect(try directory.contents() == ["out.wav"])
        #expect(try Fixtures.soxWords16(path) == [Int16](repeating: 8192, count: 100))
    }

    /// The committed file has the permissions any new file gets (those of a
    /// file `touch` makes), not the 0600 of `mkstemp`.
    @Test func committedFileHasOrdinaryPermissions() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.flac")
        _ = try Fixtures.write([0.1], to: path)
        let touched = directory.file("touched")
        try Subprocess.run("touch", [touched]).requireSuccess()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let reference = try FileManager.default.attributesOfItem(atPath: touched)
        #expect(attributes[.posixPermissions] as? Int == reference[.posixPermissions] as? Int)
    }

    @Test func abandonLeavesNoFile() throws {
        let directory = try Fixtures.Directory()
        let writer = try SoundFileWriter(
            path: directory.file("out.wav"), sampleRate: 8000, channelCount: 2, encoding: .float)
        try [Float](repeating: 0.5, count: 20).withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: 10) }
        #expect(try directory.contents().count == 1)
        writer.abandon()
        #expect(try directory.contents().isEmpty)
        writer.abandon()
        #expect(try directory.contents().isEmpty)
    }

    @Test func droppingAnUncommittedWriterLeavesNoFile() throws {
        let directory = try Fixtures.Directory()
        do {
            let writer = try SoundFileWriter(path: directory.file("out.aiff"), sampleRate: 8000, channelCount: 1)
            try [Float](repeating: 0.5, count: 10).withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: 10) }
            #expect(try directory.contents().count == 1)
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test func neverReplacesAnExistingFile() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SoundFileError.self) {
            try SoundFileWriter(path: path, sampleRate: 8000, channelCount: 1)
        }
        #expect(error == .outputExists(path: path))
        #expect(error.description == "'\(path)' exists (use --overwrite)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
        #expect(try directory.contents() == ["out.wav"])
    }

    /// A file that appears at the target while rendering is not replaced
    /// either: the commit fails and removes its temporary file.
    @Test func neverReplacesAFileThatAppearsDuringTheWrite() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav")
        let writer = try SoundFileWriter(path: path, sampleRate: 8000, channelCount: 1, encoding: .pcm16)
        try [Float](repeating: 0.5, count: 10).withUnsafeBufferPointer { try writer.writeFrames(from: $0, count: 10) }
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SoundFileError.outputExists(path: path)) { try writer.commit() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
        #expect(try directory.contents() == ["out.wav"])
    }

    @Test func overwriteReplacesTheFile() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        _ = try Fixtures.write([0.5, -0.5], to: path, encoding: .pcm16, overwrite: true)
        #expect(try Fixtures.soxWords16(path) == [16384, -16384])
        #expect(try directory.contents() == ["out.wav"])
    }

    /// Replacing swaps the directory entry, as `rename(2)` does, rather than
    /// rewriting the old file: another name for the old file (a hard link,
    /// or a reader holding it open) keeps the old bytes. A symbolic link at
    /// the target is followed, as SoX and FFmpeg follow it: the file it
    /// names is replaced, and the link stays a link.
    @Test func overwriteReplacesTheNameNotTheOldFile() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav"), link = directory.file("kept.wav")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(Glibc.link(path, link) == 0)
        _ = try Fixtures.write([0.5], to: path, encoding: .pcm16, overwrite: true)
        #expect(try Fixtures.soxWords16(path) == [16384])
        #expect(try Data(contentsOf: URL(fileURLWithPath: link)) == Data("old".utf8))

        let pointee = directory.file("pointee.wav"), symbolic = directory.file("symbolic.wav")
        try Data("pointee".utf8).write(to: URL(fileURLWithPath: pointee))
        #expect(symlink("pointee.wav", symbolic) == 0)
        _ = try Fixtures.write([-0.5], to: symbolic, encoding: .pcm16, overwrite: true)
        #expect(try Fixtures.soxWords16(pointee) == [-16384])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: symbolic)) == "pointee.wav")
        #expect(try directory.contents() == ["kept.wav", "out.wav", "pointee.wav", "symbolic.wav"])
    }

    // MARK: Bad settings

    @Test(arguments: [
        ("out.xyz", SampleEncoding?.none, 8000, 1,
         "unknown file extension (use one of wav, rf64, w64, aiff, caf, au, flac, ogg, opus, mp3, raw)"),
        ("out", nil, 8000, 1,
         "unknown file extension (use one of wav, rf64, w64, aiff, caf, au, flac, ogg, opus, mp3, raw)"),
        ("out.flac", .float, 8000, 1, "FLAC cannot store float samples (use pcm16 or pcm24)"),
        ("out.flac", .pcm32, 8000, 1, "FLAC cannot store pcm32 samples (use pcm16 or pcm24)"),
        ("out.ogg", .pcm16, 8000, 1, "Ogg Vorbis is lossy and has no pcm16 encoding (leave the encoding unset)"),
        ("out.wav", nil, 8000, 9, "9 channels (1 to 8 are supported)"),
        ("out.wav", nil, 0, 1, "invalid sample rate 0 Hz"),
    ] as [(String, SampleEncoding?, Int, Int, String)])
    func unsupportedSettingsAreRejected(
        name: String, encoding: SampleEncoding?, sampleRate: Int, channelCount: Int, reason: String
    ) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(name)
        #expect(throws: SoundFileError.unsupportedOutput(path: path, reason: reason)) {
            try SoundFileWriter(path: path, sampleRate: sampleRate, channelCount: channelCount, encoding: encoding)
        }
        #expect(try directory.contents().isEmpty)
    }

    /// MP3 holds one or two channels; libsndfile's refusal is passed on.
    @Test func codecRefusalIsReportedWithLibsndfilesReason() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.mp3")
        let error = try #require(throws: SoundFileError.self) {
            try SoundFileWriter(path: path, sampleRate: 44100, channelCount: 3)
        }
        guard case .unsupportedOutput(path, let reason) = error else {
            Issue.record("expected unsupportedOutput, got \(error)")
            return
        }
        #expect(reason.hasPrefix("MP3 refuses this stream ("))
        #expect(!error.description.contains("\n"))
        #expect(try directory.contents().isEmpty)
    }

    /// Opus codes 8, 12, 16, 24 and 48 kHz (RFC 6716, §2); MPEG audio
    /// 8 to 48 kHz in nine rates (ISO/IEC 11172-3, 13818-3 and MPEG 2.5).
    @Test("a rate the codec does not take is refused, naming the rates it takes", arguments: [
        ("out.opus", 44_100, "Ogg Opus takes 8000, 12000, 16000, 24000 or 48000 Hz, not 44100 Hz"),
        ("out.mp3", 96_000, "MP3 takes 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000 Hz, not 96000 Hz"),
    ])
    func codecRateIsChecked(name: String, sampleRate: Int, reason: String) throws {
        let directory = try Fixtures.Directory()
        let path = directory.file(name)
        #expect(throws: SoundFileError.unsupportedOutput(path: path, reason: reason)) {
            try SoundFileWriter(path: path, sampleRate: sampleRate, channelCount: 2)
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test func missingDirectoryIsAWriteError() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("nowhere/out.wav")
        #expect(throws: SoundFileError.cannotWrite(path: path, reason: "No such file or directory")) {
            try SoundFileWriter(path: path, sampleRate: 8000, channelCount: 1)
        }
    }

    @Test func directoryTargetIsAWriteError() throws {
        let directory = try Fixtures.Directory()
        let path = directory.file("out.wav")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: SoundFileError.cannotWrite(path: path, reason: "Is a directory")) {
            try SoundFileWriter(path: path, sampleRate: 8000, channelCount: 1, overwrite: true)
        }
    }
}
