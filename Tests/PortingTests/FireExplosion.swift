import Foundation
import SwellCore
import Testing

// "iOS Core Animation: Advanced Techniques", listing 6.13, in Swift: a fire
// explosion from a CAEmitterLayer. Edits: the container view is a layer.

final class ExplosionController {
    let containerView: CALayer

    init(containerView: CALayer) {
        self.containerView = containerView
    }

    func viewDidLoad() {
        let emitter = CAEmitterLayer()
        emitter.frame = containerView.bounds
        containerView.addSublayer(emitter)

        emitter.renderMode = .additive
        emitter.emitterPosition = CGPoint(x: emitter.frame.size.width / 2.0, y: emitter.frame.size.height / 2.0)

        let cell = CAEmitterCell()
        cell.birthRate = 150
        cell.lifetime = 5.0
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1.0)
        cell.alphaSpeed = -0.4
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2.0

        emitter.emitterCells = [cell]
    }
}

@Test func fireExplosionEmitsFromTheCentre() throws {
    let stage = PortingStage()
    ExplosionController(containerView: stage.view).viewDidLoad()
    stage.run(to: 1)
    let emitter = try #require(stage.view.sublayers?.first as? CAEmitterLayer)
    let particles = try #require(emitter.presentedParticles())
    // 150 per second for 1 s, all alive (lifetime 5 s): births at 0 … 1.
    #expect(particles.count == 151)
    // Speeds within 50 ± 50 points per second of the centre (160, 240).
    for particle in particles {
        let distance = hypot(particle.position.x - 160, particle.position.y - 240)
        #expect(distance <= 100 * particle.age + 1e-9)
        #expect(abs(particle.color.alpha - (1 - 0.4 * particle.age)) < 1e-6)
    }
}
