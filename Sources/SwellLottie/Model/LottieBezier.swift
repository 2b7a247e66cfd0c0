import Foundation
import SwellCore

/// A Lottie path (`{"c", "v", "i", "o"}`): vertices with in and out
/// tangents relative to them, open or closed.
struct LottieBezier: LottieInterpolatable, Sendable {
    struct Vertex: Equatable, Sendable {
        var point: CGPoint
        /// The control point before the vertex, relative to it.
        var inTangent: CGPoint
        /// The control point after it, relative to it.
        var outTangent: CGPoint

        var isCorner: Bool { inTangent == .zero && outTangent == .zero }
    }

    var vertices: [Vertex]
    var isClosed: Bool

    init(vertices: [Vertex], isClosed: Bool) {
        self.vertices = vertices
        self.isClosed = isClosed
    }

    static func interpolate(_ start: LottieBezier, _ end: LottieBezier, eased: [Double],
                            spatial: (out: CGPoint, in: CGPoint)?) -> LottieBezier {
        start.interpolated(to: end, fraction: eased[0])
    }

    /// Vertex-wise interpolation; paths of different lengths jump at the end.
    func interpolated(to other: LottieBezier, fraction: Double) -> LottieBezier {
        guard vertices.count == other.vertices.count else { return fraction < 1 ? self : other }
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
        }
        return LottieBezier(vertices: zip(vertices, other.vertices).map { a, b in
            Vertex(point: mix(a.point, b.point), inTangent: mix(a.inTangent, b.inTangent),
                   outTangent: mix(a.outTangent, b.outTangent))
        }, isClosed: isClosed)
    }

    /// Whether the vertices turn clockwise on screen (y down): the
    /// shoelace sum of their polygon is positive.
    var turnsClockwise: Bool {
        let points = vertices.map(\.point)
        guard points.count > 2 else { return true }
        var twiceArea = 0.0
        for k in points.indices {
            let (a, b) = (points[k], points[(k + 1) % points.count])
            twiceArea += a.x * b.y - b.x * a.y
        }
        return twiceArea >= 0
    }

    /// Appends the path to `path`, under `transform`.
    func add(to path: CGMutablePath, transform: CGAffineTransform = .identity) {
        guard let first = vertices.first else { return }
        path.move(to: first.point, transform: transform)
        let count = vertices.count
        let edges = isClosed ? count : count - 1
        for k in 0..<max(edges, 0) {
            let a = vertices[k], b = vertices[(k + 1) % count]
            if a.outTangent == .zero && b.inTangent == .zero {
                path.addLine(to: b.point, transform: transform)
            } else {
                path.addCurve(to: b.point, control1: a.point + a.outTangent, control2: b.point + b.inTangent,
                              transform: transform)
            }
        }
        if isClosed { path.closeSubpath() }
    }

    /// The path alone.
    var cgPath: CGPath {
        let path = CGMutablePath()
        add(to: path)
        return path
    }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: CGPoint, k: Double) -> CGPoint { CGPoint(x: a.x * k, y: a.y * k) }
}
