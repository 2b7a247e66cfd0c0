import Foundation

// A layer is flat: Core Animation renders a transformed layer's plane
// (z = 0) into its superlayer and flattens the result ("Layers Flatten
// Sublayers… unless CATransformLayer", Core Animation Programming Guide).
// Restricted to that plane, a CATransform3D is the 2D homography
//
//     [x y 1] · | m11 m12 m14 |
//               | m21 m22 m24 |  followed by the division by w,
//               | m41 m42 m44 |
//
// which is what hit testing and `convert(_:from:)` need in both directions.

extension CATransform3D {
    /// The point `(x, y, 0)` of the layer's plane mapped through the
    /// transform and divided by w, or nil when it lands at or behind the
    /// eye (w ≤ 0), where nothing is drawn.
    public func projection(of point: CGPoint) -> CGPoint? {
        let (x, y) = (Double(point.x), Double(point.y))
        let w = x * m14 + y * m24 + m44
        guard w > 0 else { return nil }
        let result = CGPoint(x: (x * m11 + y * m21 + m41) / w, y: (x * m12 + y * m22 + m42) / w)
        return result.x.isFinite && result.y.isFinite ? result : nil
    }

    /// The smallest rectangle containing the projected corners of `rect`,
    /// or nil when a corner is at or behind the eye. For an affine transform
    /// this equals `rect.applying(CATransform3DGetAffineTransform(self))`.
    public func projection(of rect: CGRect) -> CGRect? {
        guard !rect.isNull else { return rect }
        var corners: [CGPoint] = []
        for corner in [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ] {
            guard let projected = projection(of: corner) else { return nil }
            corners.append(projected)
        }
        return CGRect(boundingPoints: corners)
    }

    /// The point of the layer's plane that ``projection(of:)-(CGPoint)``
    /// maps to `point`: the inverse homography, for hit testing and
    /// converting a superlayer point into the layer. Nil when the plane is
    /// seen edge-on (the homography is singular) or the point would lie
    /// behind the eye.
    public func inverseProjection(of point: CGPoint) -> CGPoint? {
        // Solve x·(m11 − X·m14) + y·(m21 − X·m24) = X·m44 − m41, likewise for Y.
        let (px, py) = (Double(point.x), Double(point.y))
        let a = Double(m11) - px * m14, b = Double(m21) - px * m24, e = px * m44 - m41
        let c = Double(m12) - py * m14, d = Double(m22) - py * m24, f = py * m44 - m42
        let determinant = a * d - b * c
        // Singular up to rounding too: a plane turned edge-on by a rotation
        // of π/2 keeps cos(π/2) ≈ 6e-17 in its matrix.
        let magnitude = max(abs(a), abs(b), abs(c), abs(d))
        guard determinant.isFinite, abs(determinant) > 64 * Double.ulpOfOne * magnitude * magnitude else {
            return nil
        }
        let x = (e * d - b * f) / determinant, y = (a * f - e * c) / determinant
        guard x * m14 + y * m24 + m44 > 0 else { return nil }
        return CGPoint(x: x, y: y)
    }
}
