import Foundation
import Testing
@testable import SwellCore

/// CAScrollLayer and the CALayer scrolling category against Apple's
/// CAScrollLayer reference and "iOS Core Animation: Advanced Techniques",
/// chapter 6; CATiledLayer's tiles against its listing 6.12 (a 2048 × 2048
/// layer in 256-pixel tiles, the tile picked from the clip's bounding box).
@Suite struct ScrollAndTiledLayerTests {
    func scrollTree() -> (scroll: CAScrollLayer, content: CALayer) {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let content = CALayer()
        content.frame = CGRect(x: 20, y: 10, width: 500, height: 500)
        scroll.addSublayer(content)
        return (scroll, content)
    }

    @Test func scrollingMovesTheBoundsOriginAlongTheAllowedAxes() {
        let (scroll, _) = scrollTree()
        #expect(scroll.scrollMode == .both)
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroll.bounds == CGRect(x: 30, y: 40, width: 100, height: 50))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 5, y: 6))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 40))
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 7, y: 8))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 8))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 0, y: 0))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 8))
    }

    @Test func scrollingToARectMovesAsLittleAsShowsIt() {
        let (scroll, _) = scrollTree()
        scroll.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20)) // right of the view: its right edge
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 0))
        scroll.scroll(to: CGRect(x: 80, y: 20, width: 10, height: 10)) // already visible
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 0))
        scroll.scroll(to: CGRect(x: 10, y: -30, width: 300, height: 10)) // left and above; wider than the view
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: -30))
    }

    @Test func aSublayerScrollsItsScrollLayerAndKnowsWhatIsVisible() {
        let (scroll, content) = scrollTree()
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 80, height: 40))
        content.scroll(CGPoint(x: 100, y: 100)) // content (100, 100) is scroll (120, 110)
        #expect(scroll.bounds.origin == CGPoint(x: 120, y: 110))
        #expect(content.visibleRect == CGRect(x: 100, y: 100, width: 100, height: 50))
        content.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 20, y: 10))
        let lone = CALayer()
        lone.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        lone.scroll(CGPoint(x: 5, y: 5)) // no scroll layer above: nothing moves
        #expect(lone.visibleRect == lone.bounds)
        #expect(scroll.visibleRect == scroll.bounds)
    }

    /// Records the clip and matrix of every `draw(in:)` call.
    final class TileLog: CALayerDelegate {
        var clips: [CGRect] = []
        var scales: [CGFloat] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            clips.append(ctx.boundingBoxOfClipPath)
            scales.append(ctx.ctm.a)
            ctx.setFillColor(.white)
            ctx.fill(ctx.boundingBoxOfClipPath)
        }
    }

    @Test func tiledDefaultsAreApples() {
        let tiled = CATiledLayer()
        #expect(tiled.tileSize == CGSize(width: 256, height: 256))
        #expect(tiled.levelsOfDetail == 1 && tiled.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
    }

    @Test func displayDrawsEachTileWithItsRectangleAsTheClip() {
        let log = TileLog()
        let tiled = CATiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        tiled.delegate = log
        tiled.display()
        // Listing 6.12: 8 × 8 tiles; each picks its image by the clip's origin.
        #expect(log.clips.count == 64)
        let picked = log.clips.map { (Int(($0.minX / 256).rounded(.down)), Int(($0.minY / 256).rounded(.down))) }
        #expect(picked.map(\.0) == (0..<64).map { $0 % 8 })
        #expect(picked.map(\.1) == (0..<64).map { $0 / 8 })
        #expect(log.clips.allSatisfy { $0.size == CGSize(width: 256, height: 256) })
        let tiles = tiled.tiles.tiles
        #expect(tiles.map(\.rect) == log.clips)
        // Drawn in the tile's pixels: the fill covers the whole tile.
        #expect(tiles[9].drawing.size == CGSize(width: 256, height: 256))
        var tile = PathValue()
        tile.addRect(CGRect(x: 0, y: 0, width: 256, height: 256))
        #expect(tiles[9].drawing.operations == [.clip(tile, rule: .winding), .fill(tile, rule: .winding, color: .white)])
    }

    @Test func tilesArePixelsSoRetinaTilesAreHalfAsManyPoints() {
        let tiled = CATiledLayer()
        tiled.bounds = CGRect(x: 0, y: 0, width: 600, height: 300)
        #expect(tiled.tileRects(atScale: 1).count == 3 * 2)
        tiled.contentsScale = 2
        let rects = tiled.tileRects(atScale: 1)
        #expect(rects.count == 5 * 3)
        #expect(rects.last == CGRect(x: 512, y: 256, width: 128, height: 128))
    }

    @Test func levelsOfDetailHalveTheResolutionFromTheBias() {
        let log = TileLog()
        let tiled = CATiledLayer()
        tiled.bounds = CGRect(x: 0, y: 0, width: 512, height: 256)
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 1
        #expect(tiled.levelScales == [2, 1, 0.5])
        tiled.delegate = log
        tiled.display()
        // 2×: 4 × 2 tiles; 1×: 2 × 1; 0.5×: one tile of 512 points.
        #expect(tiled.tiles.tiles.map(\.level) == Array(repeating: 0, count: 8) + [1, 1, 2])
        #expect(log.scales == Array(repeating: 2, count: 8) + [1, 1, 0.5])
        #expect(log.clips.last == CGRect(x: 0, y: 0, width: 512, height: 512))
        tiled.levelsOfDetail = 12 // 512 × 2^(1−11) is half a pixel: the last levels go
        #expect(tiled.levelScales.count == 10)
    }

    @Test func tilesReachTheSnapshot() {
        let tiled = CATiledLayer()
        tiled.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let stage = LayerStage(tiled)
        tiled.display()
        let published = stage.record().renderState as? CATiledLayer.Tiles
        #expect(published?.tiles.count == 1 && published?.fadeDuration == 0.25)
    }
}
