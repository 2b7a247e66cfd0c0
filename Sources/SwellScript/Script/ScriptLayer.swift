/// A script's generic layer (`"type": "layer"`): a `CALayer` whose `volume`
/// is the group gain of its subtree (``SoundGroup``) and whose extra
/// numeric keys are dynamic animatable properties, like `time` on the
/// ClockFace of objc.io's "Animating Custom Layer Properties".
///
/// Every such property gets the implicit action of that article's
/// `AudioLayer` and ClockFace — a basic animation from the presentation
/// value, with the event's duration and timing function
/// (docs/scripts.md#implicit-actions) — which CALayer gives only the
/// properties it declares implicit.
public final class ScriptLayer: CALayer, SoundGroup {
    /// The layer's group gain.
    @Dynamic(.volume) public var volume: Double = 1

    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// The properties a script adds animate implicitly.
    public override class var undeclaredPropertyAnimation: PropertyAnimation { .implicit }
}

extension LayerKind {
    /// The generic layer, `"type": "layer"` (``ScriptLayer``).
    public static let layer = LayerKind("layer", { ScriptLayer() }, className: "CALayer", noun: "generic layer",
                                        declaresProperties: true)

    /// The kinds every script knows: the generic layer and SwellCore's
    /// visual layers. A reader that plays sound adds its own
    /// (docs/library.md#layer-kinds).
    public static let standard: [LayerKind] = [.layer] + LayerKind.visual
}
