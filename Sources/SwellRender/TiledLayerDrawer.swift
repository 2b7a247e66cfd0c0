import Foundation
import CCairo
import SwellCore

/// `CATiledLayer` (Apple's CATiledLayer reference): the tiles its
/// `display()` drew (docs/layers.md#catiledlayer), of the level of detail
/// whose pixels per point are nearest the device's, each tile's recording
/// replayed in its rectangle and clipped to it.
struct TiledLayerDrawer: LayerDrawer {
    var placement: LayerDrawingPlacement { .underContents }

    func draw(_ layer: PresentedLayer, in context: LayerDrawingContext) {
        guard let tiles = layer.renderState as? CATiledLayer.Tiles, !tiles.tiles.isEmpty else { return }
        let cr = context.cairo
        let contentsScale = max(layer.value(forKey: "contentsScale") as? CGFloat ?? 1, .leastNormalMagnitude)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let devicePixelsPerPoint = max(abs(m.xx * m.yy - m.xy * m.yx).squareRoot(), .leastNormalMagnitude)
        func distance(_ tile: CATiledLayer.Tile) -> Double {
            abs(log2(Double(tile.scale * contentsScale) / devicePixelsPerPoint))
        }
        guard let nearest = tiles.tiles.min(by: { distance($0) < distance($1) })?.level else { return }
        for tile in tiles.tiles where tile.level == nearest {
            let pixels = tile.scale * contentsScale
            cairo_save(cr)
            cairo_rectangle(cr, tile.rect.minX, tile.rect.minY, tile.rect.width, tile.rect.height)
            cairo_clip(cr)
            cairo_translate(cr, tile.rect.minX, tile.rect.minY)
            cairo_scale(cr, 1 / pixels, 1 / pixels)
            DisplayListReplay.replay(tile.drawing, in: context)
            cairo_restore(cr)
        }
    }

    func paintedBounds(of layer: PresentedLayer) -> CGRect? { layer.bounds }
}
