import Foundation

/// A value that Core Animation can animate.
///
/// Core Animation interpolates numbers, points, sizes, rectangles, colours and
/// transforms between keyframes, adds them for additive and cumulative
/// animations (`isAdditive`, `isCumulative`, `byValue`) and measures the
/// distance between them for paced keyframe animations
/// (`CAAnimationCalculationMode.paced`). This protocol states those four
/// operations so that any value type — not only the ones QuartzCore knows —
/// can be the type of a dynamic layer property and be animated by the same
/// timing system.
///
/// The operations form a vector space where that makes sense:
/// `a.interpolated(to: b, fraction: t) == a + (b − a)·t`, which is also the
/// default implementation. Types whose interpolation is not linear in their
/// stored fields (transforms interpolate through a decomposition, as Core
/// Animation does) override `interpolated(to:fraction:)`.
///
/// Fractions outside `0...1` extrapolate: timing functions with control
/// points outside the unit square (`CAMediaTimingFunction(controlPoints:)`
/// with y < 0 or y > 1) overshoot the end values, as they do on Apple
/// platforms.
public protocol Animatable: Sendable, Equatable {
    /// The value at `fraction` of the way from `self` (0) to `other` (1).
    func interpolated(to other: Self, fraction: Double) -> Self

    /// `self + other`: the combination used by additive animations (the
    /// animated value is added to the current value), cumulative repeats and
    /// `byValue`.
    func adding(_ other: Self) -> Self

    /// `self − other`, the inverse of ``adding(_:)``: `toValue − byValue`.
    func subtracting(_ other: Self) -> Self

    /// `self · factor`: used to build spline tangents (cubic keyframe
    /// animations) and to accumulate repeat cycles.
    func scaled(by factor: Double) -> Self

    /// The distance between two values, used to pace keyframe animations at a
    /// constant speed. Must be non-negative, symmetric and zero for equal values.
    func distance(to other: Self) -> Double

    /// The additive identity: `x.adding(.zero) == x`.
    static var zero: Self { get }

    /// Whether every number in the value is finite. Layers refuse non-finite
    /// model values, so nothing non-finite reaches a sample
    /// (docs/audio.md#ear-safety). The default says a value is finite when
    /// its distance to itself is zero, which holds for any value whose
    /// distance is computed from its numbers (x − x is NaN for NaN and ±∞).
    var isFinite: Bool { get }

    /// The named fields of the value that key paths can address, by their
    /// dotted name relative to the value: `"x"` for `position.x`,
    /// `"size.width"` for `bounds.size.width`, `"rotation.z"` for
    /// `transform.rotation.z` — Core Animation's "Key-Value Coding
    /// Extensions". Empty by default.
    static var components: [String: AnimatableComponent<Self>] { get }
}

extension Animatable {
    public func interpolated(to other: Self, fraction: Double) -> Self {
        adding(other.subtracting(self).scaled(by: fraction))
    }

    public static var components: [String: AnimatableComponent<Self>] { [:] }

    public var isFinite: Bool { distance(to: self) == 0 }
}

// MARK: - Components

/// A field of an animatable value that a key path can address on its own,
/// such as the `x` of a `CGPoint` (`position.x`) or the z rotation of a
/// `CATransform3D` (`transform.rotation.z`).
///
/// A component is a read/write pair, like a property in facebook/pop: `get`
/// reads the field out of the whole value and `set` writes it back, leaving
/// the other fields alone. Animating `position.x` evaluates the animation on
/// the `x` field and writes it into the presented `position`.
public struct AnimatableComponent<Root: Animatable>: Sendable {
    /// The field's value type, e.g. `CGFloat.self` for `position.x`.
    public let valueType: any Animatable.Type
    let box: AnyComponentBox<Root>

    public init<Leaf: Animatable>(
        get: @escaping @Sendable (Root) -> Leaf,
        set: @escaping @Sendable (inout Root, Leaf) -> Void
    ) {
        valueType = Leaf.self
        box = ComponentBox(get: get, set: set)
    }

    /// Calls the visitor with the statically typed accessors, so that code
    /// holding only the root type can work with the field's own type.
    public func accept<V: AnimatableComponentVisitor>(_ visitor: V) -> V.Result where V.Root == Root {
        box.accept(visitor)
    }

    /// Reads the field as an existential value.
    public func value(in root: Root) -> any Animatable {
        accept(ExistentialGetter(root: root))
    }
}

/// Receives a component's accessors with their static types.
public protocol AnimatableComponentVisitor<Root> {
    associatedtype Root: Animatable
    associatedtype Result
    func visit<Leaf: Animatable>(
        get: @escaping @Sendable (Root) -> Leaf,
        set: @escaping @Sendable (inout Root, Leaf) -> Void
    ) -> Result
}

private struct ExistentialGetter<Root: Animatable>: AnimatableComponentVisitor {
    let root: Root
    func visit<Leaf: Animatable>(
        get: @escaping @Sendable (Root) -> Leaf,
        set: @escaping @Sendable (inout Root, Leaf) -> Void
    ) -> any Animatable {
        get(root)
    }
}

class AnyComponentBox<Root: Animatable>: @unchecked Sendable {
    func accept<V: AnimatableComponentVisitor>(_ visitor: V) -> V.Result where V.Root == Root {
        fatalError("abstract")
    }
}

private final class ComponentBox<Root: Animatable, Leaf: Animatable>: AnyComponentBox<Root>, @unchecked Sendable {
    let get: @Sendable (Root) -> Leaf
    let set: @Sendable (inout Root, Leaf) -> Void

    init(get: @escaping @Sendable (Root) -> Leaf, set: @escaping @Sendable (inout Root, Leaf) -> Void) {
        self.get = get
        self.set = set
    }

    override func accept<V: AnimatableComponentVisitor>(_ visitor: V) -> V.Result where V.Root == Root {
        visitor.visit(get: get, set: set)
    }
}

// MARK: - Scalars

extension Double: Animatable {
    public func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
    public func adding(_ other: Double) -> Double { self + other }
    public func subtracting(_ other: Double) -> Double { self - other }
    public func scaled(by factor: Double) -> Double { self * factor }
    public func distance(to other: Double) -> Double { Swift.abs(other - self) }
}

extension Float: Animatable {
    public func interpolated(to other: Float, fraction: Double) -> Float {
        Float(Double(self) + (Double(other) - Double(self)) * fraction)
    }
    public func adding(_ other: Float) -> Float { self + other }
    public func subtracting(_ other: Float) -> Float { self - other }
    public func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }
    public func distance(to other: Float) -> Double { Swift.abs(Double(other) - Double(self)) }
}

extension CGFloat: Animatable {
    public func interpolated(to other: CGFloat, fraction: Double) -> CGFloat { self + (other - self) * fraction }
    public func adding(_ other: CGFloat) -> CGFloat { self + other }
    public func subtracting(_ other: CGFloat) -> CGFloat { self - other }
    public func scaled(by factor: Double) -> CGFloat { self * factor }
    public func distance(to other: CGFloat) -> Double { Double(Swift.abs(other - self)) }
}

/// Whole numbers (`CAReplicatorLayer.instanceCount`, `CATiledLayer.levelsOfDetail`)
/// interpolate as reals and round to the nearest integer, half away from zero.
extension Int: Animatable {
    public func interpolated(to other: Int, fraction: Double) -> Int {
        Int(roundingToNearest: Double(self) + (Double(other) - Double(self)) * fraction)
    }
    public func adding(_ other: Int) -> Int { self &+ other }
    public func subtracting(_ other: Int) -> Int { self &- other }
    public func scaled(by factor: Double) -> Int { Int(roundingToNearest: Double(self) * factor) }
    public func distance(to other: Int) -> Double { Swift.abs(Double(other) - Double(self)) }

    /// `x` rounded, saturated to Int's range (0 for NaN), so an overshooting
    /// timing function cannot trap.
    init(roundingToNearest x: Double) {
        let rounded = x.rounded()
        if rounded.isNaN { self = 0 }
        else if rounded >= 0x1p63 { self = .max }
        else if rounded < -0x1p63 { self = .min }
        else { self = Int(rounded) }
    }
}

// MARK: - Discrete values

/// Values that cannot be interpolated (booleans, names, images) switch from
/// one to the other halfway through, the rule CSS transitions use for
/// discrete properties; they do not add, and their distance is 0 or 1.
public protocol DiscreteAnimatable: Animatable {}

extension DiscreteAnimatable {
    public func interpolated(to other: Self, fraction: Double) -> Self { fraction < 0.5 ? self : other }
    public func adding(_ other: Self) -> Self { other }
    public func subtracting(_ other: Self) -> Self { self }
    public func scaled(by factor: Double) -> Self { self }
    public func distance(to other: Self) -> Double { self == other ? 0 : 1 }
}

/// Option sets (`CACornerMask`) switch halfway like other discrete values;
/// they add as sets do (union) and subtract as sets do (difference).
public protocol DiscreteOptionSet: OptionSet, Animatable where RawValue: FixedWidthInteger {}

extension DiscreteOptionSet {
    public func interpolated(to other: Self, fraction: Double) -> Self { fraction < 0.5 ? self : other }
    public func adding(_ other: Self) -> Self { union(other) }
    public func scaled(by factor: Double) -> Self { self }
    public func distance(to other: Self) -> Double { self == other ? 0 : 1 }
    /// The empty set.
    public static var zero: Self { [] }
}

extension Bool: DiscreteAnimatable {
    public static var zero: Bool { false }
}

extension String: DiscreteAnimatable {
    public static var zero: String { "" }
}

/// A seed or an identifier (`CAEmitterLayer.seed`): set, never
/// interpolated.
extension UInt32: DiscreteAnimatable {}

// MARK: - Optionals

/// An optional value animates like its wrapped value when both ends are
/// present and switches discretely to or from `nil` otherwise (a layer's
/// `backgroundColor` can be `nil`).
extension Optional: Animatable where Wrapped: Animatable {
    public func interpolated(to other: Wrapped?, fraction: Double) -> Wrapped? {
        if let a = self, let b = other { return a.interpolated(to: b, fraction: fraction) }
        return fraction < 0.5 ? self : other
    }
    public func adding(_ other: Wrapped?) -> Wrapped? {
        guard let a = self else { return other }
        guard let b = other else { return a }
        return a.adding(b)
    }
    public func subtracting(_ other: Wrapped?) -> Wrapped? {
        guard let a = self else { return nil }
        guard let b = other else { return a }
        return a.subtracting(b)
    }
    public func scaled(by factor: Double) -> Wrapped? { self?.scaled(by: factor) }
    public func distance(to other: Wrapped?) -> Double {
        if let a = self, let b = other { return a.distance(to: b) }
        return (self == nil) == (other == nil) ? 0 : 1
    }
    public static var zero: Wrapped? { nil }
}
