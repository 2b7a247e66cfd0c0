import Foundation

extension PathMeasurement {
    /// The part of the path between `start` and `end` along its length
    /// (both clamped to 0…length): what `CAShapeLayer` strokes between
    /// `strokeStart` and `strokeEnd`, which Apple's reference defines as
    /// fractions of the path's length. Curves are cut exactly (de
    /// Casteljau), not flattened; a piece continues its subpath where the
    /// original did and starts a new one after a move.
    public func path(fromDistance start: Double, toDistance end: Double) -> PathValue {
        var path = PathValue()
        let (from, to) = (max(start, 0), min(end, length))
        guard from < to else { return path }
        var segmentStart = 0.0
        var previous: Int?
        for (index, segment) in segments.enumerated() {
            defer { segmentStart += segment.length }
            let a = max(from - segmentStart, 0), b = min(to - segmentStart, segment.length)
            guard a < b else { continue }
            let piece = segment.points(fromParameter: segment.parameter(atDistance: a),
                                       toParameter: segment.parameter(atDistance: b))
            if previous != index - 1 || segments[index - 1].end != segment.start { path.move(to: piece[0]) }
            switch piece.count {
            case 2: path.addLine(to: piece[1])
            case 3: path.addQuadCurve(to: piece[2], control: piece[1])
            default: path.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
            }
            previous = index
        }
        return path
    }
}

extension PathSegment {
    /// The control points of the part of the segment between parameters
    /// `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1): the same curve, reparametrised.
    public func points(fromParameter t0: Double, toParameter t1: Double) -> [CGPoint] {
        // The part before t1, then the part of that after t0 / t1.
        let head = Self.split(points, at: t1).before
        return t1 > 0 ? Self.split(head, at: t0 / t1).after : Array(repeating: head[0], count: head.count)
    }

    /// de Casteljau's subdivision of a Bézier curve at `t`.
    private static func split(_ points: [CGPoint], at t: Double) -> (before: [CGPoint], after: [CGPoint]) {
        var level = points, before = [points[0]], after = [points[points.count - 1]]
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { p, q in
                CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            before.append(level[0])
            after.insert(level[level.count - 1], at: 0)
        }
        return (before, after)
    }
}
