/// Where a canvas goes in a window of another size: scaled uniformly to fit
/// and centred, the rest of the window black — `contentsGravity`
/// `resizeAspect`, the letterbox of `AVPlayerLayer`'s `resizeAspect`
/// video gravity.
public struct LetterboxFit: Sendable, Equatable {
    /// Pixels per canvas point.
    public let scale: Double
    /// The canvas's rectangle in the window, in pixels: whole pixels, within
    /// the window, centred.
    public let x: Int, y: Int, width: Int, height: Int

    /// The fit of a canvas of `width`×`height` points in a drawable of
    /// `drawableWidth`×`drawableHeight` pixels.
    public init(canvasWidth width: Int, height: Int, drawableWidth: Int, drawableHeight: Int) {
        let scale = min(Double(drawableWidth) / Double(width), Double(drawableHeight) / Double(height))
        self.scale = scale
        // The rendered frame is ⌈points × scale⌉ pixels (a canvas's pixel
        // size); rounding may make that one more than the window has.
        self.width = min(drawableWidth, Int((Double(width) * scale).rounded(.up)))
        self.height = min(drawableHeight, Int((Double(height) * scale).rounded(.up)))
        x = (drawableWidth - self.width) / 2
        y = (drawableHeight - self.height) / 2
    }
}
