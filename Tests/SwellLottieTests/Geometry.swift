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
