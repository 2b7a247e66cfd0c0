import Foundation

/// An animation that applies a spring-like force to a property.
///
/// The value moves from the basic animation's start to its end as a damped
/// harmonic oscillator with the given `mass`, `stiffness`, `damping` and
/// `initialVelocity` (defaults 1, 100, 10, 0 as in QuartzCore), in closed
/// form (see `SpringMotion`). The spring runs on the animation's local
/// seconds, so its `duration` only decides when it is cut off; set it to
/// ``settlingDuration`` to see the whole motion.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// The initial velocity in from-to distances per second, positive
    /// towards the target.
    open var initialVelocity: CGFloat = 0
    /// Whether a spring damped past critical may be used (Apple's
    /// `allowsOverdamping`); when false, damping is capped at critical.
    open var allowsOverdamping = true

    public required init() {
        super.init()
    }

    /// A spring that takes about `perceptualDuration` to reach its target
    /// and bounces by `bounce` (0 none, up to 1; negative values are
    /// over-damped), with mass 1 — the parametrisation of SwiftUI's
    /// `Spring(duration:bounce:)`, which `CASpringAnimation` adopted:
    /// `stiffness = (2π / duration)²`, `damping = 4π(1 − bounce) / duration`
    /// for `bounce ≥ 0` and `4π / (duration·(1 + bounce))` for `bounce < 0`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        setSpring(perceptualDuration: perceptualDuration, bounce: bounce)
        duration = settlingDuration
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    /// The estimated time for the spring to come to rest with the current
    /// parameters (independent of `duration`).
    open var settlingDuration: CFTimeInterval {
        motion.settlingDuration
    }

    /// The spring's closed-form motion.
    var motion: SpringMotion {
        let critical = 2 * Double(stiffness * mass).squareRoot()
        let c = allowsOverdamping ? Double(damping) : min(Double(damping), critical)
        return SpringMotion(mass: Double(mass), stiffness: Double(stiffness), damping: c,
                            initialVelocity: Double(initialVelocity))
    }

    override func makeContribution<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> Effect<Value> {
        for (name, value) in [("mass", mass), ("stiffness", stiffness)] where !(value > 0 && value.isFinite) {
            throw AnimationCompiler.Failure("spring \(name) \(value) must be positive and finite")
        }
        guard damping >= 0, damping.isFinite, initialVelocity.isFinite else {
            throw AnimationCompiler.Failure("spring damping \(damping) / initialVelocity \(initialVelocity) invalid")
        }
        let (from, to) = try endpoints(for: type, previousValue: previousValue)
        return .curve(.spring(SpringCurve(from: from, to: to, motion: motion)),
                      isAdditive: isAdditive, isCumulative: isCumulative)
    }
}
