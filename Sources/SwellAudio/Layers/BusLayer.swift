/// A layer that groups audio layers under one `volume`: a bus.
///
/// The gain of every ``AudioLayer`` below it is multiplied by the bus's
/// presented volume, as a layer's `opacity` multiplies into everything it
/// composites (docs/audio.md#the-layer-tree-is-the-mix); its `speed`,
/// `timeOffset` and `beginTime` retime every animation below it. Changing
/// `volume` runs the same implicit action as on an ``AudioLayer``: a basic
/// animation from the presented value.
open class BusLayer: CALayer, SoundGroup {
    /// The bus's gain, as linear amplitude; 1 leaves the layers below as
    /// they are.
    @Dynamic(.volume) public var volume: Double = 1

    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }
}
