import Foundation

/// Paths animate point by point when both have the same elements in the
/// same order — the case Apple's `CAShapeLayer.path` documentation
/// describes ("if the two paths have a different number of control points
/// or segments, the results are undefined") — and otherwise switch
/// discretely halfway, like ``DiscreteAnimatable`` values.
///
/// Arithmetic is pointwise on matching paths; the empty path is the zero,
/// and combining with it leaves a path unchanged. Combining paths of
/// different structure follows the discrete rules: adding gives the other
/// path, subtracting keeps this one.
extension PathValue: Animatable {
    public func interpolated(to other: PathValue, fraction: Double) -> PathValue {
        combined(with: other) { $0 + ($1 - $0) * fraction } ?? (fraction < 0.5 ? self : other)
    }

    public func adding(_ other: PathValue) -> PathValue {
        if other.isEmpty { return self }
        return combined(with: other) { $0 + $1 } ?? other
    }

    public func subtracting(_ other: PathValue) -> PathValue {
        if other.isEmpty { return self }
        return combined(with: other) { $0 - $1 } ?? self
    }

    public func scaled(by factor: Double) -> PathValue {
        PathValue(elements: elements.map { element in
            CGPathElement(element.type, element.points.map { CGPoint(SIMD2($0) * factor) })
        })
    }

    /// The Euclidean norm of the differences of all corresponding points for
    /// matching paths; otherwise 0 when equal and 1 when not.
    public func distance(to other: PathValue) -> Double {
        guard hasSameStructure(as: other) else { return self == other ? 0 : 1 }
        var sum = 0.0
        for (a, b) in zip(elements, other.elements) {
            for (p, q) in zip(a.points, b.points) {
                let d = SIMD2(q) - SIMD2(p)
                sum += (d * d).sum()
            }
        }
        return sum.squareRoot()
    }

    /// The empty path.
    public static var zero: PathValue { PathValue() }

    /// Whether the two paths have the same element types in the same order.
    private func hasSameStructure(as other: PathValue) -> Bool {
        elements.count == other.elements.count
            && zip(elements, other.elements).allSatisfy { $0.type == $1.type }
    }

    /// The path whose points combine corresponding points of `self` and
    /// `other`, or nil when their structures differ.
    private func combined(
        with other: PathValue, _ combine: (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double>
    ) -> PathValue? {
        guard hasSameStructure(as: other) else { return nil }
        return PathValue(elements: zip(elements, other.elements).map { a, b in
            CGPathElement(a.type, zip(a.points, b.points).map { CGPoint(combine(SIMD2($0), SIMD2($1))) })
        })
    }
}
