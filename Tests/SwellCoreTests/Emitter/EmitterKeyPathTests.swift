import Foundation
import Testing
@testable import SwellCore

/// Cells change through their layer's key paths, and those paths animate
/// like any layer property.
@Suite struct EmitterKeyPathTests {
    static func fire() -> EmitterStage {
        EmitterStage { emitter in
            emitter.emitterCells = [makeCell("fire", birthRate: 100, lifetime: 100)]
        }
    }

    @Test func settingACellsBirthRateThroughTheLayerStopsNewBirths() {
        let stage = Self.fire()
        #expect(stage.particles(at: 1).count == 101)
        stage.emitter.setValue(0, forKeyPath: "emitterCells.fire.birthRate")
        CATransaction.flush()
        #expect(stage.emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 0)
        #expect(stage.emitter.emitterCells![0].birthRate == 0)
        // The model has no history: a rate of 0 means no births at any time.
        #expect(stage.particles(at: 2).isEmpty)
    }

    @Test func aCellObjectChangedAfterItWasAddedIsNotSeenUntilTheCellsAreSetAgain() {
        let stage = Self.fire()
        let cell = stage.emitter.emitterCells![0]
        cell.birthRate = 10
        #expect(stage.particles(at: 1).count == 101)
        stage.emitter.emitterCells = [cell]
        CATransaction.flush()
        #expect(stage.particles(at: 1).count == 11)
    }

    @Test func anAnimatedBirthRateIsFollowedSlotBySlot() throws {
        let stage = Self.fire()
        let ramp = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        ramp.fromValue = 0
        ramp.toValue = 200
        ramp.duration = 2
        ramp.beginTime = 1
        stage.emitter.add(ramp, forKey: "ramp")
        CATransaction.flush()
        stage.clock.set(2)
        let presented = try #require(stage.emitter.presentation())
        #expect(presented.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 100)
        // Births: 100/s over [0, 1); over the ramp ∫₁³ 100(t − 1) dt = 200,
        // less 1.56 as the rate holds for each 1/64 s slot (a left sum);
        // one at 3 s. Each of the 128 slots rounds its count to a whole
        // birth, an error within ±1 of mean 0 and variance about 1/6:
        // σ ≈ √(128/6) ≈ 4.6.
        let count = stage.particles(at: 3).count
        #expect(abs(Double(count) - (100 + 200 - 100.0 / 64 + 1)) <= 4 * 4.6)
    }

    @Test func theLayersOwnPropertiesAnimate() {
        let stage = EmitterStage { emitter in
            emitter.emitterCells = [makeCell(birthRate: 10, lifetime: 100)]
        }
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 0, y: 0)
        move.toValue = CGPoint(x: 100, y: 0)
        move.duration = 1
        stage.emitter.add(move, forKey: "move")
        CATransaction.flush()
        // Each particle is born where the emitter was at its birth and stays.
        for particle in stage.particles(at: 0.95) {
            #expect(abs(Double(particle.position.x) - 100 * particle.birthTime) < 100.0 / 64 + 1e-9)
        }
    }

    @Test func renderModesOrderTheParticles() {
        func order(_ mode: CAEmitterLayerRenderMode) -> [CAEmitterParticle] {
            EmitterStage { emitter in
                emitter.renderMode = mode
                emitter.emitterShape = .cuboid
                emitter.emitterSize = CGSize(width: 10, height: 10)
                emitter.emitterDepth = 10
                emitter.emitterCells = [makeCell(birthRate: 50, lifetime: 2)]
            }.particles(at: 3)
        }
        let oldestFirst = order(.oldestFirst).map(\.birthTime)
        #expect(oldestFirst == oldestFirst.sorted() && oldestFirst.count == 100)
        #expect(order(.oldestLast).map(\.birthTime) == oldestFirst.reversed())
        let depths = order(.backToFront).map(\.zPosition)
        #expect(depths == depths.sorted())
    }
}
