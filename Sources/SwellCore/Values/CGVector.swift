import Foundation

/// A two-dimensional vector, Core Graphics' `CGVector` (Foundation on
/// Linux has points, sizes and rectangles but not this): the type of
/// physics code's velocities and offsets, animatable like a point.
public struct CGVector: Sendable, Hashable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        self.init(dx: 0, dy: 0)
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public static let zero = CGVector()
}

/// Vectors animate component by component; their distance is Euclidean.
extension CGVector: Animatable {
    public func adding(_ other: CGVector) -> CGVector { CGVector(dx: dx + other.dx, dy: dy + other.dy) }
    public func subtracting(_ other: CGVector) -> CGVector { CGVector(dx: dx - other.dx, dy: dy - other.dy) }
    public func scaled(by factor: Double) -> CGVector { CGVector(dx: dx * factor, dy: dy * factor) }
    public func distance(to other: CGVector) -> Double { Double(hypot(other.dx - dx, other.dy - dy)) }

    public static let components: [String: AnimatableComponent<CGVector>] = [
        "dx": AnimatableComponent(get: { $0.dx }, set: { $0.dx = $1 }),
        "dy": AnimatableComponent(get: { $0.dy }, set: { $0.dy = $1 }),
    ]
}
