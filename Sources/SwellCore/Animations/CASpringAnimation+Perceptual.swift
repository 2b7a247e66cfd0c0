import Foundation

/// `perceptualDuration` and `bounce`, the spring parameters Apple added to
/// `CASpringAnimation` (iOS 17, macOS 14) from SwiftUI's
/// `Spring(duration:bounce:)`, as properties over mass, stiffness and
/// damping. With mass m, stiffness = m(2π / duration)² and
/// damping = 4πm(1 − bounce) / duration for bounce ≥ 0,
/// 4πm / (duration·(1 + bounce)) below (see
/// ``CASpringAnimation/init(perceptualDuration:bounce:)``).
extension CASpringAnimation {
    /// The time the spring takes to get to its target, as perceived:
    /// 2π√(m/k), the period of the undamped oscillation. Setting it keeps
    /// `bounce`.
    public var perceptualDuration: CFTimeInterval {
        get { 2 * .pi * Double(mass / stiffness).squareRoot() }
        set { setSpring(perceptualDuration: newValue, bounce: bounce) }
    }

    /// How much the spring overshoots: 0 is critically damped, towards 1
    /// bouncier, negative over-damped. Setting it keeps `perceptualDuration`.
    public var bounce: CGFloat {
        get {
            // damping·duration / (4πm) is 1 − bounce, or 1 / (1 + bounce).
            let ratio = damping * perceptualDuration / (4 * .pi * mass)
            return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
        }
        set { setSpring(perceptualDuration: perceptualDuration, bounce: newValue) }
    }

    func setSpring(perceptualDuration duration: CFTimeInterval, bounce: CGFloat) {
        stiffness = mass * pow(2 * .pi / duration, 2)
        damping = bounce >= 0 ? 4 * .pi * mass * (1 - bounce) / duration : 4 * .pi * mass / (duration * (1 + bounce))
    }
}
