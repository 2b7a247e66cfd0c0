import Foundation

extension PathValue {
    /// Whether `point` is inside the area the path fills under `rule`
    /// (`CGPathContainsPoint`). Open subpaths count as closed, as when
    /// filling. `transform` is applied to the point first, as Apple
    /// documents.
    ///
    /// The winding number is counted along a ray from the point towards +x:
    /// each line or curve is cut into pieces monotonic in y, and a piece
    /// whose y range holds the point's y (half-open, so a vertex shared by
    /// two pieces counts once) crosses the ray if it does so to the
    /// point's right, found on curves by bisection. A point exactly on the
    /// outline may fall either way.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = SIMD2(point.applying(transform))
        var winding = 0
        for segment in drawnSegments(closingOpenSubpaths: true) {
            winding += Bezier(segment).crossings(ofRayFrom: p)
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }
}

extension Bezier {
    /// The signed number of times the curve crosses the ray from `p`
    /// towards +x: +1 going up (growing y), −1 going down.
    func crossings(ofRayFrom p: SIMD2<Double>) -> Int {
        let cuts = [0] + stationaryParameters(axis: 1) + [1]
        var count = 0
        for (t0, t1) in zip(cuts, cuts.dropFirst()) {
            let y0 = point(at: t0).y, y1 = point(at: t1).y
            guard (y0 <= p.y) != (y1 <= p.y) else { continue }
            // y is monotonic on t0…t1: bisect for y(t) = p.y.
            var (low, high) = (t0, t1)
            let rising = y1 > y0
            for _ in 0..<64 {
                let middle = (low + high) / 2
                guard middle > low, middle < high else { break }
                if (point(at: middle).y <= p.y) == rising { low = middle } else { high = middle }
            }
            if point(at: (low + high) / 2).x > p.x {
                count += rising ? 1 : -1
            }
        }
        return count
    }
}
