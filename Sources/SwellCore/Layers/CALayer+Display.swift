import Foundation

/// Display and layout requests, served by the host's display frames.
extension CALayer {
    /// Marks the layer's content as needing an update; the next display
    /// frame calls ``display()``.
    public func setNeedsDisplay() {
        needsDisplayFlag = true
    }

    /// Marks part of the layer as needing an update (the whole layer is
    /// redisplayed).
    public func setNeedsDisplay(_ r: CGRect) {
        setNeedsDisplay()
    }

    /// Whether the layer is marked as needing display.
    public func needsDisplay() -> Bool {
        needsDisplayFlag
    }

    /// Displays the layer now if it is marked as needing display.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// Marks the layer as needing layout before its next display.
    public func setNeedsLayout() {
        needsLayoutFlag = true
    }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool {
        needsLayoutFlag
    }

    /// Lays out the layer now if it is marked as needing layout.
    public func layoutIfNeeded() {
        guard needsLayoutFlag else { return }
        needsLayoutFlag = false
        layoutSublayers()
    }

    /// On a presentation layer, the progress of the running ``CATransition``
    /// (from its `startProgress` to its `endProgress`); nil on a model layer
    /// or when no transition is on the layer. The hook through which a host
    /// blends a layer's old and new state — a visual renderer its contents,
    /// an audio host its old and new sound.
    public var transitionProgress: Double? {
        isPresentationCopy ? values[kCATransition] as? Double : nil
    }

    /// Records in the current transaction that the layer's non-animatable
    /// state changed (``renderState``), so the next commit publishes it —
    /// what a property setter does for animatable properties.
    public func setNeedsCommit() {
        markTreeChanged()
    }

    /// The default display: draws into a context the size of the bounds and
    /// keeps the drawing as the layer's contents.
    func displayByDrawing() {
        let context = CGContext(size: bounds.size)
        draw(in: context)
        contents = context
    }
}
