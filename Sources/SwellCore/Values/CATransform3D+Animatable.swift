import Foundation

/// Transforms animate the way Core Animation animates `transform`: both ends
/// are decomposed (`DecomposedTransform`), translation, scale, skew and
/// perspective are interpolated linearly and the rotation along the shorter
/// arc, and the result is recomposed. A matrix that cannot be decomposed
/// makes the animation switch discretely halfway, as CSS Transforms Level 2
/// prescribes.
///
/// Addition is concatenation, with the added transform applied first, in the
/// layer's own space: `t.adding(u) == CATransform3DConcat(u, t)`. That is
/// the order of `CATransform3DTranslate`, `…Scale` and `…Rotate`, so an
/// additive animation of a rotation turns the layer about its own anchor
/// point wherever the model transform has put it, and
/// `t.adding(CATransform3DMakeTranslation(x, y, z))` equals
/// `CATransform3DTranslate(t, x, y, z)`. Subtraction undoes it:
/// `t.adding(u).subtracting(u) == t`.
extension CATransform3D: Animatable {
    public func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        guard let from = DecomposedTransform(self), let to = DecomposedTransform(other) else {
            return fraction < 0.5 ? self : other
        }
        return from.interpolated(to: to, fraction: fraction).transform
    }

    public func adding(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(other, self)
    }

    public func subtracting(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(CATransform3DInvert(other), self)
    }

    /// The transform "`factor` times as far from the identity", defined on
    /// the decomposition so that scaling by an integer n repeats a simple
    /// transform n times: translation, skew and perspective (as a deviation
    /// from the identity's `(0, 0, 0, 1)`) are multiplied by `factor`, the
    /// rotation angle is multiplied about the same axis, and each scale
    /// factor s becomes sign(s)·|s|^factor (a zero scale stays zero).
    /// A factor of 0 gives the identity; a transform that cannot be
    /// decomposed is returned unchanged.
    public func scaled(by factor: Double) -> CATransform3D {
        if factor == 0 { return CATransform3DIdentity }
        guard var parts = DecomposedTransform(self) else { return self }
        parts.translation *= factor
        parts.skew *= factor
        parts.perspective = SIMD4(
            parts.perspective.x * factor, parts.perspective.y * factor,
            parts.perspective.z * factor, 1 + (parts.perspective.w - 1) * factor)
        let (angle, axis) = parts.rotation.angleAndAxis
        parts.rotation = Quaternion(angle: angle * factor, axis: axis)
        for i in 0..<3 {
            let s = parts.scale[i]
            let power = pow(abs(s), factor)
            parts.scale[i] = s == 0 || !power.isFinite ? 0 : (s < 0 ? -power : power)
        }
        return parts.transform
    }

    /// The Euclidean norm of the difference of the decompositions:
    /// translation, scale, skew and perspective components, and the rotation
    /// angle (radians, 0…π) between the two orientations — so one point of
    /// travel, one radian of turn and one unit of scale weigh the same when
    /// keyframes are paced. Transforms that cannot be decomposed are 0 apart
    /// when equal and 1 apart otherwise, like discrete values.
    public func distance(to other: CATransform3D) -> Double {
        guard let a = DecomposedTransform(self), let b = DecomposedTransform(other) else {
            return self == other ? 0 : 1
        }
        func squared<V: SIMD>(_ v: V) -> Double where V.Scalar == Double { (v * v).sum() }
        let angle = a.rotation.rotationAngle(to: b.rotation)
        let sum = squared(a.translation - b.translation) + squared(a.scale - b.scale)
            + squared(a.skew - b.skew) + squared(a.perspective - b.perspective) + angle * angle
        return sum.squareRoot()
    }

    public static var zero: CATransform3D { CATransform3DIdentity }

    /// The fields of Core Animation's "Key-Value Coding Extensions" for
    /// `CATransform3D` ("transform.rotation.z", "transform.scale", …).
    ///
    /// Each reads the field from the decomposition; writing decomposes,
    /// replaces the field and recomposes, leaving the other fields as they
    /// were. Rotations are the Euler angles of
    /// `DecomposedTransform.eulerAngles`, with `"rotation"` the same as
    /// `"rotation.z"`; `"scale"` reads the mean of the three factors and
    /// writes all three; `"translation"` is the x and y translation as a
    /// `CGSize`; the others are `CGFloat`s. A transform that cannot be
    /// decomposed reads as the identity and ignores writes.
    public static let components: [String: AnimatableComponent<CATransform3D>] = [
        "rotation.x": field(\.eulerAngles.x, identity: 0),
        "rotation.y": field(\.eulerAngles.y, identity: 0),
        "rotation.z": field(\.eulerAngles.z, identity: 0),
        "rotation": field(\.eulerAngles.z, identity: 0),
        "scale.x": field(\.scale.x, identity: 1),
        "scale.y": field(\.scale.y, identity: 1),
        "scale.z": field(\.scale.z, identity: 1),
        "scale": field(\.meanScale, identity: 1),
        "translation.x": field(\.translation.x, identity: 0),
        "translation.y": field(\.translation.y, identity: 0),
        "translation.z": field(\.translation.z, identity: 0),
        "translation": component(
            get: { CGSize(width: $0.translation.x, height: $0.translation.y) },
            identity: CGSize.zero,
            set: { $0.translation = SIMD3(Double($1.width), Double($1.height), $0.translation.z) }),
    ]

    /// A `CGFloat` component over a field of the decomposition.
    private static func field(
        _ keyPath: WritableKeyPath<DecomposedTransform, Double> & Sendable, identity: Double
    ) -> AnimatableComponent<CATransform3D> {
        component(
            get: { CGFloat($0[keyPath: keyPath]) }, identity: CGFloat(identity),
            set: { $0[keyPath: keyPath] = Double($1) })
    }

    /// A component read from and written into the decomposition.
    private static func component<Value: Animatable>(
        get: @escaping @Sendable (DecomposedTransform) -> Value, identity: Value,
        set: @escaping @Sendable (inout DecomposedTransform, Value) -> Void
    ) -> AnimatableComponent<CATransform3D> {
        AnimatableComponent(
            get: { transform in DecomposedTransform(transform).map(get) ?? identity },
            set: { transform, value in
                guard var parts = DecomposedTransform(transform) else { return }
                set(&parts, value)
                transform = parts.transform
            })
    }
}

extension DecomposedTransform {
    /// The mean of the three scale factors; writing sets all three.
    fileprivate var meanScale: Double {
        get { scale.sum() / 3 }
        set { scale = SIMD3(repeating: newValue) }
    }
}
