import Foundation

/// A source of particles in an emitter layer: the template every particle
/// it emits is drawn from (QuartzCore's `CAEmitterCell`).
///
/// Each attribute has a base value, often a `…Range` that varies it per
/// particle (uniformly within base ± range) and a `…Speed` that changes it
/// over the particle's life, as Apple's reference describes. Defaults are
/// Apple's: a cell emits nothing until `birthRate` and `lifetime` are set.
///
/// Cells are frozen into their emitter layer when ``CAEmitterLayer/emitterCells``
/// is set; afterwards change a named cell through the layer
/// (`emitter.setValue(0, forKeyPath: "emitterCells.fire.birthRate")`) or
/// animate it there (`CABasicAnimation(keyPath: "emitterCells.fire.birthRate")`),
/// as on Apple's platforms. A cell's own ``emitterCells`` make each of its
/// particles an emitter (docs/emitter.md#nested-cells).
///
/// Its `CAMediaTiming` (through ``MediaTimingObject``) maps its parent's time — the layer's local time, or a
/// parent particle's age — into the time it emits in: a cell emits while
/// active, and a `duration` of 0 means for ever.
open class CAEmitterCell: MediaTimingObject, DynamicPropertyOwner {
    var values: [String: any Animatable] = [:]

    public required init() {}

    // MARK: Emission (defaults from Apple's CAEmitterCell reference)

    /// Whether the cell emits.
    @Dynamic("enabled") public var isEnabled = true
    /// Particles born per second, multiplied by the layer's `birthRate`.
    @Dynamic("birthRate") public var birthRate: Float = 0
    /// Seconds a particle lives, multiplied by the layer's `lifetime`.
    @Dynamic("lifetime") public var lifetime: Float = 0
    @Dynamic("lifetimeRange") public var lifetimeRange: Float = 0
    /// The emission direction's angle out of the xy plane, towards +z.
    @Dynamic("emissionLatitude") public var emissionLatitude: CGFloat = 0
    /// The emission direction's angle in the xy plane, from +x towards +y.
    @Dynamic("emissionLongitude") public var emissionLongitude: CGFloat = 0
    /// The apex angle of the cone around the emission direction that
    /// particles leave in, uniformly over its solid angle: 2π is every way.
    @Dynamic("emissionRange") public var emissionRange: CGFloat = 0

    // MARK: Motion

    /// Initial speed in points per second, multiplied by the layer's `velocity`.
    @Dynamic("velocity") public var velocity: CGFloat = 0
    @Dynamic("velocityRange") public var velocityRange: CGFloat = 0
    /// Constant acceleration, points per second².
    @Dynamic("xAcceleration") public var xAcceleration: CGFloat = 0
    @Dynamic("yAcceleration") public var yAcceleration: CGFloat = 0
    @Dynamic("zAcceleration") public var zAcceleration: CGFloat = 0
    /// Size relative to the contents, multiplied by the layer's `scale`.
    @Dynamic("scale") public var scale: CGFloat = 1
    @Dynamic("scaleRange") public var scaleRange: CGFloat = 0
    /// Change of scale per second.
    @Dynamic("scaleSpeed") public var scaleSpeed: CGFloat = 0
    /// Rotation in radians per second, multiplied by the layer's `spin`.
    @Dynamic("spin") public var spin: CGFloat = 0
    @Dynamic("spinRange") public var spinRange: CGFloat = 0

    // MARK: Colour

    /// The colour the contents are multiplied by; opaque white.
    @Dynamic("color") public var color: CGColor? = CGColor.white
    @Dynamic("redRange") public var redRange: Float = 0
    @Dynamic("greenRange") public var greenRange: Float = 0
    @Dynamic("blueRange") public var blueRange: Float = 0
    @Dynamic("alphaRange") public var alphaRange: Float = 0
    /// Change of each component per second.
    @Dynamic("redSpeed") public var redSpeed: Float = 0
    @Dynamic("greenSpeed") public var greenSpeed: Float = 0
    @Dynamic("blueSpeed") public var blueSpeed: Float = 0
    @Dynamic("alphaSpeed") public var alphaSpeed: Float = 0

    // MARK: Contents

    /// The part of the contents drawn, in unit coordinates.
    @Dynamic("contentsRect") public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Pixels per point of the contents.
    @Dynamic("contentsScale") public var contentsScale: CGFloat = 1
    @Dynamic("minificationFilterBias") public var minificationFilterBias: Float = 0

    // MARK: Non-animatable properties

    /// The name by which key paths reach the cell (`emitterCells.<name>.…`).
    open var name: String?
    /// What each particle draws, typically an image; kept for the renderer.
    open var contents: Any?
    /// The filters used when contents are scaled down and up (`kCAFilterLinear`…).
    open var minificationFilter = "linear"
    open var magnificationFilter = "linear"
    /// Cells every particle of this cell emits in turn.
    open var emitterCells: [CAEmitterCell]?
    /// Defaults for keys not set on the cell.
    open var style: [AnyHashable: Any]?

    // MARK: Key-value coding

    /// The default of a property, as `+[CAEmitterCell defaultValueForKey:]`:
    /// the default written in its declaration.
    open class func defaultValue(forKey key: String) -> Any? {
        LayerPropertyTable.declaredProperties(of: self, prototype: { self.init() })[key]?.defaultValue
    }

    /// The defaults in effect for the cell's class.
    var defaults: [String: any Animatable] {
        let cellClass = type(of: self)
        return LayerPropertyTable.effectiveProperties(
            of: cellClass, declared: LayerPropertyTable.declaredProperties(of: cellClass, prototype: { self }),
            override: cellClass.defaultValue(forKey:)).compactMapValues(\.defaultValue)
    }

    /// The value for a key: a property, a timing property, or a
    /// non-animatable one; nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        if let timingValue = timingValue(forKey: key) { return timingValue }
        switch key {
        case "name": return name
        case "contents": return contents
        case "emitterCells": return emitterCells
        default: return values[key] ?? defaults[key]
        }
    }

    /// Sets the value for a key, converting numbers to the property's type;
    /// values of another type are refused with a warning.
    open func setValue(_ value: Any?, forKey key: String) {
        if setTimingValue(value, forKey: key) { return }
        switch key {
        case "name": name = value as? String
        case "contents": contents = value
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        default:
            guard let example = defaults[key], let value,
                  let converted = ValueCoercion.coerce(value, toTypeOf: example) else {
                CADiagnostics.warn("emitter cell: cannot set '\(key)' to \(value.map { "\($0)" } ?? "nil")")
                return
            }
            values[key] = converted
        }
    }

    public func dynamicValue<Value: Animatable>(forKey key: String, default fallback: Value) -> Value {
        // `flatMap`: a missing value cast to an optional `Value` would be a
        // present nil.
        values[key].flatMap { $0 as? Value } ?? defaults[key].flatMap { $0 as? Value } ?? fallback
    }

    public func setDynamicValue<Value: Animatable>(_ value: Value, forKey key: String) {
        guard value.isFinite else {
            CADiagnostics.warn("emitter cell: ignored non-finite value \(value) for '\(key)'")
            return
        }
        values[key] = value
    }
}
