/// A layer whose `volume` scales the sound of its subtree, as `opacity`
/// scales its pixels: the gain of every audio layer below it — and its own,
/// for an audio layer — is multiplied by its presented volume
/// (docs/audio.md#the-layer-tree-is-the-mix).
///
/// This is the one meaning of a layer tree's `volume`. The audio engine
/// finds the layers that scale the mix by this conformance, and reads
/// their ``PropertyDeclaration/volume``: SwellAudio's `AudioLayer` and
/// `BusLayer`, a ``VideoLayer`` (AVPlayer's `volume`, over its sound
/// track) and a script's generic layer are sound groups. A layer with
/// another `volume` — SwellALSA's `MixerLayer`, whose volume is a sound
/// card's level — is not.
public protocol SoundGroup: CALayer {
    /// The gain of the subtree, as linear amplitude: 1 leaves it as it is.
    var volume: Double { get set }
}

extension PropertyDeclaration {
    /// `volume`: a linear amplitude, 1 being the sound's own level, never
    /// negative, written as a LEVEL (`0.5`, `"50%"`, `"-6dB"`). Changing it
    /// runs the implicit action of objc.io's `AudioLayer`: a basic
    /// animation from the presented value.
    public static let volume = PropertyDeclaration(
        "volume", .implicit, range: .nonNegative("it is a linear amplitude"), syntax: .level)
}

extension SoundGroup {
    /// The key of ``SoundGroup/volume``.
    public static var volumeKey: String { PropertyDeclaration.volume.key }
}
