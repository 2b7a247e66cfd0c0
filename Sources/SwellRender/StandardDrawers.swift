import Foundation
import SwellCore

extension LayerDrawers {
    /// The drawers of Core Animation's layer subclasses that draw
    /// something of their own (docs/render.md#layer-kinds).
    public static var standard: LayerDrawers {
        var drawers = LayerDrawers()
        drawers.register(ShapeLayerDrawer(), for: CAShapeLayer.self)
        drawers.register(GradientLayerDrawer(), for: CAGradientLayer.self)
        drawers.register(TextLayerDrawer(), for: CATextLayer.self)
        drawers.register(EmitterLayerDrawer(), for: CAEmitterLayer.self)
        drawers.register(TiledLayerDrawer(), for: CATiledLayer.self)
        return drawers
    }
}
