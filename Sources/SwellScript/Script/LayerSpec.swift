import Foundation

/// A layer declared in a script's `"layers"`: what the integrator creates
/// before the first event runs.
///
/// Its kind (``LayerKind``) comes from the registry the script was read
/// with: the generic `layer` (a ``ScriptLayer``), the visual layers, and
/// whatever other modules declare — SwellAudio's `audio`, SwellALSA's
/// `mixer`. Every other key of the declaration is a property of the kind's
/// class by Core Animation's name, or a key path into one, read from its
/// property table (``CALayer/property(forKeyPath:)``) into the property's
/// type: `volume`, `pan`, `position`, `fillColor`, the timing keys
/// `speed`, `timeOffset` and `beginTime`… On a generic layer, any other
/// numeric key declares a dynamic animatable property with that initial
/// value, like `time` on the ClockFace of objc.io's "Animating Custom
/// Layer Properties"; its names are identifiers, because key paths join
/// names with `.`.
public struct LayerSpec: Hashable, Sendable {
    public var name: String
    public var type: LayerKind
    /// The name of the layer this one is a sublayer of; nil for a root.
    public var parent: String?
    /// How to make the layer: the values of its kind's parameters, by key
    /// (an audio layer's `file`, a mixer's `device` and `control`).
    public var parameters: [String: ParameterValue] = [:]
    /// The initial model values the script gives, by key path, each in its
    /// property's type. Keys the script leaves out keep their defaults.
    public var properties: [String: SceneValue] = [:]
    /// On a generic layer, the dynamic properties its declaration adds.
    public var declaredKeys: Set<String> = []
    /// `"filters"`: the filters of the layer's sound, whose parameters are
    /// its properties at `filters.NAME.KEY`.
    public var filters: [LayerFilter] = []
    /// `"duck"`: the layer's volume falls while another layer speaks.
    public var duck: DuckSpec?
    /// Where the layer's object starts in the script.
    public var location: SourceLocation

    public init(name: String, type: LayerKind, parent: String? = nil, properties: [String: SceneValue] = [:],
                location: SourceLocation) {
        self.name = name
        self.type = type
        self.parent = parent
        self.properties = properties
        self.location = location
    }

    /// The value of a parameter given as a file or a name.
    public enum ParameterValue: Hashable, Sendable {
        /// A file, as an absolute file URL.
        case file(URL)
        /// A video opened when the script was read, and its file.
        case video(URL, VideoContents)
        case name(String)
        /// A document opened when the script was read (a Lottie animation).
        case document(LayerDocument)
    }

    /// The file of an `audio` layer or the video of a `video` layer, as an
    /// absolute file URL; nil when the declaration gives none.
    public var file: URL? {
        switch parameters[LayerParameter.file.key] {
        case .file(let url), .video(let url, _): url
        case .document(let document): document.file
        default: nil
        }
    }

    /// A `video` layer's video, opened when the script was read.
    public var video: VideoContents? {
        if case .video(_, let contents) = parameters[LayerParameter.video.key] { return contents }
        return nil
    }

    /// The document a layer shows, opened when the script was read.
    public var document: LayerDocument? {
        parameters.values.lazy.compactMap { if case .document(let document) = $0 { document } else { nil } }.first
    }

    /// The name a parameter gives, such as a mixer's `device`.
    public func name(of parameter: LayerParameter) -> String? {
        if case .name(let name) = parameters[parameter.key] { return name }
        return nil
    }

    /// What `keyPath` names on this layer: a property of its class (or a
    /// key path into one), a parameter of one of its filters, or a dynamic
    /// property its declaration added.
    public func property(forKeyPath keyPath: String) -> LayerProperty? {
        if let property = type.layerClass.property(forKeyPath: keyPath) { return property }
        if let property = filters.property(forKeyPath: keyPath) { return property }
        guard declaredKeys.contains(keyPath) else { return nil }
        // A number, animated as the class animates the keys it does not
        // declare (a generic layer's and an OSC layer's: implicitly).
        return LayerProperty(PropertyDeclaration(keyPath, type.layerClass.undeclaredPropertyAnimation), defaultValue: 0.0)
    }

    /// Gives `layer` the script's filters and model values, in key order.
    public func setProperties(on layer: CALayer) {
        if !filters.isEmpty { layer.filters = filters }
        for (keyPath, value) in properties.sorted(by: { $0.key < $1.key }) {
            layer.setValue(value.value, forKeyPath: keyPath)
        }
    }

    /// The keys the layer has, for suggestions: its class's and its
    /// declared dynamic properties.
    public var propertyKeys: [String] {
        (Array(type.layerClass.propertyTable.keys) + declaredKeys + filters.keyPaths).sorted()
    }

    /// The layer a script without `"layers"` gets: generic, named `main`,
    /// volume 1 (docs/scripts.md#layers). Its location is the start of the
    /// script.
    public static let main = LayerSpec(name: "main", type: .layer, location: SourceLocation(line: 1, column: 1))
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
