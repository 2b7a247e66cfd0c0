import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Emitter frames are a function of the time; additive particles add up;
/// a tiled layer's tiles make the picture its drawing makes in one piece.
@Suite struct EmitterAndTiledLayerTests {
    typealias F = RenderFixtures

    /// A white `size` × `size` sprite.
    static func sprite(_ size: Int) -> CGImage {
        CGImage(width: size, height: size, pixels: [UInt8](repeating: 255, count: size * size * 4))!
    }

    /// The snapshot of an emitter filling a 200 × 200 root.
    static func emitter(_ configure: (CAEmitterLayer) -> Void) -> RenderSnapshot {
        let root = F.root(width: 200, height: 200)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        configure(emitter)
        root.addSublayer(emitter)
        return F.snapshot(of: root).1
    }

    @Test func theSameTimeGivesTheSamePixels() {
        let snapshot = Self.emitter { emitter in
            emitter.seed = 11
            emitter.emitterPosition = CGPoint(x: 100, y: 100)
            let cell = CAEmitterCell()
            cell.contents = Self.sprite(8)
            cell.birthRate = 80
            cell.lifetime = 2
            cell.velocity = 60
            cell.emissionRange = 2 * .pi
            cell.spinRange = 3
            cell.color = CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 0.8)
            cell.redRange = 0.3
            emitter.emitterCells = [cell]
        }
        let canvas = Canvas(width: 200, height: 200)
        let a = Renderer().render(snapshot, at: 1.5, into: canvas)
        let b = Renderer().render(snapshot, at: 1.5, into: canvas)
        let later = Renderer().render(snapshot, at: 1.6, into: canvas)
        #expect(a.alphaSum > 0)
        #expect(a.maximumDifference(from: b) == 0)
        #expect(a.maximumDifference(from: later) > 0)
        // Tinted: blue is a fifth of the colour, never above red.
        #expect(a.count { $0.blue > $0.red } == 0)
    }

    /// Still particles piling up on one point: added, n particles of grey
    /// 64 make min(64 n, 255); drawn over each other, 64.
    @Test(arguments: [CAEmitterLayerRenderMode.additive, .unordered])
    func additiveParticlesAddUp(mode: CAEmitterLayerRenderMode) throws {
        let snapshot = Self.emitter { emitter in
            emitter.emitterPosition = CGPoint(x: 50, y: 50)
            emitter.renderMode = mode
            let cell = CAEmitterCell()
            cell.contents = Self.sprite(4)
            cell.birthRate = 5
            cell.lifetime = 100
            cell.color = CGColor(red: 64.0 / 255, green: 64.0 / 255, blue: 64.0 / 255, alpha: 1)
            emitter.emitterCells = [cell]
        }
        let index = try #require(snapshot.records.firstIndex { $0.layerClass is CAEmitterLayer.Type })
        let system = try #require(CAEmitterParticleSystem(record: snapshot.records[index]))
        let n = system.particles(atLayerTime: snapshot.localTime(ofLayerAt: index, hostTime: 0.7)).count
        #expect(n >= 3)
        let frame = Renderer().render(snapshot, at: 0.7, into: Canvas(width: 200, height: 200))
        let expected = mode == .additive ? min(64 * n, 255) : 64
        #expect(abs(Int(frame.pixel(x: 50, y: 50).green) - expected) <= 1)
        #expect(frame.pixel(x: 50, y: 50).alpha == 255)
    }

    /// A ring and a square, drawn the same by a tiled and a plain layer.
    static func drawRing(in ctx: CGContext) {
        ctx.setStrokeColor(RenderFixtures.red)
        ctx.setLineWidth(6)
        ctx.strokeEllipse(in: CGRect(x: 10, y: 10, width: 100, height: 100))
        ctx.setFillColor(RenderFixtures.blue)
        ctx.fill(CGRect(x: 55, y: 55, width: 10, height: 10))
    }

    final class RingTiles: CATiledLayer {
        override func draw(in ctx: CGContext) { EmitterAndTiledLayerTests.drawRing(in: ctx) }
    }

    final class RingLayer: CALayer {
        override func draw(in ctx: CGContext) { EmitterAndTiledLayerTests.drawRing(in: ctx) }
    }

    @Test func tilesMakeThePictureOfOneDrawing() {
        func render(_ layer: CALayer) -> Frame {
            let root = F.root(width: 120, height: 120)
            layer.frame = root.bounds
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            root.addSublayer(layer)
            return F.render(root)
        }
        let tiled = RingTiles()
        tiled.tileSize = CGSize(width: 32, height: 32)
        let tiledFrame = render(tiled)
        #expect(tiled.tiles.tiles.count == 16)
        // Where a tile's edge cuts the antialiased ring, the two tiles'
        // coverages add up to within a few levels of the whole's.
        #expect(tiledFrame.maximumDifference(from: render(RingLayer())) <= 8)
        #expect(tiledFrame.pixel(x: 60, y: 60) == .opaque(0, 0, 255))
    }
}
