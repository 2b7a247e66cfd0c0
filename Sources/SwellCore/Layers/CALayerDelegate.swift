/// The object that customises a layer's actions, display and layout.
///
/// QuartzCore asks the delegate first when it searches for an action
/// (`action(for:forKey:)`: return an action to use it, nil to let the search
/// continue, `NSNull()` to stop it with no action). UIKit makes every view
/// its layer's delegate and returns `NSNull()` outside animation blocks,
/// which is why view-backed layers do not animate implicitly (objc.io's
/// "View-Layer Synergy").
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`, nil to continue the search, or
    /// `NSNull()` to stop it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    /// Displays the layer; called by the default ``CALayer/display()``.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`; called by the default
    /// ``CALayer/draw(in:)``.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers; called by the default
    /// ``CALayer/layoutSublayers()``.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
}
