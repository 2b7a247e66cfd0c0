import SwellAudio
import SwellPulse
import SwellScript

extension LayerSpec {
    /// The sound track of a video layer's file, opened with the video when
    /// the script was read; nil for other layers and for a silent video.
    var videoSoundTrack: (any AudioSource)? {
        type == .video ? (video?.source as? any SoundTrackProvider)?.soundSource : nil
    }

    /// Whether the layer sounds: an audio layer, a video layer whose file
    /// has a sound track (docs/video.md#video-layers), or a document with
    /// sounds — a Lottie animation's audio layers (docs/lottie.md#sound).
    public var makesSound: Bool {
        type == .audio || videoSoundTrack != nil || !(document?.sounds.isEmpty ?? true)
    }
}

extension LayerKind {
    /// The kinds of layer a session's script declares: the standard ones,
    /// SwellAudio's `audio`, SwellALSA's `mixer`, SwellOSC's `osc` and SwellPulse's
    /// `stream` and `sink`.
    public static let session: [LayerKind] = standard + [.audio, .mixer, .osc, .stream, .sink]
}
