import Foundation

/// What a frame is rendered into: a size in points, the pixels per point,
/// and the colour behind the root layer — a scene's `"canvas"`
/// (docs/scripts.md#canvas), which its root layer fills, and what a
/// renderer draws into.
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

    /// The size in pixels: each side its points times the scale, a
    /// fraction of a pixel rounded up, so that nothing of the canvas is
    /// left out.
    public var pixelWidth: Int { Int((Double(width) * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((Double(height) * scale).rounded(.up)) }

    /// The most pixels a side may have: Cairo's limit for an image
    /// surface, and four times an 8K frame.
    public static let maximumPixels = 16_384

    /// Why the canvas cannot be drawn — a side of more than
    /// ``maximumPixels`` pixels — or nil when it can.
    public var sizeProblem: String? {
        let largest = max(pixelWidth, pixelHeight)
        guard largest > Self.maximumPixels else { return nil }
        return "the canvas would be \(largest) pixels on a side; at most \(Self.maximumPixels) are drawn"
    }
}
