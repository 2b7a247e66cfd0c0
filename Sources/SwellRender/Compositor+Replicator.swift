import Foundation
import CCairo
import SwellCore

/// `CAReplicatorLayer` (Apple's CAReplicatorLayer reference): the
/// sublayers drawn once per instance k (docs/layers.md#careplicatorlayer),
/// each copy under `instanceTransform` k times about the bounds' centre,
/// at its time shifted by −k × `instanceDelay`, its pixels multiplied by
/// `instanceColor` plus k times the colour offsets. With `preservesDepth`
/// the copies' layers are sorted together by depth, as a transform layer's
/// sublayers are; otherwise copy after copy.
extension Compositor {
    func drawInstances(of index: Int, _ children: [Int], toParent: CATransform3D?, on cr: OpaquePointer,
                       plane: Homography, alpha: Double, orientation: Double) {
        let replicator = presented(index, state(of: index))
        let instances = CAReplicatorLayer.instances { replicator.value(forKey: $0) }
        let preservesDepth = replicator.value(forKey: "preservesDepth") as? Bool ?? false
        var placed: [PlacedLayer] = []
        for instance in instances {
            var copy = self
            if instance.timeOffset != 0 { copy.shifts[index] = instance.timeOffset }
            let matrix = toParent.map { CATransform3DConcat(instance.transform, $0) } ?? instance.transform
            let rgba = (instance.color.components ?? [1, 1, 1, 1]).map(Double.init)
            let tint = rgba == [1, 1, 1, 1] ? nil : rgba
            if preservesDepth {
                placed += copy.placed(children, toParent: matrix, tint: tint)
            } else {
                Self.tinting(by: tint, on: cr) {
                    copy.drawChildren(children, toParent: matrix, on: cr, plane: plane, alpha: alpha,
                                      orientation: orientation)
                }
            }
        }
        drawByDepth(placed, on: cr, plane: plane, alpha: alpha, orientation: orientation)
    }

    /// Runs `draw` on `cr`, its pixels multiplied by `tint` when there is one.
    static func tinting(by tint: [Double]?, on cr: OpaquePointer, _ draw: () -> Void) {
        guard let tint else { return draw() }
        cairo_push_group(cr)
        draw()
        let group = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(group) }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface else { return }
        ImageSurface.multiply(surface, by: tint)
        cairo_save(cr)
        cairo_set_source(cr, group)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
