import CSndFile

/// The encoder's settings — `--quality`, `--bitrate`, `--compression-level`
/// (docs/cli.md#render) — made before any frame is written, through
/// libsndfile's `SFC_SET_COMPRESSION_LEVEL` and `SFC_SET_BITRATE_MODE`. Each
/// refuses a container it does not apply to, and a value out of range.
extension SoundFileWriter {
    /// Sets a lossy codec's quality, 0 (smallest file) to 10 (best sound):
    /// libsndfile's compression level, which runs the other way (0 = least
    /// compression), at `1 − quality/10`.
    public func setQuality(_ quality: Double) throws(SoundFileError) {
        guard container.codecSubtype != nil else {
            throw .unsupportedOutput(path: path, reason: "\(container.name) is not lossy: --quality applies to Ogg Vorbis, Opus and MP3")
        }
        guard (0...10).contains(quality) else {
            throw .unsupportedOutput(path: path, reason: "quality \(quality) is outside 0…10")
        }
        setCompressionLevel(1 - quality / 10)
    }

    /// Sets a FLAC encoder's compression level, 0 (fastest) to 8 (smallest
    /// file), as `flac -0` … `-8`, SoX's `-C` and FFmpeg's
    /// `-compression_level` do; the samples are the same at every level.
    /// libsndfile's `flac.c` takes the level as `lrint(8 · c)` of a
    /// compression level `c` in 0…1, so `c = level / 8` is exact.
    public func setFLACCompressionLevel(_ level: Int) throws(SoundFileError) {
        guard container == .flac else {
            throw .unsupportedOutput(path: path, reason: "\(container.name) is not FLAC: --compression-level applies to FLAC")
        }
        guard (0...8).contains(level) else {
            throw .unsupportedOutput(path: path, reason: "compression level \(level) is outside 0…8")
        }
        setCompressionLevel(Double(level) / 8)
    }

    /// Sets the bit rate of an Opus or MP3 encoder, in kbit/s.
    ///
    /// libsndfile turns a compression level `c` into a bit rate (version
    /// 1.2): for Opus, a target of `⌊(1 − c) · 250,000 + 6,000⌋` bit/s per
    /// channel (`ogg_opus.c`), which Opus's variable rate follows on
    /// average; for MP3, a constant rate of `⌊max − c · (max − min)⌋`
    /// kbit/s in MPEG's range for the sample rate (`mpeg_l3_encode.c`: 32 to
    /// 320 from 32 kHz, 8 to 160 from 16 kHz, 8 to 64 below), which LAME
    /// then sets to the nearest of MPEG's rates. The level asked for is the
    /// one whose rate, before the floor, is half a unit above `kbps`. Ogg
    /// Vorbis has no bit rate in libsndfile, which encodes it at a quality.
    public func setBitrate(kbps: Double) throws(SoundFileError) {
        // The range in kbit/s, and how many of libsndfile's units make one:
        // Opus counts bit/s per channel, MP3 kbit/s.
        let (range, unitsPerKbps): (ClosedRange<Double>, Double)
        switch container {
        case .oggOpus: (range, unitsPerKbps) = (6 * Double(channelCount) ... 256 * Double(channelCount), 1_000 / Double(channelCount))
        case .mp3: (range, unitsPerKbps) = (sampleRate >= 32_000 ? 32...320 : sampleRate >= 16_000 ? 8...160 : 8...64, 1)
        case .oggVorbis:
            throw .unsupportedOutput(path: path, reason: "libsndfile encodes Ogg Vorbis at a quality, not a bit rate: use --quality")
        default:
            throw .unsupportedOutput(path: path, reason: "\(container.name) has no bit rate: --bitrate applies to Opus and MP3")
        }
        guard range.contains(kbps) else {
            let condition = container == .mp3 ? "at \(sampleRate) Hz" : "for \(channelCount) channel\(channelCount == 1 ? "" : "s")"
            throw .unsupportedOutput(path: path, reason: "a bit rate of \(Self.number(kbps)) kbit/s is outside "
                                     + "\(Self.number(range.lowerBound))…\(Self.number(range.upperBound)) kbit/s \(condition)")
        }
        if container == .mp3 {
            var mode = Int32(SF_BITRATE_MODE_CONSTANT)
            sf_command(handle, Int32(SFC_SET_BITRATE_MODE), &mode, Int32(MemoryLayout<Int32>.size))
        }
        let (low, high, rate) = (range.lowerBound * unitsPerKbps, range.upperBound * unitsPerKbps, kbps * unitsPerKbps)
        setCompressionLevel(min(max((high - rate - 0.5) / (high - low), 0), 1))
    }

    /// `128` for 128.0, `96.5` for 96.5.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// libsndfile's compression level, 0 (least) to 1 (most).
    private func setCompressionLevel(_ level: Double) {
        var level = level
        sf_command(handle, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
    }
}
