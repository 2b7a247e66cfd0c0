import Foundation

/// The paths of Lottie's parametric shapes as After Effects draws them
/// (docs/lottie.md#shapes): where each starts and which way it turns
/// matter to trim paths, so they follow lottie-web's construction — a
/// rectangle from its top-right corner, an ellipse from its top, a star
/// from its first outer point, clockwise unless `"d": 3` reverses them.
enum ShapePaths {
    /// The length of a quarter circle's Bézier handles, per unit radius.
    static let kappa = 0.5519150244935105707435627

    static func bezier(of geometry: LottieGeometry, at frame: Double) -> LottieBezier {
        switch geometry {
        case .path(let path):
            return path.value(at: frame)
        case .rectangle(let position, let size, let roundness, let reversed):
            let p = position.value(at: frame), s = size.value(at: frame)
            return rectangle(center: CGPoint(x: p[0], y: p.count > 1 ? p[1] : 0),
                             size: CGSize(width: s[0], height: s.count > 1 ? s[1] : s[0]),
                             radius: roundness.scalar(at: frame), reversed: reversed)
        case .ellipse(let position, let size, let reversed):
            let p = position.value(at: frame), s = size.value(at: frame)
            return ellipse(center: CGPoint(x: p[0], y: p.count > 1 ? p[1] : 0),
                           size: CGSize(width: s[0], height: s.count > 1 ? s[1] : s[0]), reversed: reversed)
        case .star(let star):
            return self.star(star, at: frame)
        }
    }

    static func rectangle(center c: CGPoint, size: CGSize, radius: Double, reversed: Bool) -> LottieBezier {
        let hw = size.width / 2, hh = size.height / 2
        let r = max(0, min(radius, hw, hh))
        let (left, right, top, bottom) = (c.x - hw, c.x + hw, c.y - hh, c.y + hh)
        var vertices: [LottieBezier.Vertex]
        if r == 0 {
            vertices = [CGPoint(x: right, y: top), CGPoint(x: right, y: bottom), CGPoint(x: left, y: bottom),
                        CGPoint(x: left, y: top)].map { .init(point: $0, inTangent: .zero, outTangent: .zero) }
        } else {
            let h = r * kappa
            func v(_ x: Double, _ y: Double, in i: (Double, Double), out o: (Double, Double)) -> LottieBezier.Vertex {
                .init(point: CGPoint(x: x, y: y), inTangent: CGPoint(x: i.0, y: i.1), outTangent: CGPoint(x: o.0, y: o.1))
            }
            vertices = [
                v(right, top + r, in: (0, -h), out: (0, 0)), v(right, bottom - r, in: (0, 0), out: (0, h)),
                v(right - r, bottom, in: (h, 0), out: (0, 0)), v(left + r, bottom, in: (0, 0), out: (-h, 0)),
                v(left, bottom - r, in: (0, h), out: (0, 0)), v(left, top + r, in: (0, 0), out: (0, -h)),
                v(left + r, top, in: (-h, 0), out: (0, 0)), v(right - r, top, in: (0, 0), out: (h, 0)),
            ]
        }
        let path = LottieBezier(vertices: vertices, isClosed: true)
        return reversed ? path.reversedKeepingStart : path
    }

    static func ellipse(center c: CGPoint, size: CGSize, reversed: Bool) -> LottieBezier {
        let rx = size.width / 2, ry = size.height / 2
        let hx = rx * kappa, hy = ry * kappa
        let path = LottieBezier(vertices: [
            .init(point: CGPoint(x: c.x, y: c.y - ry), inTangent: CGPoint(x: -hx, y: 0), outTangent: CGPoint(x: hx, y: 0)),
            .init(point: CGPoint(x: c.x + rx, y: c.y), inTangent: CGPoint(x: 0, y: -hy), outTangent: CGPoint(x: 0, y: hy)),
            .init(point: CGPoint(x: c.x, y: c.y + ry), inTangent: CGPoint(x: hx, y: 0), outTangent: CGPoint(x: -hx, y: 0)),
            .init(point: CGPoint(x: c.x - rx, y: c.y), inTangent: CGPoint(x: 0, y: hy), outTangent: CGPoint(x: 0, y: -hy)),
        ], isClosed: true)
        return reversed ? path.reversedKeepingStart : path
    }

    /// A star's outer and inner points alternate; a polygon has only outer
    /// ones. Roundness pulls each point's handles along the tangent of its
    /// circle, a fraction of the arc between points.
    static func star(_ star: LottieStar, at frame: Double) -> LottieBezier {
        let p = star.position.value(at: frame)
        let center = CGPoint(x: p[0], y: p.count > 1 ? p[1] : 0)
        // Eased keyframes may overshoot, and overflow to inf or NaN.
        let wanted = star.points.scalar(at: frame).rounded(.down)
        let points = wanted.isFinite ? Int(min(max(wanted, 0), LottieStar.maximumPoints)) : 0
        let count = star.isStar ? points * 2 : points
        guard count > 0 else { return LottieBezier(vertices: [], isClosed: true) }
        let outer = star.outerRadius.scalar(at: frame), inner = star.innerRadius.scalar(at: frame)
        let outerRound = star.outerRoundness.scalar(at: frame) / 100, innerRound = star.innerRoundness.scalar(at: frame) / 100
        let direction = star.reversed ? -1.0 : 1.0
        let step = 2 * .pi / Double(count)
        var angle = -.pi / 2 + star.rotation.scalar(at: frame) * .pi / 180
        var vertices: [LottieBezier.Vertex] = []
        for k in 0..<count {
            let isOuter = !star.isStar || k % 2 == 0
            let radius = isOuter ? outer : inner, roundness = isOuter ? outerRound : innerRound
            // The arc between neighbouring points, a quarter of it for a polygon.
            let arc = 2 * .pi * radius / Double(star.isStar ? count * 2 : count * 4)
            let x = radius * cos(angle), y = radius * sin(angle)
            let length = (x * x + y * y).squareRoot()
            let (tx, ty) = length == 0 ? (0.0, 0.0) : (y / length, -x / length)
            let handle = CGPoint(x: tx * arc * roundness * direction, y: ty * arc * roundness * direction)
            vertices.append(.init(point: CGPoint(x: center.x + x, y: center.y + y),
                                  inTangent: handle, outTangent: CGPoint(x: -handle.x, y: -handle.y)))
            angle += step * direction
        }
        return LottieBezier(vertices: vertices, isClosed: true)
    }

    /// Rounds every sharp corner (a vertex without handles) with a quarter
    /// circle's handles, cutting at most half of each edge
    /// (docs/lottie.md#shapes, round corners).
    static func roundingCorners(_ path: LottieBezier, radius: Double) -> LottieBezier {
        guard radius > 0, path.vertices.count > 1 else { return path }
        let count = path.vertices.count
        var result: [LottieBezier.Vertex] = []
        for (k, vertex) in path.vertices.enumerated() {
            let isEnd = !path.isClosed && (k == 0 || k == count - 1)
            guard vertex.isCorner, !isEnd else {
                result.append(vertex)
                continue
            }
            let previous = path.vertices[(k + count - 1) % count].point, next = path.vertices[(k + 1) % count].point
            func cut(towards other: CGPoint) -> CGPoint {
                let d = other - vertex.point
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                guard length > 0 else { return vertex.point }
                return vertex.point + d * (min(length / 2, radius) / length)
            }
            let a = cut(towards: previous), b = cut(towards: next)
            result.append(.init(point: a, inTangent: .zero, outTangent: (vertex.point - a) * kappa))
            result.append(.init(point: b, inTangent: (vertex.point - b) * kappa, outTangent: .zero))
        }
        return LottieBezier(vertices: result, isClosed: path.isClosed)
    }
}

extension LottieBezier {
    /// The same closed path travelled the other way from the same vertex.
    var reversedKeepingStart: LottieBezier {
        guard let first = vertices.first else { return self }
        let rest = vertices.dropFirst().reversed()
        return LottieBezier(vertices: ([first] + rest).map {
            .init(point: $0.point, inTangent: $0.outTangent, outTangent: $0.inTangent)
        }, isClosed: isClosed)
    }
}
