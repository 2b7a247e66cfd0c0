import Foundation

// Points, sizes and rectangles animate field by field, the way Core Animation
// interpolates `position`, `bounds` and `frame`. Their fields are the ones the
// Core Animation Programming Guide's "Key-Value Coding Extensions" lists as
// key-path components ("Structure Field Support"): `position.x`,
// `bounds.size.width`, `bounds.origin`…

extension CGPoint: Animatable {
    public func adding(_ other: CGPoint) -> CGPoint { CGPoint(x: x + other.x, y: y + other.y) }
    public func subtracting(_ other: CGPoint) -> CGPoint { CGPoint(x: x - other.x, y: y - other.y) }
    public func scaled(by factor: Double) -> CGPoint { CGPoint(x: x * factor, y: y * factor) }

    /// The Euclidean distance, so paced keyframe animations move at constant speed.
    public func distance(to other: CGPoint) -> Double { Double(hypot(other.x - x, other.y - y)) }

    public static let components: [String: AnimatableComponent<CGPoint>] = [
        "x": AnimatableComponent(get: { $0.x }, set: { $0.x = $1 }),
        "y": AnimatableComponent(get: { $0.y }, set: { $0.y = $1 }),
    ]
}

extension CGSize: Animatable {
    public func adding(_ other: CGSize) -> CGSize {
        CGSize(width: width + other.width, height: height + other.height)
    }
    public func subtracting(_ other: CGSize) -> CGSize {
        CGSize(width: width - other.width, height: height - other.height)
    }
    public func scaled(by factor: Double) -> CGSize { CGSize(width: width * factor, height: height * factor) }

    /// The Euclidean distance between the two (width, height) vectors.
    public func distance(to other: CGSize) -> Double {
        Double(hypot(other.width - width, other.height - height))
    }

    public static let components: [String: AnimatableComponent<CGSize>] = [
        "width": AnimatableComponent(get: { $0.width }, set: { $0.width = $1 }),
        "height": AnimatableComponent(get: { $0.height }, set: { $0.height = $1 }),
    ]
}

extension CGRect: Animatable {
    /// Adds origins and sizes separately. The rectangle is not standardized
    /// first: Core Animation animates the stored origin and size, so a
    /// negative width stays negative in between.
    public func adding(_ other: CGRect) -> CGRect {
        CGRect(origin: origin.adding(other.origin), size: size.adding(other.size))
    }
    public func subtracting(_ other: CGRect) -> CGRect {
        CGRect(origin: origin.subtracting(other.origin), size: size.subtracting(other.size))
    }
    public func scaled(by factor: Double) -> CGRect {
        CGRect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }

    /// The Euclidean distance between the two (x, y, width, height) vectors.
    public func distance(to other: CGRect) -> Double {
        let dOrigin = origin.distance(to: other.origin), dSize = size.distance(to: other.size)
        return (dOrigin * dOrigin + dSize * dSize).squareRoot()
    }

    public static let components: [String: AnimatableComponent<CGRect>] = [
        "origin": AnimatableComponent(get: { $0.origin }, set: { $0.origin = $1 }),
        "size": AnimatableComponent(get: { $0.size }, set: { $0.size = $1 }),
        "origin.x": AnimatableComponent(get: { $0.origin.x }, set: { $0.origin.x = $1 }),
        "origin.y": AnimatableComponent(get: { $0.origin.y }, set: { $0.origin.y = $1 }),
        "size.width": AnimatableComponent(get: { $0.size.width }, set: { $0.size.width = $1 }),
        "size.height": AnimatableComponent(get: { $0.size.height }, set: { $0.size.height = $1 }),
    ]
}
