import Foundation
import SwellCore

/// The `DRAnimationBlockDelegate` of objc.io's "View-Layer Synergy", after
/// UIKit's private `UIViewAnimationBlockDelegate`: an animation delegate
/// that runs a block when the animation starts and another when it stops,
/// each at most once.
final class AnimationBlockDelegate: CAAnimationDelegate {
    private var start: (() -> Void)?
    private var stop: ((Bool) -> Void)?

    /// `animationDelegateWithBeginning:completion:`.
    init(beginning: (() -> Void)?, completion: ((_ finished: Bool) -> Void)?) {
        start = beginning
        stop = completion
    }

    func animationDidStart(_ anim: CAAnimation) {
        start?()
        start = nil
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stop?(flag)
        stop = nil
    }
}
