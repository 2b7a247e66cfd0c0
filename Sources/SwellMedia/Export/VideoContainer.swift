import CFFmpeg

/// The video files a scene exports to, chosen by the output's extension,
/// and the codecs each carries (docs/video.md#export): H.264 and AAC in
/// MP4, VP9 and Opus in WebM, FFV1 and FLAC in Matroska, GIF without sound.
public enum VideoContainer: String, CaseIterable, Sendable {
    case mp4, webm, mkv, gif

    /// The container a path's extension names, in any case; nil for any
    /// other extension.
    public init?(forPath path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The extensions, as an error lists them: "mp4, webm, mkv, gif".
    public static var extensionList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The container's name, as its makers write it.
    public var name: String {
        switch self {
        case .mp4: "MP4"
        case .webm: "WebM"
        case .mkv: "MKV"
        case .gif: "GIF"
        }
    }

    /// libavformat's name of the muxer.
    var muxerName: String {
        switch self {
        case .mp4: "mp4"
        case .webm: "webm"
        case .mkv: "matroska"
        case .gif: "gif"
        }
    }

    /// libavcodec's name of the picture encoder.
    public var videoEncoderName: String {
        switch self {
        case .mp4: "libx264"
        case .webm: "libvpx-vp9"
        case .mkv: "ffv1"
        case .gif: "gif"
        }
    }

    /// libavcodec's name of the sound encoder; nil for GIF, which carries
    /// no sound.
    public var audioEncoderName: String? {
        switch self {
        case .mp4: "aac"
        case .webm: "libopus"
        case .mkv: "flac"
        case .gif: nil
        }
    }

    /// The sample rates the sound encoder takes, ascending; nil for any.
    /// Opus codes 8, 12, 16, 24 and 48 kHz (RFC 6716, §2), and WebM's
    /// players decode it at 48 kHz, so a WebM's mix runs at 48 kHz; AAC's
    /// rates are the 13 of ISO/IEC 14496-3's sampling frequency index.
    public var audioSampleRates: [Int]? {
        switch self {
        case .mp4: [7_350, 8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 64_000, 88_200, 96_000]
        case .webm: [48_000]
        case .mkv, .gif: nil
        }
    }

    /// The pixel format pictures are encoded in: 4:2:0 luma and chroma for
    /// H.264 and VP9, which every player decodes; FFV1 keeps the rendered
    /// BGRA words' colour exactly (`bgr0`, the alpha byte ignored), so an
    /// MKV decodes to the very pixels drawn; GIF's palette of 256 colours.
    var pixelFormat: AVPixelFormat {
        switch self {
        case .mp4, .webm: AV_PIX_FMT_YUV420P
        case .mkv: AV_PIX_FMT_BGR0
        case .gif: AV_PIX_FMT_PAL8
        }
    }

    /// The frames per second when `--fps` is not given: 60, but 50 for a
    /// GIF, whose delays are whole hundredths of a second and whose readers
    /// — browsers, and FFmpeg's own — show a delay under 2 as 10.
    public var defaultFrameRate: Double { self == .gif ? 50 : 60 }

    /// The most frames per second the container shows: a GIF's shortest
    /// delay readers honour is 2 hundredths.
    public var maximumFrameRate: Double? { self == .gif ? 50 : nil }

    /// Whether the container stores no timestamp before 0, so an encoder's
    /// priming samples start at 0 and its delay (Matroska's CodecDelay,
    /// which a player subtracts from every timestamp) puts the first real
    /// sample at 0. MP4 keeps negative times and cuts the priming with an
    /// edit list.
    var startsAudioAtPriming: Bool { self == .webm || self == .mkv }

    /// Whether both sides of a picture must be even: libx264 codes 4:2:0
    /// chroma, one sample per 2×2 block, for whole blocks only and refuses
    /// an odd size (libvpx pads one itself).
    public var needsEvenSize: Bool { self == .mp4 }
}
