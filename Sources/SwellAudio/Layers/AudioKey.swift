/// The keys of the audio properties, named once.
///
/// Core Animation addresses a property by its key path — in an animation's
/// `keyPath`, in `action(forKey:)`, in `needsDisplay(forKey:)`, in
/// key-value coding — so a key spelt in several places can be misspelt in
/// one. pop names its properties the same way (`kPOPLayerOpacity`), and
/// Apple's layer subclasses declare their keys as constants.
public enum AudioKey {
    /// `volume`: a linear amplitude, 1 being the source's own level. On an
    /// ``AudioLayer`` (through its taper), a ``BusLayer`` (multiplying
    /// every audio layer below it, like group opacity) and SwellALSA's
    /// `MixerLayer` (the card's control).
    public static let volume = "volume"
    /// `pan`: an ``AudioLayer``'s stereo position, −1 (left) … 1 (right).
    public static let pan = "pan"
}
