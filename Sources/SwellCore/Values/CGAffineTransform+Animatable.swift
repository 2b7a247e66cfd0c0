import Foundation

/// Affine transforms animate as the 3D transforms they embed in
/// (`CATransform3DMakeAffineTransform`): decomposed, interpolated and
/// recomposed, so a rotation turns rather than shrinking through the
/// straight-line average of two matrices. Interpolating two affine
/// transforms that are not reflections stays in the plane, so nothing is
/// lost on the way back. Addition is concatenation with the added
/// transform applied first, as for ``CATransform3D``.
extension CGAffineTransform: Animatable {
    public func interpolated(to other: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        let from = CATransform3DMakeAffineTransform(self), to = CATransform3DMakeAffineTransform(other)
        return CATransform3DGetAffineTransform(from.interpolated(to: to, fraction: fraction))
    }

    public func adding(_ other: CGAffineTransform) -> CGAffineTransform {
        other.concatenating(self)
    }

    public func subtracting(_ other: CGAffineTransform) -> CGAffineTransform {
        other.inverted().concatenating(self)
    }

    /// See ``CATransform3D/scaled(by:)``.
    public func scaled(by factor: Double) -> CGAffineTransform {
        CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(self).scaled(by: factor))
    }

    /// See ``CATransform3D/distance(to:)``.
    public func distance(to other: CGAffineTransform) -> Double {
        CATransform3DMakeAffineTransform(self).distance(to: CATransform3DMakeAffineTransform(other))
    }

    public static var zero: CGAffineTransform { .identity }
}
