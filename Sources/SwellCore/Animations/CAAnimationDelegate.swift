/// Receives an animation's start and stop.
///
/// QuartzCore calls `animationDidStart(_:)` when the animation's active
/// duration begins and `animationDidStop(_:finished:)` when it ends —
/// `finished` is true when it ran to the end of its active duration and
/// false when it was removed first. Swell calls both on the thread that owns
/// the layer, during a host tick. As in QuartzCore, the animation keeps a
/// strong reference to its delegate.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
