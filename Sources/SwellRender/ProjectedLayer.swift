import Foundation
import CCairo
import SwellCore

/// A layer whose plane maps to the surface by a projective homography
/// (perspective from `m34`): drawn flat on a surface of its own, at the
/// largest magnification the map has over the layer, then warped onto the
/// surface exactly — every destination pixel's centre mapped back through
/// the inverse homography and sampled bilinearly. Only the part of the
/// plane in front of the eye (w > 0) is drawn.
struct ProjectedLayer {
    let compositor: Compositor
    let index: Int
    let state: LayerState
    let plane: Homography

    /// Pixels per layer point are capped here, and a flattened layer at
    /// 4,096 × 4,096 pixels: near the horizon the magnification grows
    /// without bound.
    static let maximumMagnification = 16.0
    static let maximumPixels = 4096.0 * 4096.0

    func draw(on cr: OpaquePointer, alpha: Double, orientation: Double) {
        guard let toLayer = plane.inverse else { return }
        let target = clipExtents(of: cr)
        var region = compositor.extent(of: index, state)
        if !(region.width.isFinite && region.height.isFinite) {
            // A drawer that cannot say where it paints: the part of the
            // plane that can reach the target, when the target's corners
            // all come from in front of the eye.
            let corners = [CGPoint(x: target.minX, y: target.minY), CGPoint(x: target.maxX, y: target.minY),
                           CGPoint(x: target.maxX, y: target.maxY), CGPoint(x: target.minX, y: target.maxY)]
            let back = corners.compactMap(toLayer.project)
            guard back.count == 4 else { return }
            region = region.intersection(PlaneClipping.boundingBox(back))
        }
        let polygon = PlaneClipping.visiblePolygon(of: region, under: plane)
        guard polygon.count >= 3 else { return }
        let image = PlaneClipping.boundingBox(polygon.compactMap(plane.project)).intersection(target)
        guard !image.isNull, image.width >= 0.5, image.height >= 0.5 else { return }
        let flat = PlaneClipping.boundingBox(polygon).intersection(region)
        guard !flat.isNull, flat.width > 0, flat.height > 0 else { return }

        var scale = min(polygon.map(plane.magnification(at:)).max() ?? 1, Self.maximumMagnification)
        scale = min(scale, (Self.maximumPixels / (flat.width * flat.height)).squareRoot())
        // One transparent pixel around the layer, so that sampling fades its
        // edges in.
        let toFlat = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 1 - flat.minX * scale, ty: 1 - flat.minY * scale)
        let layerSurface = ImageSurface(width: Int((flat.width * scale).rounded(.up)) + 2,
                                        height: Int((flat.height * scale).rounded(.up)) + 2)
        let flipped: Double = plane.determinant < 0 ? -1 : 1
        // Drawn flat normally: the blend mode applies where the warped
        // picture meets what is beneath it.
        var flatState = state
        flatState.compositingFilter = nil
        layerSurface.draw { flatCR in
            compositor.drawFlat(index, flatState, on: flatCR, matrix: toFlat, alpha: 1,
                                orientation: orientation * flipped)
        }
        let x0 = Int(image.minX.rounded(.down)), y0 = Int(image.minY.rounded(.down))
        let warped = ImageSurface(width: Int(image.maxX.rounded(.up)) - x0, height: Int(image.maxY.rounded(.up)) - y0)
        Self.warp(layerSurface, into: warped, origin: (x0, y0), deviceToSource: toLayer.concatenating(Homography(toFlat)))
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, warped.pointer, Double(x0), Double(y0))
        if let blend = state.compositingFilter?.blendOperator {
            CairoBlend.paint(with: blend, alpha: alpha, on: cr)
        } else {
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// The device-space rectangle `cr` may paint in.
    private func clipExtents(of cr: OpaquePointer) -> CGRect {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Fills `destination` (whose pixel (0, 0) is device pixel `origin`)
    /// with `source` seen through `deviceToSource`: each pixel centre is
    /// mapped into the source and sampled bilinearly between the four
    /// nearest source pixels' centres, transparent outside the source and
    /// where the centre comes from behind the eye (w ≤ 0).
    static func warp(_ source: ImageSurface, into destination: ImageSurface, origin: (x: Int, y: Int),
                     deviceToSource map: Homography) {
        let (sw, sh, sourceStride) = (source.width, source.height, source.stride / 4)
        let (dw, dh, destinationStride) = (destination.width, destination.height, destination.stride / 4)
        source.withBytes { sourceBytes in
            destination.withMutableBytes { destinationBytes in
                let pixels = UnsafeRawPointer(sourceBytes).assumingMemoryBound(to: UInt32.self)
                let out = UnsafeMutableRawPointer(destinationBytes).assumingMemoryBound(to: UInt32.self)
                func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                    guard x >= 0, y >= 0, x < sw, y < sh else { return .zero }
                    let word = pixels[y * sourceStride + x]
                    return SIMD4(Float(word >> 24), Float((word >> 16) & 0xFF), Float((word >> 8) & 0xFF), Float(word & 0xFF))
                }
                for py in 0..<dh {
                    let y = Double(origin.y + py) + 0.5
                    for px in 0..<dw {
                        let h = map.homogeneous(Double(origin.x + px) + 0.5, y)
                        guard h.z > 0 else { continue }
                        let u = h.x / h.z - 0.5, v = h.y / h.z - 0.5
                        guard u > -1, v > -1, u < Double(sw), v < Double(sh) else { continue }
                        let (fu, fv) = (u.rounded(.down), v.rounded(.down))
                        let (ix, iy) = (Int(fu), Int(fv))
                        let (ax, ay) = (Float(u - fu), Float(v - fv))
                        let top = texel(ix, iy) * (1 - ax) + texel(ix + 1, iy) * ax
                        let bottom = texel(ix, iy + 1) * (1 - ax) + texel(ix + 1, iy + 1) * ax
                        let c = (top * (1 - ay) + bottom * ay).rounded(.toNearestOrEven)
                        out[py * destinationStride + px] = UInt32(c.x) << 24 | UInt32(c.y) << 16 | UInt32(c.z) << 8 | UInt32(c.w)
                    }
                }
            }
        }
    }
}
