import Foundation

/// The axes along which a scroll layer scrolls (`CAScrollLayerScrollMode`).
public struct CAScrollLayerScrollMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = Self(rawValue: "none")
    public static let vertically = Self(rawValue: "vertically")
    public static let horizontally = Self(rawValue: "horizontally")
    public static let both = Self(rawValue: "both")

    public static let allCases: [Self] = [.none, .vertically, .horizontally, .both]
}

/// A layer that shows part of its sublayers — Core Animation's
/// `CAScrollLayer`. Scrolling moves the origin of its bounds, nothing more:
/// no input, no scroll bars, no bounds checking ("iOS Core Animation:
/// Advanced Techniques", chapter 6). What is outside the bounds is clipped
/// only when `masksToBounds` is set, as for any layer.
open class CAScrollLayer: CALayer {
    /// The axes along which `scroll(to:)` moves; `.both` by default.
    @Dynamic("scrollMode") public var scrollMode: CAScrollLayerScrollMode = .both

    /// Moves the bounds' origin to `p` along the axes `scrollMode` allows
    /// (`-scrollToPoint:`). Changing `bounds` animates implicitly in a
    /// hosted tree, as it does in Core Animation.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both { origin.x = p.x }
        if scrollMode == .vertically || scrollMode == .both { origin.y = p.y }
        bounds.origin = origin
    }

    /// Scrolls as little as makes `r` (in the layer's coordinates) visible
    /// (`-scrollToRect:`): on each axis, the bounds move until the nearer
    /// edge of `r` is inside them; a rectangle larger than the bounds shows
    /// its minimum edge.
    open func scroll(to r: CGRect) {
        let visible = bounds
        func origin(_ lower: CGFloat, _ upper: CGFloat, _ visibleLower: CGFloat, _ length: CGFloat) -> CGFloat {
            if lower < visibleLower || upper - lower > length { return lower }
            if upper > visibleLower + length { return upper - length }
            return visibleLower
        }
        let rect = r.standardized
        scroll(to: CGPoint(x: origin(rect.minX, rect.maxX, visible.minX, visible.width),
                           y: origin(rect.minY, rect.maxY, visible.minY, visible.height)))
    }
}
