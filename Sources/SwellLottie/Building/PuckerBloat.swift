import Foundation

/// Pucker and bloat, After Effects' modifier as lottie-web rebuilds it:
/// each vertex moves `amount` percent of the way towards the path's
/// centre, each handle's end as far away from it — a bloat; a negative
/// amount moves vertices out and handles in, a pucker. The centre is the
/// middle of the box of the vertices, where After Effects' frames put it
/// (lottie-web's mean of the vertices puts a pentagon's a pixel off).
enum PuckerBloat {
    static func apply(_ path: LottieBezier, amount: Double) -> LottieBezier {
        guard amount != 0, !path.vertices.isEmpty else { return path }
        let fraction = amount / 100
        let xs = path.vertices.map(\.point.x), ys = path.vertices.map(\.point.y)
        let centre = CGPoint(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
        return LottieBezier(vertices: path.vertices.map { vertex in
            let point = vertex.point + (centre - vertex.point) * fraction
            func handle(_ tangent: CGPoint) -> CGPoint {
                let end = vertex.point + tangent
                return end + (end - centre) * fraction - point
            }
            return .init(point: point, inTangent: handle(vertex.inTangent), outTangent: handle(vertex.outTangent))
        }, isClosed: path.isClosed)
    }
}
