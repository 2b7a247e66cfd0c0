import Foundation
import SwellCore
@testable import SwellLottie

/// Whether two points are within `tolerance` of each other.
func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// A path of corners (no handles) through `points`.
func polygon(_ points: [(Double, Double)], closed: Bool = true) -> LottieBezier {
    LottieBezier(vertices: points.map {
        .init(point: CGPoint(x: $0.0, y: $0.1), inTangent: .zero, outTangent: .zero)
    }, isClosed: closed)
}

/// Points along every segment of `path` (its ends and inner points).
func samples(of path: LottieBezier, per segment: Int = 16) -> [CGPoint] {
    let count = path.vertices.count
    let edges = path.isClosed ? count : count - 1
    return (0..<edges).flatMap { k -> [CGPoint] in
        let a = path.vertices[k], b = path.vertices[(k + 1) % count]
        let p0 = a.point, p1 = a.point + a.outTangent, p2 = b.point + b.inTangent, p3 = b.point
        return (0...segment).map { i in
            let t = Double(i) / Double(segment), u = 1 - t
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }
}
