import Foundation
import SwellCore

/// "Animation Along a Path": a satellite circles its model position for
/// ever, along the ellipse inscribed in (−150, −150, 300, 300) — a circle of
/// radius 150 — at constant speed (`paced` ignores key times), turned to
/// its direction of travel (`rotateAuto`).
func orbitingSatellite() {
    let scene = Scene("orbit", "additive paced path animation around a 300 × 300 ellipse, 4 s a turn, rotateAuto")
    let satellite = scene.addLayer(named: "satellite", at: CGPoint(x: 240, y: 240))
    scene.commit {
        let boundingRect = CGRect(x: -150, y: -150, width: 300, height: 300)
        let orbit = CAKeyframeAnimation()
        orbit.keyPath = "position"
        orbit.path = CGPath(ellipseIn: boundingRect)
        orbit.duration = 4
        orbit.isAdditive = true
        orbit.repeatCount = .infinity
        orbit.calculationMode = .paced
        orbit.rotationMode = .rotateAuto
        satellite.add(orbit, forKey: "orbit")
    }
    scene.sample(through: 4.5, samplesPerSecond: 8,
                 [(satellite, "position.x"), (satellite, "position.y"), (satellite, "transform.rotation.z")])
}
