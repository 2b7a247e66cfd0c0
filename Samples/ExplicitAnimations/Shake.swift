import Foundation
import SwellCore

/// "Multi-Step Animations": the login form shakes when the password is
/// wrong. The keyframes are offsets — `isAdditive` adds them to the model
/// value — and the key times give the 0 → 10 steps half the time of the
/// 10 → −10 steps, so the form moves at one constant speed.
func shakingForm() {
    let scene = Scene("shake", "additive keyframes position.x [0, 10, -10, 10, 0] at [0, 1/6, 3/6, 5/6, 1] over 0.4 s")
    let form = scene.addLayer(named: "form", at: CGPoint(x: 160, y: 200))
    scene.commit {
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position.x"
        animation.values = [0, 10, -10, 10, 0]
        animation.keyTimes = [0, NSNumber(value: 1 / 6.0), NSNumber(value: 3 / 6.0), NSNumber(value: 5 / 6.0), 1]
        animation.duration = 0.4
        animation.isAdditive = true
        form.add(animation, forKey: "shake")
    }
    scene.sample(through: 0.5, samplesPerSecond: 40, [(form, "position.x")])
}
