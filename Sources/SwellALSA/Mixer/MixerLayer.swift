/// A layer whose animated `volume` drives a sound card's mixer control.
///
/// Like objc.io's `AudioLayer`, a non-visual layer: Core Animation animates
/// `volume`; `needsDisplay(forKey:)` asks for `display()` every frame while
/// it moves; `display()` writes the presented volume to the control — in
/// decibels when the control has dB data, so the ramp is what the animation
/// says it is, otherwise in raw steps (``MixerControl/setLevel(amplitude:)``),
/// and only when the written value changes. Host it in a tree driven by a
/// display link on the host clock: the mixer is a live device.
///
/// Its `volume` is the card's level, not a gain of the layer tree: a mixer
/// layer is no ``SoundGroup``, and nothing below it is scaled by it. It is
/// declared as every volume is — a LEVEL, never negative, animated
/// implicitly from the presented value — and asks for `display()`.
open class MixerLayer: CALayer, OutputLayer {
    /// The level, as linear amplitude: 1 is the control's maximum.
    @Dynamic(PropertyDeclaration.volume.displayed()) public var volume: Double = 1

    /// The control written by ``display()``; nil for a layer that only
    /// computes its curve.
    public private(set) var control: MixerControl?

    /// The last error writing the control, if any.
    public private(set) var writeError: ALSAError?
    public var outputFailure: (any Error)? { writeError }

    public override init() {
        super.init()
    }

    /// A layer on `control`, starting at the control's current level.
    public convenience init(control: MixerControl) throws(ALSAError) {
        self.init()
        self.control = control
        volume = try control.level()
        name = control.id.name
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Writes the presented volume to the control.
    open override func display() {
        guard let control, let level = presentation()?.volume else { return }
        do {
            _ = try control.setLevel(amplitude: level)
        } catch {
            writeError = error
        }
    }
}

extension LayerKind {
    /// `"type": "mixer"`: a ``MixerLayer`` on a sound card's `control` of a
    /// control `device` (docs/scripts.md#layers).
    public static let mixer = LayerKind("mixer", { MixerLayer() }, parameters: [.device, .control])
}
