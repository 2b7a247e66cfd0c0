import Foundation

/// The boxes Apple's code puts geometry and transforms in: UIKit's and
/// QuartzCore's `NSValue` initialisers, declared for Linux, so that
/// `animation.toValue = NSValue(cgPoint: p)` and
/// `NSValue(caTransform3D: t)` port as written. Points, sizes and
/// rectangles use Foundation's own boxes; transforms and vectors are stored
/// as arrays of doubles (`[16d]`, `[6d]`, `[2d]`), which Foundation on Linux
/// can box where it cannot box a struct.
extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(caTransform3D t: CATransform3D) {
        self.init(doubles: [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init))
    }

    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init))
    }

    public convenience init(cgVector vector: CGVector) {
        self.init(doubles: [Double(vector.dx), Double(vector.dy)])
    }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    /// The boxed transform; the identity when the box holds something else.
    public var caTransform3DValue: CATransform3D {
        guard let m = doubles(16) else { return CATransform3DIdentity }
        return CATransform3D(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                             m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    /// The boxed affine transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let m = doubles(6) else { return .identity }
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    /// The boxed vector; zero when the box holds something else.
    public var cgVectorValue: CGVector {
        guard let m = doubles(2) else { return CGVector() }
        return CGVector(dx: m[0], dy: m[1])
    }

    /// The value in the box, as the Swell type an animation or
    /// `setValue(_:forKey:)` converts from; nil for boxes of other things.
    var unboxedAnimatable: (any Animatable)? {
        switch String(cString: objCType) {
        case "{CGPoint=dd}": pointValue
        case "{CGSize=dd}": sizeValue
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": rectValue
        case "[16d]": caTransform3DValue
        case "[6d]": cgAffineTransformValue
        case "[2d]": cgVectorValue
        default: nil
        }
    }

    private convenience init(doubles: [Double]) {
        self.init(bytes: doubles, objCType: "[\(doubles.count)d]")
    }

    private func doubles(_ count: Int) -> [Double]? {
        guard String(cString: objCType) == "[\(count)d]" else { return nil }
        var buffer = [Double](repeating: 0, count: count)
        buffer.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return buffer
    }
}
