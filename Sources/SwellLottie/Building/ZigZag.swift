import Foundation

/// Zig zag as After Effects draws it and lottie-web rebuilds it: every
/// vertex of the path, and `ridges` points spread evenly (in the curve's
/// parameter) over each segment between them, move `size` off the path
/// along its normal, to alternate sides — the first vertex inwards on a
/// clockwise path. Corner points keep no handles; smooth ones get handles
/// along the path, a ridge's length long, half the segment's chord divided
/// by the ridges plus one.
enum ZigZag {
    static func apply(_ path: LottieBezier, size: Double, ridges: Int, smooth: Bool) -> LottieBezier {
        let count = path.vertices.count
        let edges = path.isClosed ? count : count - 1
        guard size != 0, edges > 0 else { return path }
        let steps = Double(max(ridges, 0) + 1)
        var side = -1.0
        var vertices: [LottieBezier.Vertex] = []
        /// A point moved off the path whose direction there is `direction`.
        func add(_ point: CGPoint, direction: CGPoint, in inLength: Double, out outLength: Double) {
            let along = direction.unit
            let normal = CGPoint(x: along.y, y: -along.x)
            vertices.append(.init(point: point + normal * (side * size), inTangent: along * -inLength,
                                  outTangent: along * outLength))
            side = -side
        }
        /// Vertex `k`, whose direction is from its neighbours, the previous
        /// and the next wrapping round even on an open path, as lottie-web's.
        func corner(_ k: Int) {
            let point = path.vertices[k % count].point
            let previous = path.vertices[(k + count - 1) % count].point, next = path.vertices[(k + 1) % count].point
            add(point, direction: next - previous, in: smooth ? point.distance(to: previous) / (2 * steps) : 0,
                out: smooth ? point.distance(to: next) / (2 * steps) : 0)
        }
        corner(0)
        for k in 0..<edges {
            let segment = CubicSegment(path, edge: k)
            let handle = smooth ? segment.p0.distance(to: segment.p3) / (2 * steps) : 0
            for ridge in stride(from: 1.0, to: steps, by: 1) {
                let t = ridge / steps
                add(segment.point(at: t), direction: segment.derivative(at: t), in: handle, out: handle)
            }
            corner(k + 1)
        }
        // A closed path comes back to its first vertex: the same point
        // again when the count of points is even.
        if path.isClosed, vertices.count > 1, vertices[vertices.count - 1] == vertices[0] { vertices.removeLast() }
        return LottieBezier(vertices: vertices, isClosed: path.isClosed)
    }
}
