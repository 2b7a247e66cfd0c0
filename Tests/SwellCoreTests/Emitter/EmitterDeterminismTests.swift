import Foundation
import Testing
@testable import SwellCore

/// Particles at a time are a pure function of the committed layer, its seed
/// and the time: seeking, stepping and rendering again agree.
@Suite struct EmitterDeterminismTests {
    static func fire(seed: UInt32) -> EmitterStage {
        EmitterStage { emitter in
            emitter.seed = seed
            emitter.emitterPosition = CGPoint(x: 160, y: 240)
            emitter.emitterShape = .circle
            emitter.emitterSize = CGSize(width: 20, height: 0)
            emitter.emitterCells = [makeCell("fire", birthRate: 150, lifetime: 2) { cell in
                cell.lifetimeRange = 1
                cell.velocity = 50
                cell.velocityRange = 50
                cell.emissionRange = .pi * 2
                cell.alphaSpeed = -0.4
                cell.scaleRange = 0.3
                cell.spinRange = 2
                cell.redRange = 0.2
            }]
        }
    }

    /// Every field a renderer reads, for exact comparison.
    static func fingerprint(_ particles: [CAEmitterParticle]) -> [[Double]] {
        particles.map { p in
            [Double(p.position.x), Double(p.position.y), Double(p.zPosition), Double(p.scale), Double(p.rotation),
             Double(p.color.components![0]), Double(p.color.components![3]), p.birthTime, p.age, p.lifetime,
             Double(p.identity)]
        }
    }

    @Test func theSameSeedAndTimeGiveIdenticalParticles() {
        let a = Self.fire(seed: 7), b = Self.fire(seed: 7)
        let first = Self.fingerprint(a.particles(at: 3.3))
        #expect(!first.isEmpty)
        #expect(first == Self.fingerprint(b.particles(at: 3.3)))
        #expect(first == Self.fingerprint(a.particles(at: 3.3)), "rendering the same frame again")
    }

    @Test func seekingGivesWhatSteppingGives() {
        let stepped = Self.fire(seed: 3)
        var frame: [[Double]] = []
        for k in 0...200 { frame = Self.fingerprint(stepped.particles(at: Double(k) / 60)) }
        let sought = Self.fire(seed: 3)
        #expect(frame == Self.fingerprint(sought.particles(at: 200.0 / 60)))
        // Going back in time gives the earlier frame again.
        #expect(Self.fingerprint(stepped.particles(at: 1)) == Self.fingerprint(sought.particles(at: 1)))
    }

    @Test func differentSeedsGiveDifferentParticles() {
        let a = Self.fingerprint(Self.fire(seed: 1).particles(at: 2.5))
        let b = Self.fingerprint(Self.fire(seed: 2).particles(at: 2.5))
        #expect(a.count > 100 && b.count > 100)
        // Birth times follow the rate alone; positions are random.
        let positionsA = Set(a.map { [$0[0], $0[1]] }), positionsB = Set(b.map { [$0[0], $0[1]] })
        #expect(positionsA.intersection(positionsB).isEmpty)
    }

    @Test func aParticleKeepsItsIdentityAndBirthAttributesAsItAges() throws {
        let stage = Self.fire(seed: 9)
        let early = stage.particles(at: 2.0), later = stage.particles(at: 2.5)
        let byIdentity = Dictionary(uniqueKeysWithValues: later.map { ($0.identity, $0) })
        let survivors = early.compactMap { p in byIdentity[p.identity].map { (p, $0) } }
        #expect(survivors.count > 50)
        for (before, after) in survivors {
            #expect(before.lifetime == after.lifetime && before.birthTime == after.birthTime)
            #expect(abs(after.age - before.age - 0.5) < 1e-9)
        }
    }

    @Test func theStreamStartsAtTheLayersBeginTime() {
        let stage = EmitterStage { emitter in
            emitter.beginTime = 10
            emitter.emitterCells = [makeCell(birthRate: 10, lifetime: 100)]
        }
        #expect(stage.particles(at: 9.9).isEmpty)
        // Births at local times 0, 0.1, … 0.5.
        #expect(stage.particles(at: 10.5).count == 6)
    }
}
