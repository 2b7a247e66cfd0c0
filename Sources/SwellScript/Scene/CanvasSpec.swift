import Foundation

/// A scene's `"canvas"` (docs/scripts.md#canvas): the picture its root layer
/// fills — `{"width": 640, "height": 360, "scale": 1, "backgroundColor":
/// "#ffffff"}`. Layers without a parent are the root's sublayers.
///
/// Width and height are in points; the picture has `scale` pixels per point,
/// as a layer's `contentsScale` of 2 draws a Retina backing store. A side of
/// more than 16,384 pixels — Cairo's limit for an image surface, and four
/// times an 8K frame — is refused.
public struct CanvasSpec: Hashable, Sendable {
    /// The most pixels a side may have.
    public static let maximumPixels = 16_384

    public var width: Int
    public var height: Int
    public var scale: Double
    /// The root layer's `backgroundColor`; nil leaves the canvas transparent.
    public var backgroundColor: CGColor?

    public init(width: Int, height: Int, scale: Double = 1, backgroundColor: CGColor? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.backgroundColor = backgroundColor
    }

    /// The picture's size in pixels: each side `round(points · scale)`.
    public var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    public var pixelHeight: Int { Int((Double(height) * scale).rounded()) }
}
