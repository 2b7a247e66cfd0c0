import Foundation

/// A layer declared in a script's `"layers"`: what the integrator creates
/// before the first event runs.
///
/// Every layer has an animatable `volume` (linear amplitude, default 1): on
/// an audio layer it is the playback gain, on a mixer layer the control's
/// level and on a generic layer the group gain that multiplies every audio
/// layer below it, like group opacity
/// (docs/audio.md#the-layer-tree-is-the-mix). Beyond that:
///
/// - `layer` (generic): a `CALayer`, whose own properties (`position`,
///   `backgroundColor`, `cornerRadius`, `contents`…) take their forms as on
///   a visual layer; every other numeric key declares a dynamic animatable
///   property with that initial value, like `time` on the ClockFace of
///   objc.io's "Animating Custom Layer Properties". Property names are
///   identifiers, because key paths join names with `.`.
/// - `audio`: `file` (resolved against the script's directory; absent when
///   the command line supplies the input), `device` (an ALSA PCM; absent for
///   the command line's `--device`), `pan` (−1…1, default 0) and `taper`
///   (`"linear"`, `"cubic"` or `"decibels(FLOOR)"` with FLOOR in dB below 0).
/// - `mixer`: `device` (an ALSA control device such as `default` or `hw:0`)
///   and `control` (a simple mixer element such as `Master`); absent values
///   take the `swell mixer` defaults.
/// - `video`: a ``VideoLayer`` showing the video `file` (resolved against
///   the script's directory), with its `videoGravity`, `volume` and every
///   CALayer property, as a visual layer takes them.
///
/// Any layer may also set its timing keys `speed`, `timeOffset` and
/// `beginTime`, which retime everything below it and never animate.
public struct LayerSpec: Hashable, Sendable {
    public enum LayerType: String, CaseIterable, Hashable, Sendable {
        case layer, audio, mixer
        /// Visual layers: `CAShapeLayer`, `CATextLayer`, `CAGradientLayer`,
        /// `CAReplicatorLayer`, `CATransformLayer`, `CAScrollLayer`,
        /// `CATiledLayer`, `CAEmitterLayer` (``visualClass``).
        case shape, text, gradient, replicator, transformLayer, scroll, tiled, emitter
        /// A ``VideoLayer``: AVPlayerLayer's role.
        case video
    }

    public var name: String
    public var type: LayerType
    /// The name of the layer this one is a sublayer of; nil for a root.
    public var parent: String?
    /// The audio file of an `audio` layer or the video of a `video` layer,
    /// as an absolute file URL.
    public var file: URL?
    /// A `video` layer's video, opened when the script was read.
    public var video: VideoContents?
    public var device: String?
    public var control: String?
    public var taper: TaperSpec?
    /// The initial model values the script gives, by key: `volume`, `pan`,
    /// the timing keys and a generic layer's dynamic properties. Keys the
    /// script leaves out keep their defaults.
    public var properties: [String: Double]
    /// A visual or generic layer's initial values of its class's
    /// properties by key path (Core Animation's names: `fillColor`,
    /// `transform.rotation.z`), each in its property's type.
    public var drawing: [String: SceneValue] = [:]
    /// Where the layer's object starts in the script.
    public var location: SourceLocation

    public init(
        name: String, type: LayerType, parent: String? = nil, file: URL? = nil, device: String? = nil,
        control: String? = nil, taper: TaperSpec? = nil, properties: [String: Double] = [:],
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.parent = parent
        self.file = file
        self.device = device
        self.control = control
        self.taper = taper
        self.properties = properties
        self.location = location
    }

    /// `CAMediaTiming` keys of a layer: they retime the layer's subtree and
    /// are set, never animated (docs/scripts.md#layers).
    public static let timingKeys: Set<String> = ["speed", "timeOffset", "beginTime"]

    /// The dynamic properties the integrator declares on a generic layer:
    /// `volume` and every other numeric key of its declaration. Empty for
    /// audio and mixer layers, whose properties are built in.
    public var dynamicKeys: Set<String> {
        guard type == .layer else { return [] }
        return Set(properties.keys).subtracting(Self.timingKeys).union(["volume"])
    }

    /// The keys an animation's `keyPath` may name on this layer: on a
    /// visual layer, its class's properties, whose key paths
    /// (`transform.rotation.z`, `bounds.size`) it may also name.
    public var animatableKeys: Set<String> {
        switch type {
        case .layer: dynamicKeys
        case .audio: ["volume", "pan"]
        case .mixer: ["volume"]
        default: type.prototype?.propertyKeys ?? []
        }
    }

    /// The keys an event's `set` may name: the animatable keys and the
    /// timing keys. A visual or generic layer takes, beyond these, key
    /// paths into its class's properties, image `contents` and a text
    /// layer's `string` and `font`.
    public var settableKeys: Set<String> { animatableKeys.union(Self.timingKeys) }

    /// The layer a script without `"layers"` gets: generic, named `main`,
    /// volume 1 (docs/scripts.md#layers). Its location is the start of the
    /// script.
    public static let main = LayerSpec(
        name: "main", type: .layer, properties: ["volume": 1], location: SourceLocation(line: 1, column: 1))
}

/// A video opened for a `video` layer: the frames its layer shows. Equal
/// only to itself, as one opened file is.
public struct VideoContents: Hashable, Sendable {
    public let source: any VideoFrameSource

    public init(_ source: any VideoFrameSource) {
        self.source = source
    }

    public static func == (a: VideoContents, b: VideoContents) -> Bool {
        a.source === b.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
    }
}

/// How an audio layer maps `volume` to amplitude
/// (docs/audio.md#volume-and-taper).
public enum TaperSpec: Hashable, Sendable {
    /// amplitude = volume.
    case linear
    /// amplitude = volume³, the PulseAudio / PipeWire software-volume curve.
    case cubic
    /// The engine's decibel taper with its floor in dB, finite and < 0;
    /// written `"decibels(-60)"`.
    case decibels(floor: Double)
}
