import Foundation
import SwellCore

/// What a frame is rendered into: a size in points, the pixels per point,
/// and the colour behind the root layer.
///
/// Coordinates are iOS's: the origin is the top-left corner and y grows
/// down. The root layer is placed in the canvas as in a window: its
/// `position` is measured from the canvas's top-left corner. One point is
/// one pixel at `scale` 1; at `scale` 2 the frame has twice the pixels each
/// way, as a Retina screen with `contentsScale` 2.
public struct Canvas: Sendable, Hashable {
    /// The size in points.
    public var width: Int
    public var height: Int
    /// Pixels per point.
    public var scale: Double
    /// The colour the frame starts with; nil for transparent black.
    public var backgroundColor: CGColor?

    public init(width: Int, height: Int, scale: Double = 1, backgroundColor: CGColor? = nil) {
        precondition(width > 0 && height > 0, "a canvas has a positive size")
        precondition(scale > 0 && scale.isFinite, "a canvas has a positive scale")
        self.width = width
        self.height = height
        self.scale = scale
        self.backgroundColor = backgroundColor
    }

    /// The size in pixels.
    public var pixelWidth: Int { Int((Double(width) * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((Double(height) * scale).rounded(.up)) }
}
