import Foundation
import CCairo
import SwellCore

/// `CAReplicatorLayer` (Apple's CAReplicatorLayer reference): the
/// sublayers drawn once per instance k (docs/layers.md#careplicatorlayer),
/// each copy under `instanceTransform` k times about the bounds' centre,
/// at its time shifted by −k × `instanceDelay`, its pixels multiplied by
/// `instanceColor` plus k times the colour offsets.
extension Compositor {
    func drawInstances(of index: Int, _ children: [Int], toParent: CATransform3D?, on cr: OpaquePointer,
                       plane: Homography, alpha: Double, orientation: Double) {
        let replicator = presented(index, state(of: index))
        let instances = CAReplicatorLayer.instances { replicator.value(forKey: $0) }
        for instance in instances {
            var copy = self
            if instance.timeOffset != 0 { copy.shifts[index] = instance.timeOffset }
            let matrix = toParent.map { CATransform3DConcat(instance.transform, $0) } ?? instance.transform
            let rgba = (instance.color.components ?? [1, 1, 1, 1]).map(Double.init)
            if rgba == [1, 1, 1, 1] {
                copy.drawChildren(children, toParent: matrix, on: cr, plane: plane, alpha: alpha, orientation: orientation)
                continue
            }
            cairo_push_group(cr)
            copy.drawChildren(children, toParent: matrix, on: cr, plane: plane, alpha: alpha, orientation: orientation)
            let group = cairo_pop_group(cr)!
            defer { cairo_pattern_destroy(group) }
            var surface: OpaquePointer?
            guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface else { continue }
            ImageSurface.multiply(surface, by: rgba)
            cairo_save(cr)
            cairo_set_source(cr, group)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}
