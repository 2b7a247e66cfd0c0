import Foundation
import Testing
@testable import SwellCore

/// Birth positions against the geometry of Apple's "Emitter Shape"
/// constants; particles that do not move stay where they were born.
@Suite struct EmitterShapeTests {
    static func births(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
        let stage = EmitterStage { emitter in
            emitter.emitterShape = shape
            emitter.emitterMode = mode
            emitter.emitterPosition = CGPoint(x: 50, y: 60)
            emitter.emitterZPosition = 7
            emitter.emitterSize = CGSize(width: 40, height: 20)
            emitter.emitterDepth = 10
            emitter.emitterCells = [makeCell(birthRate: 500, lifetime: 1)]
        }
        return stage.particles(at: 3).map { $0.point - SIMD3(50, 60, 7) }
    }

    @Test func aPointEmitsFromItsPosition() {
        #expect(Self.births(.point, .volume).allSatisfy { $0 == .zero })
    }

    @Test func aLineRunsAlongXForTheWidth() {
        let points = Self.births(.line, .outline)
        #expect(points.allSatisfy { abs($0.x) <= 20 && $0.y == 0 && $0.z == 0 })
        #expect(Set(Self.births(.line, .points).map(\.x)) == [-20, 20])
    }

    @Test func aRectanglesSurfaceOutlineAndCorners() {
        #expect(Self.births(.rectangle, .surface).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && $0.z == 0 })
        let outline = Self.births(.rectangle, .outline)
        #expect(outline.allSatisfy { abs(abs($0.x) - 20) < 1e-9 || abs(abs($0.y) - 10) < 1e-9 })
        // Edges by length: the two long edges carry 2/3 of the perimeter.
        let onLong = Double(outline.filter { abs(abs($0.y) - 10) < 1e-9 }.count) / Double(outline.count)
        #expect(abs(onLong - 2.0 / 3) < 0.08)
        #expect(Set(Self.births(.rectangle, .points).map { [$0.x, $0.y] }) == [[-20, -10], [-20, 10], [20, -10], [20, 10]])
    }

    @Test func aCuboidsVolumeAndFaces() {
        #expect(Self.births(.cuboid, .volume).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 })
        #expect(Self.births(.cuboid, .surface).allSatisfy {
            abs(abs($0.x) - 20) < 1e-9 || abs(abs($0.y) - 10) < 1e-9 || abs(abs($0.z) - 5) < 1e-9
        })
        #expect(Set(Self.births(.cuboid, .points)).count == 8)
    }

    @Test func aCirclesRadiusIsTheWidth() {
        #expect(Self.births(.circle, .outline).allSatisfy { abs(length($0) - 40) < 1e-9 && $0.z == 0 })
        let disc = Self.births(.circle, .surface)
        #expect(disc.allSatisfy { length($0) <= 40 + 1e-9 && $0.z == 0 })
        // Uniform over the area: half of the points within radius 40/√2.
        let inner = Double(disc.filter { length($0) < 40 / 2.0.squareRoot() }.count) / Double(disc.count)
        #expect(abs(inner - 0.5) < 0.08)
    }

    @Test func aSpheresSurfaceAndVolume() {
        #expect(Self.births(.sphere, .surface).allSatisfy { abs(length($0) - 40) < 1e-9 })
        let ball = Self.births(.sphere, .volume)
        #expect(ball.allSatisfy { length($0) <= 40 + 1e-9 })
        // Uniform over the volume: 1/8 of the points within half the radius.
        let inner = Double(ball.filter { length($0) < 20 }.count) / Double(ball.count)
        #expect(abs(inner - 0.125) < 0.05)
    }
}
