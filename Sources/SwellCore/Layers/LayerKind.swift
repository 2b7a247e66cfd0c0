/// A kind of layer that a script declares by name (`"type": "shape"`) or
/// by class (`"class": "CAShapeLayer"`): the class it makes and the keys
/// that say how to make it rather than set a property of it — an audio
/// layer's `file`, a mixer layer's `device` and `control`.
///
/// Kinds come from a registry, a list the script reader is given: each
/// module declares its own (SwellAudio's `audio`, SwellALSA's `mixer`), so
/// the reader needs none of them to know their properties, which it reads
/// from the class's property table (``CALayer/propertyTable``).
public struct LayerKind: Sendable, Hashable, CustomStringConvertible {
    /// The name a script's `"type"` gives.
    public let name: String
    /// The class made.
    public let layerClass: CALayer.Type
    /// The class's name a script's `"class"` gives: Apple's, `CAShapeLayer`.
    public let className: String
    /// What the kind is called in messages: `generic layer`, `audio layer`.
    public let noun: String
    /// The keys that configure making the layer.
    public let parameters: [LayerParameter]
    /// Whether a declaration's other numeric keys declare dynamic
    /// properties of the layer: a generic layer's `time`, an OSC layer's
    /// arguments.
    public let declaresProperties: Bool
    private let make: @Sendable () -> CALayer

    /// The kind `name` of layers made by `make` (`CAShapeLayer.init`).
    public init<Layer: CALayer>(_ name: String, _ make: @escaping @Sendable () -> Layer, className: String? = nil,
                                noun: String? = nil, parameters: [LayerParameter] = [], declaresProperties: Bool = false) {
        self.name = name
        self.layerClass = Layer.self
        self.className = className ?? String(describing: Layer.self)
        self.noun = noun ?? "\(name) layer"
        self.parameters = parameters
        self.declaresProperties = declaresProperties
        self.make = make
    }

    /// A new layer of the kind, with its class's defaults.
    public func makeLayer() -> CALayer {
        make()
    }

    /// `a shape layer`, `an audio layer`.
    public var description: String {
        ("aeiouAEIO".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }

    /// The parameter named `key`, if the kind has one.
    public func parameter(_ key: String) -> LayerParameter? {
        parameters.first { $0.key == key }
    }

    public static func == (a: LayerKind, b: LayerKind) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A key that says how to make a layer of a ``LayerKind``.
public struct LayerParameter: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// A file's path, relative to the script.
        case file
        /// A video file's path, relative to the script, opened when the
        /// script is read.
        case video
        /// A name, such as an ALSA device's.
        case name
        /// A file's path, relative to the script, opened by the
        /// parameter's `open` when the script is read into a
        /// ``LayerDocument``: a Lottie animation.
        case document
    }

    public let key: String
    public let value: Value
    /// Whether a declaration must give it.
    public let isRequired: Bool
    /// What is wrong with a name given for it, if anything: a script
    /// refuses the name at its place with this reason.
    public let problem: (@Sendable (String) -> String?)?
    /// For a ``Value/document``: opens the file at an absolute path, or
    /// throws an error whose description says in one line what is wrong
    /// with it and where.
    public let open: (@Sendable (String) throws -> LayerDocument)?

    public init(_ key: String, _ value: Value, isRequired: Bool = false,
                problem: (@Sendable (String) -> String?)? = nil,
                open: (@Sendable (String) throws -> LayerDocument)? = nil) {
        self.key = key
        self.value = value
        self.isRequired = isRequired
        self.problem = problem
        self.open = open
    }

    public static func == (a: LayerParameter, b: LayerParameter) -> Bool {
        (a.key, a.value, a.isRequired) == (b.key, b.value, b.isRequired)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }

    /// The file a layer plays.
    public static let file = LayerParameter("file", .file)
    /// The video a layer shows.
    public static let video = LayerParameter("file", .video, isRequired: true)
    /// A device, by name.
    public static let device = LayerParameter("device", .name)
    /// A mixer control, by name.
    public static let control = LayerParameter("control", .name)
}

extension LayerKind {
    /// The visual layers of the seeds, by their script names
    /// (docs/scripts.md#visual-layers).
    public static let shape = LayerKind("shape", { CAShapeLayer() })
    public static let text = LayerKind("text", { CATextLayer() })
    public static let gradient = LayerKind("gradient", { CAGradientLayer() })
    public static let replicator = LayerKind("replicator", { CAReplicatorLayer() })
    public static let transformLayer = LayerKind("transformLayer", { CATransformLayer() }, noun: "transform layer")
    public static let scroll = LayerKind("scroll", { CAScrollLayer() })
    public static let tiled = LayerKind("tiled", { CATiledLayer() })
    public static let emitter = LayerKind("emitter", { CAEmitterLayer() })
    /// A ``VideoLayer`` showing a video file, AVPlayerLayer's role.
    public static let video = LayerKind("video", { VideoLayer() }, parameters: [.video])

    /// Every visual kind SwellCore declares.
    public static let visual: [LayerKind] = [
        .shape, .text, .gradient, .replicator, .transformLayer, .scroll, .tiled, .emitter, .video,
    ]
}
