import Foundation
import Testing
@testable import SwellCore

/// The particle stream against the statistics of its definition: births at
/// `birthRate` per second, lifetimes uniform in lifetime ± lifetimeRange,
/// directions uniform over the solid angle of the emission cone.
@Suite struct EmitterStatisticsTests {
    @Test func theLivingCountIsBirthRateTimesMeanLifetime() {
        // Lifetimes uniform in [1, 3]: mean 2, so 200 × 2 = 400 alive. With
        // births evenly spaced, the count's variance is
        // r ∫ P(L > a)(1 − P(L > a)) da = 200 × 1/3: σ ≈ 8.2.
        let stage = EmitterStage { emitter in
            emitter.emitterCells = [makeCell(birthRate: 200, lifetime: 2) { $0.lifetimeRange = 1 }]
        }
        var total = 0.0
        for k in 0..<20 {
            let count = Double(stage.particles(at: 10 + Double(k) * 0.73).count)
            #expect(abs(count - 400) < 5 * 8.2)
            total += count
        }
        // The mean of 20 nearly independent counts: σ ≈ 8.2 / √20.
        #expect(abs(total / 20 - 400) < 5 * 8.2 / 20.0.squareRoot())
    }

    @Test func theLayersMultipliersScaleTheCells() {
        let stage = EmitterStage { emitter in
            emitter.birthRate = 0.5
            emitter.lifetime = 2
            emitter.velocity = 3
            emitter.emitterCells = [makeCell(birthRate: 100, lifetime: 1) { $0.velocity = 10 }]
        }
        let particles = stage.particles(at: 10)
        // 50 per second living 2 s, deterministic spacing: 100 ± 1.
        #expect(abs(particles.count - 100) <= 1)
        #expect(particles.allSatisfy { $0.lifetime == 2 && abs(length($0.velocity) - 30) < 1e-9 })
    }

    @Test func lifetimesAndSpeedsStayWithinTheirRanges() {
        let stage = EmitterStage { emitter in
            emitter.emitterCells = [makeCell(birthRate: 300, lifetime: 4) { cell in
                cell.lifetimeRange = 1.5
                cell.velocity = 100
                cell.velocityRange = 40
            }]
        }
        let particles = stage.particles(at: 20)
        let lifetimes = particles.map(\.lifetime), speeds = particles.map { length($0.velocity) }
        #expect(lifetimes.allSatisfy { $0 >= 2.5 && $0 <= 5.5 })
        #expect(speeds.allSatisfy { $0 >= 60 - 1e-9 && $0 <= 140 + 1e-9 })
        // The range is used, not only its middle.
        #expect(speeds.min()! < 65 && speeds.max()! > 135)
    }

    @Test(arguments: [0.5, 1.5, 3.0])
    func directionsAreUniformOverTheEmissionCone(range: Double) {
        let longitude = 0.7, latitude = 0.3
        let stage = EmitterStage { emitter in
            emitter.emitterCells = [makeCell(birthRate: 2000, lifetime: 1) { cell in
                cell.velocity = 1
                cell.emissionLongitude = longitude
                cell.emissionLatitude = latitude
                cell.emissionRange = range
            }]
        }
        let axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        let cosines = stage.particles(at: 5).map { ($0.velocity * axis).sum() / length($0.velocity) }
        let half = range / 2
        #expect(cosines.allSatisfy { $0 >= cos(half) - 1e-9 })
        // Uniform over the solid angle: cos θ uniform in [cos(half), 1],
        // mean (1 + cos half) / 2, standard deviation (1 − cos half) / √12.
        let mean = cosines.reduce(0, +) / Double(cosines.count)
        let sigma = (1 - cos(half)) / 12.0.squareRoot() / Double(cosines.count).squareRoot()
        #expect(abs(mean - (1 + cos(half)) / 2) < 5 * sigma)
        #expect(cosines.min()! < cos(half) + 0.02 * (1 - cos(half)))
    }
}
