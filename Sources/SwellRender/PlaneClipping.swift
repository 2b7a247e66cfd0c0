import Foundation
import SwellCore

/// The part of a layer's plane in front of the eye.
///
/// Where w ≤ 0 a point maps to infinity or behind the viewer, and nothing
/// is drawn there; w is linear on the plane, so the visible part of a
/// convex polygon is the polygon cut by one line (Sutherland–Hodgman with
/// a single edge).
enum PlaneClipping {
    /// The smallest w kept: beyond it a point's image is farther than any
    /// canvas reaches.
    static let minimumW = 1e-6

    /// `rect`'s part where `h`'s w ≥ ``minimumW``, as a convex polygon
    /// (empty when none of it is in front).
    static func visiblePolygon(of rect: CGRect, under h: Homography) -> [CGPoint] {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        if h.isAffine { return corners }
        var kept: [CGPoint] = []
        for (i, p) in corners.enumerated() {
            let q = corners[(i + 1) % corners.count]
            let (wp, wq) = (h.w(p) - minimumW, h.w(q) - minimumW)
            if wp >= 0 { kept.append(p) }
            if (wp >= 0) != (wq >= 0) {
                let t = wp / (wp - wq)
                kept.append(CGPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
            }
        }
        return kept
    }

    /// The bounding box of `rect`'s visible part's image under `h`, or nil
    /// when none of it is in front of the eye.
    static func imageBounds(of rect: CGRect, under h: Homography) -> CGRect? {
        let polygon = visiblePolygon(of: rect, under: h).compactMap(h.project)
        return polygon.isEmpty ? nil : boundingBox(polygon)
    }

    static func boundingBox(_ points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (minX, minY) = (xs.min()!, ys.min()!)
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
