import Foundation

extension PathValue {
    /// Adds an arc of the circle around `center` from `startAngle` to
    /// `endAngle` (radians from the positive x axis), approximated by cubic
    /// Béziers of at most a quarter turn each.
    ///
    /// Angles grow from +x towards +y. `clockwise: false` follows growing
    /// angles — counter-clockwise in Core Graphics' y-up space — and
    /// `clockwise: true` the opposite way. As Apple's documentation notes,
    /// in a flipped coordinate system (a layer or view with y down) the
    /// direction you see is reversed: a "clockwise" arc turns
    /// counter-clockwise on screen.
    ///
    /// The sweep is the way from start to end in that direction, less than
    /// a full turn, except that a difference of a full turn or more in the
    /// requested direction draws the whole circle — so 0 to 2π
    /// counter-clockwise is a circle and 0 to 2π clockwise is nothing (the
    /// rule HTML canvas `arc()` states for the same operation).
    ///
    /// If the path has a current point, a line joins it to the arc's start;
    /// otherwise the arc starts a new subpath. Its end becomes the current
    /// point.
    package mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        let start = Double(startAngle), end = Double(endAngle)
        let fullTurn = 2 * Double.pi
        var sweep: Double
        if clockwise {
            sweep = start - end >= fullTurn ? -fullTurn : -(start - end).positiveRemainder(fullTurn)
        } else {
            sweep = end - start >= fullTurn ? fullTurn : (end - start).positiveRemainder(fullTurn)
        }
        if !sweep.isFinite { sweep = 0 }
        addArc(center: center, radius: Double(radius), start: start, sweep: sweep, transform: transform)
    }

    /// Adds the arc of the circle around `center` that starts at
    /// `startAngle` and turns through `delta` radians, towards growing
    /// angles when `delta` is positive (`CGPathAddRelativeArc`). As with
    /// ``addArc(center:radius:startAngle:endAngle:clockwise:transform:)``,
    /// a line joins the current point, if any, to the arc's start.
    package mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let sweep = Double(delta).isFinite ? Double(delta) : 0
        addArc(center: center, radius: Double(radius), start: Double(startAngle), sweep: sweep, transform: transform)
    }

    /// Adds an arc of radius `radius` tangent to the line from the current
    /// point to `tangent1End` and to the line from `tangent1End` to
    /// `tangent2End` (`CGPathAddArcToPoint`), preceded by a line from the
    /// current point to the arc's start. The arc's end, on the second line,
    /// becomes the current point.
    ///
    /// When the three points are collinear or the radius is not positive,
    /// only the line to `tangent1End` is added. Without a current point
    /// nothing is added. The construction happens in the untransformed
    /// space, where the current point is mapped back through the inverse
    /// transform.
    package mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard !isEmpty else { return }
        let p0 = SIMD2(currentPoint.applying(transform.inverted()))
        let p1 = SIMD2(tangent1End), p2 = SIMD2(tangent2End)
        let r = Double(radius)
        let d0 = p0 - p1, d2 = p2 - p1
        let l0 = hypot(d0.x, d0.y), l2 = hypot(d2.x, d2.y)
        let crossProduct = d0.x * d2.y - d0.y * d2.x
        let invertible = transform.a * transform.d - transform.b * transform.c != 0
        guard r > 0, r.isFinite, l0 > 0, l2 > 0, crossProduct != 0, invertible else {
            return addLine(to: tangent1End, transform: transform)
        }

        let u0 = d0 / l0, u2 = d2 / l2
        // Half the angle between the two rays from the corner.
        let halfAngle = atan2(abs(crossProduct) / (l0 * l2), (u0 * u2).sum()) / 2
        let tangentDistance = r / tan(halfAngle)
        let bisector = (u0 + u2) / hypot((u0 + u2).x, (u0 + u2).y)
        let center = p1 + bisector * (r / sin(halfAngle))
        let t0 = p1 + u0 * tangentDistance, t2 = p1 + u2 * tangentDistance
        let startAngle = atan2(t0.y - center.y, t0.x - center.x)
        let endAngle = atan2(t2.y - center.y, t2.x - center.x)
        // The arc turns the way the path turns at the corner, the short way.
        var sweep = (endAngle - startAngle).positiveRemainder(2 * .pi)
        if sweep > .pi { sweep -= 2 * .pi }
        addArc(center: CGPoint(center), radius: r, start: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds the arc from angle `start` through `sweep` radians (negative:
    /// decreasing angles) as Béziers of at most a quarter turn, each with
    /// handles of (4/3)·tan(φ/4)·r, which meet the circle at the ends and at
    /// the middle. Joins the arc's start to the current point, if any.
    private mutating func addArc(
        center: CGPoint, radius r: Double, start: Double, sweep: Double, transform: CGAffineTransform
    ) {
        let c = SIMD2(center)
        func point(_ angle: Double) -> SIMD2<Double> { c + r * SIMD2(cos(angle), sin(angle)) }
        let first = CGPoint(point(start))
        if isEmpty { move(to: first, transform: transform) } else { addLine(to: first, transform: transform) }
        guard sweep != 0 else { return }
        // A quarter turn computed with rounding error is still one piece.
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4) * r
        for i in 0..<pieces {
            let a0 = start + Double(i) * step, a1 = a0 + step
            let p0 = point(a0), p3 = i == pieces - 1 ? point(start + sweep) : point(a1)
            let p1 = p0 + handle * SIMD2(-sin(a0), cos(a0))
            let p2 = p3 - handle * SIMD2(-sin(a1), cos(a1))
            addCurve(to: CGPoint(p3), control1: CGPoint(p1), control2: CGPoint(p2), transform: transform)
        }
    }
}

extension Double {
    /// The remainder in 0..<divisor (for a positive divisor).
    fileprivate func positiveRemainder(_ divisor: Double) -> Double {
        let r = truncatingRemainder(dividingBy: divisor)
        return r < 0 ? r + divisor : r
    }
}
