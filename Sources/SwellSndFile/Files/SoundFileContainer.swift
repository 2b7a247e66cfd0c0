import CSndFile

/// The kind of file ``SoundFileWriter`` makes, chosen by the output's file
/// extension as SoX and FFmpeg choose theirs, or by name (`--type`).
public enum SoundFileContainer: String, CaseIterable, Sendable {
    /// Microsoft WAV (`.wav`, `.wave`). Written as RF64 with libsndfile's
    /// auto-downgrade (`SFC_RF64_AUTO_DOWNGRADE`): `rf64.c` writes a plain
    /// RIFF/WAVE header, with a `JUNK` chunk reserving room for `ds64`, when
    /// the finished file is under 4 GiB, and an RF64 header otherwise — so a
    /// three-hour 48 kHz stereo float render (4.1 GB) is still a valid file.
    case wav
    /// RF64 always (`.rf64`), as EBU Tech 3306 describes.
    case rf64
    /// Sony Wave64 (`.w64`).
    case w64
    /// Apple/SGI AIFF (`.aif`, `.aiff`, `.aifc`); float is written as AIFF-C.
    case aiff
    /// Apple Core Audio Format (`.caf`).
    case caf
    /// Sun/NeXT audio (`.au`, `.snd`).
    case au
    /// FLAC (`.flac`): 16- or 24-bit integers only.
    case flac
    /// Ogg Vorbis (`.ogg`, `.oga`), lossy.
    case oggVorbis
    /// Ogg Opus (`.opus`), lossy; libsndfile's encoder accepts 8, 12, 16, 24
    /// and 48 kHz.
    case oggOpus
    /// MPEG-1/2 Layer III (`.mp3`), lossy, through libsndfile's LAME binding.
    case mp3
    /// Raw samples (`.raw`): interleaved little-endian words and no header,
    /// what FFmpeg calls `s16le`, `s24le`, `s32le` and `f32le`.
    case raw

    /// The container for an output path's extension (case-insensitive), or nil
    /// when the extension names none of them.
    public init?(forPath path: String) {
        guard let dot = path.lastIndex(of: "."),
            !path[dot...].contains("/")
        else { return nil }
        self.init(named: String(path[path.index(after: dot)...]))
    }

    /// The container one of whose ``pathExtensions`` is `name`
    /// (case-insensitive): `wav`, `aif`, `ogg`…; nil for none.
    public init?(named name: String) {
        guard let container = Self.allCases.first(where: { $0.pathExtensions.contains(name.lowercased()) }) else {
            return nil
        }
        self = container
    }

    /// The file extensions that select this container, preferred first.
    public var pathExtensions: [String] {
        switch self {
        case .wav: ["wav", "wave"]
        case .rf64: ["rf64"]
        case .w64: ["w64"]
        case .aiff: ["aiff", "aif", "aifc"]
        case .caf: ["caf"]
        case .au: ["au", "snd"]
        case .flac: ["flac"]
        case .oggVorbis: ["ogg", "oga"]
        case .oggOpus: ["opus"]
        case .mp3: ["mp3"]
        case .raw: ["raw"]
        }
    }

    /// The encodings this container stores; empty for the lossy codecs, which
    /// encode the float signal themselves and have no sample word size.
    public var supportedEncodings: [SampleEncoding] {
        switch self {
        case .wav, .rf64, .w64, .aiff, .caf, .au, .raw: SampleEncoding.allCases
        case .flac: [.pcm16, .pcm24]
        case .oggVorbis, .oggOpus, .mp3: []
        }
    }

    /// The encoding used when none is asked for: `float` where the container
    /// stores it (nothing a float render produces is lost), `pcm24` for FLAC
    /// (its deepest word in libsndfile), nil for the lossy codecs.
    public var defaultEncoding: SampleEncoding? {
        supportedEncodings.contains(.float) ? .float : supportedEncodings.last
    }

    /// The sample rates the codec takes, ascending; nil for any. Opus
    /// codes 8, 12, 16, 24 and 48 kHz (RFC 6716, "Definition of the Opus
    /// Audio Codec", §2), the only rates libopus's encoder — and so
    /// libsndfile's — accepts; MP3 the rates of MPEG-1 (32, 44.1, 48 kHz),
    /// MPEG-2 (half those) and MPEG-2.5 (a quarter), as libsndfile's LAME
    /// binding says when it refuses another.
    public var sampleRates: [Int]? {
        switch self {
        case .oggOpus: [8_000, 12_000, 16_000, 24_000, 48_000]
        case .mp3: [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
        default: nil
        }
    }

    /// Whether a file with no frames is still a valid file. libsndfile
    /// writes the headers of FLAC, Ogg Opus and MP3 with the first frames,
    /// so an empty one is a file of zero bytes (or a malformed stream) that
    /// no reader opens.
    public var holdsNoFrames: Bool {
        switch self {
        case .flac, .oggOpus, .mp3: false
        default: true
        }
    }

    /// Whether the container can be written to a stream — standard output,
    /// a FIFO — whose bytes cannot be gone back to: its header says nothing
    /// of the length, or can say "unknown" (docs/cli.md#pipes). RF64,
    /// Wave64, AIFF and CAF headers are finished by seeking back.
    public var canStream: Bool {
        switch self {
        case .wav, .au, .raw, .flac, .oggVorbis, .oggOpus, .mp3: true
        case .rf64, .w64, .aiff, .caf: false
        }
    }

    /// Each container's first extension, as an error lists them: "wav, aiff, …".
    public static var extensionList: String { allCases.map(\.pathExtensions[0]).joined(separator: ", ") }

    /// A short human name for error messages ("FLAC", "Ogg Vorbis").
    public var name: String {
        switch self {
        case .wav: "WAV"
        case .rf64: "RF64"
        case .w64: "Wave64"
        case .aiff: "AIFF"
        case .caf: "CAF"
        case .au: "AU"
        case .flac: "FLAC"
        case .oggVorbis: "Ogg Vorbis"
        case .oggOpus: "Ogg Opus"
        case .mp3: "MP3"
        case .raw: "raw"
        }
    }

    /// libsndfile's major format (with the byte order, for raw samples).
    var majorFormat: Int32 {
        switch self {
        case .wav, .rf64: Int32(SF_FORMAT_RF64)
        case .w64: Int32(SF_FORMAT_W64)
        case .aiff: Int32(SF_FORMAT_AIFF)
        case .caf: Int32(SF_FORMAT_CAF)
        case .au: Int32(SF_FORMAT_AU)
        case .flac: Int32(SF_FORMAT_FLAC)
        case .oggVorbis, .oggOpus: Int32(SF_FORMAT_OGG)
        case .mp3: Int32(SF_FORMAT_MPEG)
        case .raw: Int32(SF_FORMAT_RAW | SF_ENDIAN_LITTLE)
        }
    }

    /// libsndfile's subtype for a lossy codec; nil for the PCM containers.
    var codecSubtype: Int32? {
        switch self {
        case .oggVorbis: Int32(SF_FORMAT_VORBIS)
        case .oggOpus: Int32(SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG_LAYER_III)
        default: nil
        }
    }
}
