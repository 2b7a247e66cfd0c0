import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// `CAEmitterLayer.preservesDepth`: particles placed and ordered by their
/// depth in the superlayer's space, checked against perspective worked out
/// by hand.
@Suite struct EmitterDepthTests {
    typealias E = EmitterAndTiledLayerTests

    /// One still 10 × 10 white particle at (150, 100, z = 100) of an emitter
    /// filling the 200 × 200 root, under a perspective of m34 = −1/500
    /// about the layer's centre (100, 100), half a second in.
    static func perspectiveFrame(preservesDepth: Bool) -> Frame {
        let snapshot = E.emitter { emitter in
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            emitter.transform = perspective
            emitter.preservesDepth = preservesDepth
            emitter.emitterPosition = CGPoint(x: 150, y: 100)
            emitter.emitterZPosition = 100
            let cell = CAEmitterCell()
            cell.contents = E.sprite(10)
            cell.birthRate = 1
            cell.lifetime = 100
            emitter.emitterCells = [cell]
        }
        return Renderer().render(snapshot, at: 0.5, into: Canvas(width: 200, height: 200))
    }

    /// The alpha-weighted mean of the pixel centres.
    static func centroid(_ frame: Frame) -> CGPoint {
        var (sum, x, y) = (0.0, 0.0, 0.0)
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let alpha = Double(frame.pixel(x: column, y: row).alpha)
                (sum, x, y) = (sum + alpha, x + alpha * (Double(column) + 0.5), y + alpha * (Double(row) + 0.5))
            }
        }
        return CGPoint(x: x / sum, y: y / sum)
    }

    /// w = 1 + z·m34 = 1 − 100/500 = 0.8 at the particle: it appears at
    /// 100 + 50 / 0.8 = 162.5 and 1 / 0.8 = 1.25 times as large (12.5
    /// points), where the layer's plane itself (z = 0, w = 1) is unchanged.
    @Test func aParticleInFrontOfThePlaneIsProjectedByItsDepth() {
        let deep = Self.perspectiveFrame(preservesDepth: true)
        let centre = Self.centroid(deep)
        #expect(abs(centre.x - 162.5) < 0.25 && abs(centre.y - 100) < 0.25)
        // 12.5 × 12.5 = 156.25 points of ink, less what bilinear sampling
        // fades at the sprite's edges.
        #expect(abs(deep.alphaSum / 255 - 156.25) < 12)
        #expect((11 * 11...13 * 13).contains(deep.count { $0.alpha == 255 }))
    }

    /// Flattened, the depth is ignored: 10 × 10 pixels centred on (150, 100).
    @Test func aFlattenedParticleIgnoresItsDepth() {
        let flat = Self.perspectiveFrame(preservesDepth: false)
        #expect(Self.centroid(flat) == CGPoint(x: 150, y: 100))
        #expect(flat.count { $0.alpha == 255 } == 100)
    }

    /// Two cells at one point, the first 12.5 points nearer the viewer half
    /// a second in (z = ½ · 100 · 0.5²): emitted first, it is drawn under
    /// the second unless depth orders them.
    @Test(arguments: [true, false])
    func theNearerParticleIsDrawnOnTopWhenDepthIsPreserved(preservesDepth: Bool) {
        let snapshot = E.emitter { emitter in
            emitter.preservesDepth = preservesDepth
            emitter.emitterPosition = CGPoint(x: 100, y: 100)
            let near = CAEmitterCell(), far = CAEmitterCell()
            for (cell, color) in [(near, F.red), (far, F.green)] {
                cell.contents = E.sprite(10)
                cell.birthRate = 1
                cell.lifetime = 100
                cell.color = color
            }
            near.zAcceleration = 100
            emitter.emitterCells = [near, far]
        }
        let frame = Renderer().render(snapshot, at: 0.5, into: Canvas(width: 200, height: 200))
        #expect(frame.pixel(x: 100, y: 100) == (preservesDepth ? .opaque(255, 0, 0) : .opaque(0, 255, 0)))
    }

    typealias F = RenderFixtures
}
