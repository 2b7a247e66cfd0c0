import Foundation

/// Scrolling from any layer inside a scroll layer — Apple's
/// `CALayer (CALayerScrolling)` category: each method finds the closest
/// ancestor `CAScrollLayer` ("iOS Core Animation: Advanced Techniques",
/// chapter 6).
extension CALayer {
    /// The closest `CAScrollLayer` above the layer, if any.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

    /// Scrolls the closest ancestor scroll layer so that `p`, in this
    /// layer's coordinates, is at its bounds' origin (`-scrollPoint:`).
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: scrollLayer.convert(p, from: self))
    }

    /// Scrolls the closest ancestor scroll layer as little as makes `r`, in
    /// this layer's coordinates, visible (`-scrollRectToVisible:`).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: scrollLayer.convert(r, from: self))
    }

    /// The part of the layer's bounds that the closest ancestor scroll
    /// layer shows, in the layer's coordinates: its bounds, converted here,
    /// cut to the layer's bounds. The whole bounds when no scroll layer
    /// encloses the layer; `.null` when it shows none of it.
    public var visibleRect: CGRect {
        guard let scrollLayer = enclosingScrollLayer else { return bounds }
        return convert(scrollLayer.bounds, from: scrollLayer).intersection(bounds)
    }
}
