/// The keys of the audio properties, for code that names them by key — an
/// animation's `keyPath`, key-value coding — as Apple's layer subclasses
/// name theirs with constants and pop with `kPOPLayerOpacity`. Each is the
/// key of the property's declaration: ``PropertyDeclaration/volume``, the
/// group gain every ``SoundGroup`` has, ``PropertyDeclaration/pan`` and ``PropertyDeclaration/rate``.
public enum AudioKey {
    /// `volume`: a linear amplitude, 1 being the source's own level. On an
    /// ``AudioLayer`` (through its taper), a ``BusLayer`` (multiplying
    /// every audio layer below it, like group opacity) and SwellALSA's
    /// `MixerLayer` (the card's control).
    public static let volume = PropertyDeclaration.volume.key
    /// `pan`: an ``AudioLayer``'s stereo position, −1 (left) … 1 (right).
    public static let pan = PropertyDeclaration.pan.key
    /// `rate`: an ``AudioLayer``'s playback rate, 1 the file's own.
    public static let rate = PropertyDeclaration.rate.key
}
