import Foundation
import Testing
@testable import SwellCore

/// A cell's sub-cells: every particle emits them on its own clock, its age,
/// from where it is, while it lives; their particles outlive it.
@Suite struct EmitterNestedCellTests {
    /// Rockets born every second from (100, 100) moving right at 10 pt/s for
    /// 1 s, each emitting 10 sparks per second that stay where they are born
    /// and live 5 s.
    static func rockets(_ configureSpark: (CAEmitterCell) -> Void = { _ in }) -> EmitterStage {
        EmitterStage { emitter in
            emitter.emitterPosition = CGPoint(x: 100, y: 100)
            let spark = makeCell("spark", birthRate: 10, lifetime: 5, configureSpark)
            emitter.emitterCells = [makeCell("rocket", birthRate: 1, lifetime: 1) { rocket in
                rocket.velocity = 10
                rocket.emitterCells = [spark]
            }]
        }
    }

    @Test func sparksAreBornAlongTheirRocketsPathAndOutliveIt() {
        let particles = Self.rockets().particles(at: 3.5)
        let rockets = particles.filter { $0.cell.name == "rocket" }
        let sparks = particles.filter { $0.cell.name == "spark" }
        // The rocket born at 3 is alive; those born at 0, 1 and 2 died after
        // emitting 10 sparks each (ages 0, 0.1 … 0.9); the one born at 3 has
        // emitted 6 (ages 0 … 0.5).
        #expect(rockets.count == 1)
        #expect(sparks.count == 36)
        // A spark born at rocket age a is at x = 100 + 10a, and was born at
        // layer time (rocket's birth) + a.
        for spark in sparks {
            let rocketAge = spark.birthTime - spark.birthTime.rounded(.down)
            #expect(abs(spark.position.x - (100 + 10 * rocketAge)) < 1e-6)
            #expect(spark.position.y == 100)
        }
        #expect(Set(sparks.map(\.identity)).count == 36, "every spark is its own particle")
    }

    @Test func aSubCellsTimingIsRelativeToItsParentsBirth() {
        // Like a firework's burst: a sub-cell that begins 0.5 s into its
        // parent's life and emits for 0.2 s.
        let stage = Self.rockets { spark in
            spark.beginTime = 0.5
            spark.duration = 0.2
        }
        let sparks = stage.particles(at: 2.9).filter { $0.cell.name == "spark" }
        // Per finished rocket (born at 0, 1, 2): births at ages 0.5 and 0.6.
        #expect(sparks.count == 6)
        #expect(sparks.allSatisfy { abs(($0.birthTime - $0.birthTime.rounded(.down)) - 0.55) < 0.06 })
    }

    @Test func nestedCellsAreReachableByKeyPath() {
        let stage = Self.rockets()
        stage.emitter.setValue(0, forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate")
        CATransaction.flush()
        #expect(stage.particles(at: 3.5).allSatisfy { $0.cell.name == "rocket" })
        let spark = stage.emitter.emitterCells![0].emitterCells![0]
        #expect(spark.birthRate == 0)
    }
}
