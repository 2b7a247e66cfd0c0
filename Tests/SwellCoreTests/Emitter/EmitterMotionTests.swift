import Foundation
import Testing
@testable import SwellCore

/// One particle against the closed forms of constant acceleration and
/// constant rates of change.
@Suite struct EmitterMotionTests {
    /// One particle, born at layer time 0 (births every 100 s).
    static func single(_ configure: @escaping (CAEmitterCell) -> Void) -> EmitterStage {
        EmitterStage { emitter in
            emitter.emitterPosition = CGPoint(x: 100, y: 200)
            emitter.emitterZPosition = 5
            emitter.emitterCells = [makeCell(birthRate: 0.01, lifetime: 10, configure)]
        }
    }

    @Test func positionFollowsConstantAcceleration() throws {
        let angle = Double.pi / 6
        let stage = Self.single { cell in
            cell.velocity = 80
            cell.emissionLongitude = angle
            cell.xAcceleration = -20
            cell.yAcceleration = 98
            cell.zAcceleration = 4
        }
        for t in [0.0, 0.25, 1.7, 3.1] {
            let particle = try #require(stage.particles(at: t).first)
            // p(t) = p₀ + v₀t + ½at², v(t) = v₀ + at.
            let expected = SIMD3(100 + 80 * cos(angle) * t - 10 * t * t, 200 + 80 * sin(angle) * t + 49 * t * t, 5 + 2 * t * t)
            #expect(length(particle.point - expected) < 1e-9, "t = \(t)")
            let velocity = SIMD3(80 * cos(angle) - 20 * t, 80 * sin(angle) + 98 * t, 4 * t)
            #expect(length(particle.velocity - velocity) < 1e-9)
            #expect(particle.age == t)
        }
    }

    @Test func latitudeTiltsTheDirectionTowardsZ() throws {
        let stage = Self.single { cell in
            cell.velocity = 10
            cell.emissionLatitude = .pi / 2
        }
        let particle = try #require(stage.particles(at: 1).first)
        #expect(length(particle.point - SIMD3(100, 200, 15)) < 1e-9)
    }

    @Test func colourScaleAndSpinChangeAtTheirSpeeds() throws {
        let stage = Self.single { cell in
            cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
            cell.alphaSpeed = -0.4
            cell.greenSpeed = 0.2
            cell.scale = 0.5
            cell.scaleSpeed = 0.1
            cell.spin = 2
        }
        let particle = try #require(stage.particles(at: 2).first)
        let rgba = particle.color.components!
        #expect(abs(rgba[0] - 1) < 1e-9 && abs(rgba[1] - 0.9) < 1e-6 && abs(rgba[2] - 0.1) < 1e-6)
        #expect(abs(rgba[3] - 0.2) < 1e-6)
        #expect(abs(particle.scale - 0.7) < 1e-9 && abs(particle.rotation - 4) < 1e-9)
        // Components stay in 0…1: alpha reaches 0 at 2.5 s and stays there.
        let faded = try #require(stage.particles(at: 4).first)
        #expect(faded.color.alpha == 0 && faded.color.components![1] == 1)
    }

    @Test func aParticleDiesAtTheEndOfItsLifetime() {
        let stage = Self.single { _ in }
        #expect(stage.particles(at: 9.99).count == 1)
        #expect(stage.particles(at: 10).isEmpty)
    }

    @Test func aCellsSpeedRunsItsParticlesClock() throws {
        let stage = Self.single { cell in
            cell.velocity = 10
            cell.speed = 2
        }
        let particle = try #require(stage.particles(at: 1).first)
        #expect(particle.age == 2 && abs(particle.position.x - 120) < 1e-9)
    }
}
