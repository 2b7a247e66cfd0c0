import Foundation

/// The handle length, as a fraction of the radius, of the cubic Bézier that
/// approximates a quarter circle: 4(√2 − 1)/3, which puts the curve's
/// midpoint exactly on the circle. Core Graphics builds ellipses with it.
let quarterCircleKappa = 4 * (2.0.squareRoot() - 1) / 3

extension PathValue {
    /// A path holding the rectangle `rect` (`CGPathCreateWithRect`).
    package init(rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init()
        addRect(rect, transform: transform)
    }

    /// A path holding the ellipse inscribed in `rect` (`CGPathCreateWithEllipseInRect`).
    package init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init()
        addEllipse(in: rect, transform: transform)
    }

    /// A path holding a rounded rectangle (`CGPathCreateWithRoundedRect`).
    package init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }

    /// Adds `rect` as a closed subpath: a move to (minX, minY), lines to
    /// (maxX, minY), (maxX, maxY) and (minX, maxY), and a close —
    /// counter-clockwise in Core Graphics' y-up space, as Apple documents
    /// for `CGPathAddRect`.
    package mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        move(to: CGPoint(x: rect.minX, y: rect.minY), transform: transform)
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY), transform: transform)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY), transform: transform)
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    package mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects {
            addRect(rect, transform: transform)
        }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath, the way
    /// Core Graphics builds it: a move to (maxX, midY), four cubic Béziers
    /// through (midX, maxY), (minX, midY), (midX, minY) and back to
    /// (maxX, midY), each a quarter with handles of
    /// `quarterCircleKappa` × the radius, and a close. That is
    /// counter-clockwise in y-up space — "clockwise" in Apple's words, which
    /// describe the flipped coordinates of a view.
    package mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let rect = rect.standardized
        let rx = rect.width / 2, ry = rect.height / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        move(to: CGPoint(x: rect.maxX, y: center.y), transform: transform)
        addQuarterArc(center: center, rx: rx, ry: ry, startQuadrant: 0, transform: transform)
        addQuarterArc(center: center, rx: rx, ry: ry, startQuadrant: 1, transform: transform)
        addQuarterArc(center: center, rx: rx, ry: ry, startQuadrant: 2, transform: transform)
        addQuarterArc(center: center, rx: rx, ry: ry, startQuadrant: 3, transform: transform)
        closeSubpath()
    }

    /// Adds a rectangle whose corners are quarter ellipses of radii
    /// `cornerWidth` × `cornerHeight`, as a closed subpath that starts at
    /// the middle of the right edge and runs the way ``addEllipse(in:transform:)``
    /// does (Apple: "starting by moving to the center of the right edge",
    /// "oriented in the clockwise direction").
    ///
    /// Core Graphics traps when a corner is larger than half the rectangle;
    /// here the corner sizes are clamped to 0…half the width and height, so
    /// the largest corners make an ellipse and a zero corner a rectangle.
    package mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let rect = rect.standardized
        let rx = min(max(cornerWidth, 0), rect.width / 2)
        let ry = min(max(cornerHeight, 0), rect.height / 2)
        guard rx > 0, ry > 0 else { return addRect(rect, transform: transform) }
        let (minX, maxX, minY, maxY) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        move(to: CGPoint(x: maxX, y: rect.midY), transform: transform)
        // Each edge, then the corner that follows it, counter-clockwise.
        let corners = [
            CGPoint(x: maxX - rx, y: maxY - ry), CGPoint(x: minX + rx, y: maxY - ry),
            CGPoint(x: minX + rx, y: minY + ry), CGPoint(x: maxX - rx, y: minY + ry),
        ]
        for (quadrant, center) in corners.enumerated() {
            addLine(to: ellipsePoint(center: center, rx: rx, ry: ry, quadrant: quadrant), transform: transform)
            addQuarterArc(center: center, rx: rx, ry: ry, startQuadrant: quadrant, transform: transform)
        }
        closeSubpath()
    }

    /// Adds the quarter of the ellipse around `center` from angle
    /// quadrant·π/2 to (quadrant + 1)·π/2 as one cubic Bézier.
    private mutating func addQuarterArc(
        center: CGPoint, rx: CGFloat, ry: CGFloat, startQuadrant quadrant: Int, transform: CGAffineTransform
    ) {
        let start = ellipsePoint(center: center, rx: rx, ry: ry, quadrant: quadrant)
        let end = ellipsePoint(center: center, rx: rx, ry: ry, quadrant: quadrant + 1)
        let k = CGFloat(quarterCircleKappa)
        // The handles are the tangents: (−sin, cos) at the start, (sin, −cos) at the end.
        let (startTangent, endTangent) = (unitVector(quadrant: quadrant + 1), unitVector(quadrant: quadrant))
        addCurve(
            to: end,
            control1: CGPoint(x: start.x + k * rx * startTangent.x, y: start.y + k * ry * startTangent.y),
            control2: CGPoint(x: end.x + k * rx * endTangent.x, y: end.y + k * ry * endTangent.y),
            transform: transform)
    }

    /// The point of the ellipse at angle quadrant·π/2, computed without
    /// trigonometry so it is exact.
    private func ellipsePoint(center: CGPoint, rx: CGFloat, ry: CGFloat, quadrant: Int) -> CGPoint {
        let u = unitVector(quadrant: quadrant)
        return CGPoint(x: center.x + rx * u.x, y: center.y + ry * u.y)
    }

    /// (cos, sin) of quadrant·π/2: (1, 0), (0, 1), (−1, 0), (0, −1).
    private func unitVector(quadrant: Int) -> CGPoint {
        [CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1)][quadrant % 4]
    }
}
