import Foundation

/// Turns a parsed JSON document into a validated ``ScriptSpec``. Checks run
/// in file order, so the error reported is the first problem in the file;
/// checks that relate several objects (parents, cycles, removed keys) run
/// once every object has been read.
struct ScriptDecoder {
    /// The directory audio and video `file` and image `contents` paths
    /// are relative to.
    let baseDirectory: URL
    /// Reads image `contents`; nil refuses them.
    let images: ImageReader?
    /// Opens video layers' files; nil refuses video layers.
    let videos: VideoReader?
    /// The kinds of layer a declaration may name.
    var kinds: [LayerKind] = LayerKind.standard
    /// For a control request: the keys of the requests that are not
    /// events, which a request with no event action is told of.
    var requestAlternatives: [String] = []

    func decode(_ root: JSONValue) throws(Diagnostic) -> ScriptSpec {
        let script = try JSONObjectReader(root, as: "the script")
        // The version comes first: a newer script's unknown keys are better
        // explained by its version than one by one.
        let versionValue = try script.required("version")
        guard try versionValue.number("version") == Double(ScriptSpec.version) else {
            throw Diagnostic(
                "unsupported script version \(versionValue.literalText); this swell reads version \(ScriptSpec.version)",
                at: versionValue.location)
        }
        try script.rejectUnknownKeys(allowed: ["version", "sampleRate", "canvas", "layers", "events"])
        var spec = ScriptSpec()
        if let rate = script["sampleRate"] {
            spec.sampleRate = try sampleRate(rate)
        }
        if let canvas = script["canvas"] {
            spec.canvas = try decodeCanvas(canvas)
        }
        if let layers = script["layers"] {
            spec.layers = try decodeLayers(layers)
        }
        if let events = script["events"] {
            spec.events = try decodeEvents(events, layers: spec.layers)
        }
        return spec
    }

    /// A whole number of frames per second that libsndfile's `int`
    /// `samplerate` can hold.
    private func sampleRate(_ value: JSONValue) throws(Diagnostic) -> Int {
        let rate = try value.number("sampleRate")
        guard rate >= 1, rate <= Double(Int32.max), rate.rounded() == rate else {
            throw Diagnostic("\"sampleRate\" must be a whole number of frames per second, at least 1", at: value.location)
        }
        return Int(rate)
    }
}

extension JSONValue {
    /// A number as written, anything else by its kind, to quote in messages.
    var literalText: String {
        switch kind {
        case .number(_, let literal): literal
        case .string(let string): string.quotedForMessage
        default: kindDescription
        }
    }
}
