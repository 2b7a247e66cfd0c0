/// An animation of one layer property, named by a key path.
///
/// The key path may name a property (`"opacity"`, a subclass's own `"time"`) or a
/// field of one (`"position.x"`, `"transform.rotation.z"`). With
/// `isAdditive` the animation's value is added to the property's current
/// value instead of replacing it; with `isCumulative` each repeat starts
/// where the previous one ended; a `valueFunction` turns scalar values into
/// a transform.
open class CAPropertyAnimation: CAAnimation {
    /// The key path of the animated property.
    open var keyPath: String?
    /// Whether the value is added to the current value (Apple's
    /// `isAdditive`).
    open var isAdditive = false
    /// Whether repeat cycles accumulate (Apple's `isCumulative`).
    open var isCumulative = false
    /// Converts the animated values into a transform.
    open var valueFunction: CAValueFunction?

    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public required init() {
        super.init()
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    /// The animation's effect on a property of type `Value`. Subclasses
    /// build their curves here; `previousValue` is the property's committed
    /// value when the animation was added.
    func makeContribution<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> Effect<Value> {
        throw AnimationCompiler.Failure("\(Swift.type(of: self)) has no values to animate")
    }

    /// An extra effect on the layer's orientation (a keyframe path animation
    /// with a rotation mode), or nil.
    func makeOrientationContribution(on layer: CALayer) throws -> (any PropertyContribution<CATransform3D>)? {
        nil
    }

    /// Converts one of the animation's values to `Value`.
    func convert<Value: Animatable>(_ value: Any, to type: Value.Type, named name: String) throws -> Value {
        guard let converted = ValueCoercion.coerce(value, to: type) else {
            throw AnimationCompiler.Failure("\(name) \(value) is not a finite \(type) for '\(keyPath ?? "")'")
        }
        guard converted.isFinite else {
            throw AnimationCompiler.Failure("\(name) \(value) is not finite")
        }
        return converted
    }
}
