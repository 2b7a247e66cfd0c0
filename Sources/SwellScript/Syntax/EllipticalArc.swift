import Foundation

/// SVG's elliptical arc command (`A`), given as its endpoints, converted to
/// the centre parameterisation of SVG 1.1 appendix F.6.5 and drawn as cubic
/// Béziers, each at most a quarter turn of the ellipse.
///
/// A quarter-turn cubic with handles `4/3·tan(δ/4)` long strays from the
/// ellipse by at most 2.7·10⁻⁴ of its radius, well under a pixel for any
/// radius a canvas holds.
struct EllipticalArc {
    let start: CGPoint
    let end: CGPoint
    let radii: CGSize
    /// The ellipse's x axis against the path's, in radians.
    let rotation: Double
    let largeArc: Bool
    let sweep: Bool

    init(from start: CGPoint, to end: CGPoint, radii: CGSize, rotation: Double, largeArc: Bool, sweep: Bool) {
        self.start = start
        self.end = end
        self.radii = radii
        self.rotation = rotation
        self.largeArc = largeArc
        self.sweep = sweep
    }

    /// Appends the arc, from the path's current point (`start`), to `path`.
    func append(to path: CGMutablePath) {
        // F.6.2: an arc to its own start is omitted; a zero radius is a line.
        guard start != end else { return }
        guard radii.width > 0, radii.height > 0 else {
            path.addLine(to: end)
            return
        }
        let (cosφ, sinφ) = (cos(rotation), sin(rotation))
        // F.6.5.1: the start in the ellipse's axes, about the chord's middle.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosφ * dx + sinφ * dy, y1 = -sinφ * dx + cosφ * dy
        // F.6.6.2: radii too small to reach both ends grow to just reach.
        var (rx, ry) = (Double(radii.width), Double(radii.height))
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        // F.6.5.2: the centre in the ellipse's axes.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (largeArc != sweep ? 1.0 : -1.0) * (max(0, numerator) / denominator).squareRoot()
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        // F.6.5.3: the centre in the path's axes.
        let cx = cosφ * cx1 - sinφ * cy1 + (start.x + end.x) / 2
        let cy = sinφ * cx1 + cosφ * cy1 + (start.y + end.y) / 2
        // F.6.5.5–6: the start angle and the angle swept, signed by `sweep`.
        let theta = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Coordinates whose squares overflow a Double (1e200) leave no
        // centre to turn about: F.6.2's fallback for an arc that cannot be
        // drawn, a straight line to its end.
        guard delta.isFinite else {
            path.addLine(to: end)
            return
        }
        let point = { (angle: Double) -> CGPoint in
            let (x, y) = (rx * cos(angle), ry * sin(angle))
            return CGPoint(x: cx + cosφ * x - sinφ * y, y: cy + sinφ * x + cosφ * y)
        }
        let tangent = { (angle: Double, length: Double) -> CGPoint in
            let (x, y) = (-rx * sin(angle) * length, ry * cos(angle) * length)
            return CGPoint(x: cosφ * x - sinφ * y, y: sinφ * x + cosφ * y)
        }
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let handle = 4.0 / 3 * tan(step / 4)
        for k in 0..<count {
            let a = theta + Double(k) * step, b = a + step
            let (p0, p3) = (point(a), k == count - 1 ? end : point(b))
            let (t0, t3) = (tangent(a, handle), tangent(b, handle))
            path.addCurve(to: p3, control1: CGPoint(x: p0.x + t0.x, y: p0.y + t0.y),
                          control2: CGPoint(x: p3.x - t3.x, y: p3.y - t3.y))
        }
    }
}
