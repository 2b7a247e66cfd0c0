import Foundation
import SwellCore

/// "Animation Groups": a cover shuffled to the top of the pile. Its
/// z-position, rotation and (additive) position animate together in one
/// group, 1.2 s long and starting half a second after the commit; the
/// model's z-position is set to the end value.
func shuffledCard() {
    let scene = Scene("shuffle", "group of zPosition, transform.rotation and additive position over 1.2 s, beginTime now + 0.5")
    let card = scene.addLayer(named: "card", at: CGPoint(x: 160, y: 240))
    scene.commit {
        let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)

        let zPosition = CABasicAnimation()
        zPosition.keyPath = "zPosition"
        zPosition.fromValue = -1
        zPosition.toValue = 1
        zPosition.duration = 1.2

        let rotation = CAKeyframeAnimation()
        rotation.keyPath = "transform.rotation"
        rotation.values = [0, 0.14, 0]
        rotation.duration = 1.2
        rotation.timingFunctions = [easeInEaseOut, easeInEaseOut]

        let position = CAKeyframeAnimation()
        position.keyPath = "position"
        position.values = [CGPoint.zero, CGPoint(x: 110, y: -20), CGPoint.zero]
        position.timingFunctions = [easeInEaseOut, easeInEaseOut]
        position.isAdditive = true
        position.duration = 1.2

        let group = CAAnimationGroup()
        group.animations = [zPosition, rotation, position]
        group.duration = 1.2
        group.beginTime = scene.time(after: 0.5, in: card)
        card.add(group, forKey: "shuffle")

        card.zPosition = 1
    }
    scene.sample(through: 2, samplesPerSecond: 10, [
        (card, "zPosition"), (card, "transform.rotation.z"), (card, "position.x"), (card, "position.y"),
    ])
}
