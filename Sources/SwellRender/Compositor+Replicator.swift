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
            Self.multiply(surface, by: rgba)
            cairo_save(cr)
            cairo_set_source(cr, group)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Multiplies every premultiplied pixel of an image surface by a
    /// straight colour: red, green and blue by the colour's component
    /// times its alpha, alpha by its alpha.
    private static func multiply(_ surface: OpaquePointer, by rgba: [Double]) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let (width, height) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let factors = [rgba[2] * rgba[3], rgba[1] * rgba[3], rgba[0] * rgba[3], rgba[3]].map { UInt32(($0 * 256).rounded()) }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] != 0 {
                var word: UInt32 = 0
                for (channel, factor) in factors.enumerated() {
                    let shift = UInt32(8 * channel)
                    word |= ((((row[x] >> shift) & 0xFF) * factor + 128) >> 8) << shift
                }
                row[x] = word
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
