import Foundation
import SwellCore

/// "Basic Animations": the red rocket's `position.x` from 77 to 455 in one
/// second, x(t) = x₀ + t·Δx. The model is set to the end value in the same
/// transaction — the article's recommended fix — so the rocket stays at 455
/// when the animation is removed.
func basicRocket() {
    let scene = Scene("rocket", "CABasicAnimation position.x 77 → 455 over 1 s, model updated")
    let rocket = scene.addLayer(named: "rocket", at: CGPoint(x: 77, y: 61))
    scene.commit {
        let animation = CABasicAnimation()
        animation.keyPath = "position.x"
        animation.fromValue = 77
        animation.toValue = 455
        animation.duration = 1
        rocket.add(animation, forKey: "basic")
        rocket.position = CGPoint(x: 455, y: 61)
    }
    scene.sample(through: 1.25, samplesPerSecond: 8, [(rocket, "position.x")])
}

/// The same animation object added to two rockets: `add(_:forKey:)` copies
/// it, so giving it a later `beginTime` afterwards launches only the second
/// rocket half a second later.
///
/// With only `byValue` set, an animation runs from the layer's current
/// (render-tree) value to that plus `byValue` — Apple's "Setting
/// Interpolation Values". Setting the model to 455 in the same transaction,
/// as the article does, would move that start to 455 as well; so here the
/// model stays at 77 and the rockets keep their end with the article's
/// other fix, `fillMode = .forwards` and `isRemovedOnCompletion = false`.
func reusedByValueAnimation() {
    let scene = Scene("byValue", "one byValue 378 animation on two rockets, the second with beginTime now + 0.5")
    let rocket1 = scene.addLayer(named: "rocket1", at: CGPoint(x: 77, y: 61))
    let rocket2 = scene.addLayer(named: "rocket2", at: CGPoint(x: 77, y: 111))
    scene.commit {
        let animation = CABasicAnimation()
        animation.keyPath = "position.x"
        animation.byValue = 378
        animation.duration = 1
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        rocket1.add(animation, forKey: "basic")

        animation.beginTime = scene.time(after: 0.5, in: rocket2)
        rocket2.add(animation, forKey: "basic")
    }
    scene.sample(through: 2, samplesPerSecond: 8, [(rocket1, "position.x"), (rocket2, "position.x")])
}

/// "Timing Functions": the rocket flight paced by the predefined timing
/// functions and by the article's own curve, control points
/// (0.5, 0, 0.9, 0.7): x(t) = x₀ + e(t)·Δx.
func timingFunctionRockets() {
    let scene = Scene("timing", "position.x 77 → 455 over 1 s with each timing function")
    let functions: [(String, CAMediaTimingFunction)] = [
        ("linear", CAMediaTimingFunction(name: .linear)),
        ("easeIn", CAMediaTimingFunction(name: .easeIn)),
        ("easeOut", CAMediaTimingFunction(name: .easeOut)),
        ("easeInEaseOut", CAMediaTimingFunction(name: .easeInEaseOut)),
        ("default", CAMediaTimingFunction(name: .default)),
        ("custom", CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9, 0.7)),
    ]
    let rockets = functions.enumerated().map { index, entry in
        scene.addLayer(named: entry.0, at: CGPoint(x: 77, y: 61 + 50 * Double(index)))
    }
    scene.commit {
        for (rocket, (_, function)) in zip(rockets, functions) {
            let animation = CABasicAnimation()
            animation.keyPath = "position.x"
            animation.fromValue = 77
            animation.toValue = 455
            animation.duration = 1
            animation.timingFunction = function
            rocket.add(animation, forKey: "basic")
            rocket.position.x = 455
        }
    }
    scene.sample(through: 1.1, samplesPerSecond: 10, rockets.map { ($0, "position.x") })
}
