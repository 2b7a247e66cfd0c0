import Foundation
import Testing
@testable import SwellCore

// Helpers shared by the value and geometry tests.


extension CATransform3D {
    /// The sixteen entries, row by row.
    var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    /// The largest absolute difference between corresponding entries.
    func largestDifference(from other: CATransform3D) -> Double {
        zip(entries, other.entries).map { abs($0 - $1) }.max()!
    }
}

extension CGPoint {
    func distance(from other: CGPoint) -> Double { Double(hypot(x - other.x, y - other.y)) }
}

extension AnimatableComponent {
    /// `root` with this component set to `value`, through the visitor that
    /// hands out the statically typed setter.
    func setting<Value: Animatable>(_ value: Value, in root: Root) -> Root {
        accept(Writer(root: root, value: value))
    }

    /// The component's value read from `root`, as `Value`.
    func reading<Value: Animatable>(_ type: Value.Type, in root: Root) -> Value? {
        value(in: root) as? Value
    }
}

private struct Writer<Root: Animatable, Value: Animatable>: AnimatableComponentVisitor {
    let root: Root
    let value: Value

    func visit<Leaf: Animatable>(
        get: @escaping @Sendable (Root) -> Leaf,
        set: @escaping @Sendable (inout Root, Leaf) -> Void
    ) -> Root {
        guard let leaf = value as? Leaf else {
            Issue.record("component holds \(Leaf.self), not \(Value.self)")
            return root
        }
        var result = root
        set(&result, leaf)
        return result
    }
}
