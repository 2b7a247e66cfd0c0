import Foundation

/// A layer that plays a sound file, with an animatable volume, pan and
/// playback rate.
///
/// This is the non-visual layer of objc.io's "Animating Custom Layer
/// Properties" (an `AudioLayer` whose `@dynamic volume` Core Animation
/// interpolates and whose `-display` sets the player's volume from the
/// presentation layer), carried through to the samples:
///
/// - `volume` (linear amplitude through ``taper``, default 1) and `pan`
///   (−1…1, equal-power, default 0) are `@Dynamic` properties. Changing one
///   runs the article's action — a linear `CABasicAnimation` from the
///   presented value over the transaction's duration (0.25 s unless set).
/// - In an ``AudioEngine``'s tree the layer is mixed with the other audio
///   layers; its gain is its own tapered volume times its ancestors'
///   `volume`s (like group opacity), and the layers' timing (`speed`,
///   `timeOffset`, `beginTime`) retimes every animation below them.
/// - The file plays at the layer's local time, as an animation does: frame
///   `round(t·fs)` of the file at local time t, silence before 0 and after
///   the end. A `beginTime` starts the file later, a `timeOffset` part-way
///   in, and `speed` 0 — `CALayer.pause()` — holds it
///   (docs/audio.md#time-drives-the-media).
/// - The engine applies the gain on one of two paths: the *sample path*
///   evaluates the committed animations at every frame on the render thread;
///   the *display path* is the article's — `needsDisplay(forKey:)` is true
///   for `volume` and `pan`, so the engine's display link calls
///   ``display()`` every audio period while they animate, and `display()`
///   hands the presented gain to the engine, which ramps to it across the
///   period.
open class AudioLayer: CALayer, SoundGroup {
    /// The loudness, as linear amplitude before the ``taper``; 1 is the
    /// file's own level. It scales the layer's own sound and any below it
    /// (``SoundGroup``), and asks for `display()` while it moves.
    @Dynamic(PropertyDeclaration.volume.displayed()) public var volume: Double = 1
    /// The stereo position, −1 (left) … 1 (right).
    @Dynamic(.pan) public var pan: Double = 0
    /// The playback rate, AVAudioPlayer's and AVPlayer's `rate`: 1 plays
    /// the file as it is, 2 twice as fast and an octave up — varispeed, as
    /// tape plays. The file position is ∫ rate over the layer's local time,
    /// which its `speed` and its ancestors' already scale
    /// (docs/rate.md).
    @Dynamic(.rate) public var rate: Double = 1

    /// How `volume` maps to amplitude. Not animatable.
    @Dynamic(.taper) public var taper: VolumeTaper = .linear

    /// The sound the layer plays, if any.
    package private(set) var soundSource: (any AudioSource)?

    /// The format of the sound the layer plays, if any.
    public var source: AudioSourceDescription? { soundSource?.format }

    /// How long the layer takes to play its file, in its local time, at
    /// the rate it holds: the file's duration over `rate`. Nil when the
    /// file does not say how long it is, or the rate holds it still.
    public var playingDuration: Double? {
        guard let duration = source?.duration, rate > 0 else { return nil }
        return duration / rate
    }

    public override init() {
        super.init()
    }

    /// Whether the layer's sound plays: its own time runs (`speed` is not 0).
    /// A layer plays from the moment it is in a hosted tree, at its local
    /// time; to start it later, give it a `beginTime`, or add it stopped.
    public var isPlaying: Bool { !isPaused }

    /// Plays the sound from where ``stop()`` left it: QA1673's resume of the
    /// layer's time (`CALayer.resume()`), animations included.
    public func play() {
        resume()
    }

    /// Pauses the sound where it is: QA1673's pause of the layer's time
    /// (`CALayer.pause()`), which holds its animations too.
    public func stop() {
        pause()
    }

    /// A layer playing `source`, named after its file.
    package convenience init(soundSource: any AudioSource) {
        self.init()
        self.soundSource = soundSource
        name = URL(fileURLWithPath: soundSource.format.path).deletingPathExtension().lastPathComponent
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? AudioLayer else { return }
        soundSource = other.soundSource
    }

    /// `-display` in objc.io's `AudioLayer`: hands the presented gain to the
    /// engine, which ramps the output to it across the audio period (the
    /// display path).
    open override func display() {
        (renderHost as? AudioEngine)?.displayGain(of: self)
    }

    open override var renderState: (any Sendable)? {
        AudioLayerState(source: soundSource)
    }
}

/// What an ``AudioLayer`` publishes with each commit beside its properties.
struct AudioLayerState: Sendable {
    let source: (any AudioSource)?
}

extension LayerKind {
    /// `"type": "audio"`: an ``AudioLayer`` playing its `file` — or, without
    /// one, a command's input — on a `device` (docs/scripts.md#layers).
    public static let audio = LayerKind("audio", { AudioLayer() }, parameters: [.file, .device])
}

extension PropertyDeclaration {
    /// `pan`: an audio layer's stereo position, −1 (left) … 1 (right),
    /// equal-power; animated implicitly, as `volume` is, and asking for
    /// `display()` while it moves.
    public static let pan = PropertyDeclaration("pan", .implicit, display: true, range: .within(-1...1))
    /// `rate`: an audio layer's playback rate, 1 its file's own; up to 16,
    /// and above 0 unless on its way somewhere (a tape stop animates it to
    /// 0). Animated implicitly, as `volume` is.
    public static let rate = PropertyDeclaration("rate", .implicit, range: PropertyRange(
        lowerBound: 0, upperBound: 16, excludesLowerBound: .whenHeld, reason: "it is a playback rate"))
    /// `taper`: how an audio layer's volume maps to amplitude
    /// (``VolumeTaper``); a setting, never animated.
    public static let taper = PropertyDeclaration("taper", .none)
}
