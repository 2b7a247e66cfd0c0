import Foundation

/// A layer that emits, animates and renders a particle system
/// (QuartzCore's `CAEmitterLayer`).
///
/// Its ``emitterCells`` describe the particles; the layer says where they
/// are born (``emitterShape``, ``emitterMode``, ``emitterPosition``,
/// ``emitterSize``…) and scales the cells' `birthRate`, `lifetime`,
/// `velocity`, `scale` and `spin` by its own, which animate like any layer
/// property (defaults from Apple's CAEmitterLayer reference).
///
/// Particles are not simulated step by step: those alive at a time are a
/// pure function of the committed layer, its ``seed`` and that time
/// (``CAEmitterParticleSystem``), so seeking and rendering a frame twice give
/// the same particles. Emission starts at the layer's local time 0 — set
/// `beginTime = CACurrentMediaTime()` on a hosted layer for a stream that
/// starts empty now, as on Apple's platforms (docs/emitter.md).
open class CAEmitterLayer: CALayer {
    /// The cells as they were frozen when ``emitterCells`` was last set.
    var cellStates: [EmitterCellState] = []

    /// The particle templates. Setting them freezes them: later changes to
    /// a cell object are not seen until the array is set again; change a
    /// named cell through the layer's key paths instead
    /// (`setValue(_:forKeyPath: "emitterCells.<name>.<key>")`), which also
    /// animate.
    open var emitterCells: [CAEmitterCell]? {
        didSet { adoptCells() }
    }

    // MARK: Animatable properties

    /// Multiplies every cell's birth rate.
    @Dynamic("birthRate") public var birthRate: Float = 1
    /// Multiplies every cell's lifetime.
    @Dynamic("lifetime") public var lifetime: Float = 1
    /// The centre of the emitter shape, in the layer's coordinates.
    @Dynamic("emitterPosition") public var emitterPosition = CGPoint.zero
    @Dynamic("emitterZPosition") public var emitterZPosition: CGFloat = 0
    /// The emitter shape's size; see ``CAEmitterLayerEmitterShape``.
    @Dynamic("emitterSize") public var emitterSize = CGSize.zero
    /// The cuboid's depth along z.
    @Dynamic("emitterDepth") public var emitterDepth: CGFloat = 0
    /// Multiplies every cell's velocity.
    @Dynamic("velocity") public var velocity: Float = 1
    /// Multiplies every cell's scale.
    @Dynamic("scale") public var scale: Float = 1
    /// Multiplies every cell's spin.
    @Dynamic("spin") public var spin: Float = 1

    // MARK: Non-animatable properties

    /// The shape particles are born on; `.point` by default.
    @Dynamic("emitterShape", .none) public var emitterShape = CAEmitterLayerEmitterShape.point
    /// Which part of the shape particles are born on; `.volume` by default.
    @Dynamic("emitterMode", .none) public var emitterMode = CAEmitterLayerEmitterMode.volume
    /// The order particles are drawn in; `.unordered` by default.
    @Dynamic("renderMode", .none) public var renderMode = CAEmitterLayerRenderMode.unordered
    /// Whether particles keep their depth in the 3D scene (false: flattened
    /// into the layer's plane).
    @Dynamic("preservesDepth", .none) public var preservesDepth = false
    /// The seed of the particles' random attributes: equal seeds give equal
    /// particles.
    @Dynamic("seed", .none) public var seed: UInt32 = 0

    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells
        cellStates = other.cellStates
    }

    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        forwardToCell(value, keyPath: keyPath)
        super.setValue(value, forKeyPath: keyPath)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "emitterCells" { emitterCells = value as? [CAEmitterCell] } else { super.setValue(value, forKey: key) }
    }

    open override func value(forKey key: String) -> Any? {
        key == "emitterCells" ? emitterCells : super.value(forKey: key)
    }

    open override var renderState: (any Sendable)? {
        EmitterRenderState(emitterCells: cellStates, emitterShape: emitterShape, emitterMode: emitterMode,
                           renderMode: renderMode, preservesDepth: preservesDepth, seed: seed)
    }
}
