import Foundation
import SwellCore

/// The animation block running on the current thread, which decides what
/// a view's layer does when a property changes — the
/// `DR_currentAnimationContext` of objc.io's "View-Layer Synergy".
///
/// The article keeps the context and the saved states in statics; UIKit keeps
/// its animation state per thread, on the main thread. This context lives
/// in the thread's dictionary while its block runs (as Swell's
/// `CATransaction` keeps its stack), so no state is shared between threads,
/// and nested blocks restore the enclosing context.
final class ViewAnimationContext {
    enum Kind {
        /// UIKit's `animateWithDuration:animations:`.
        case basic(duration: CFTimeInterval)
        /// The article's pop animation.
        case pop
    }

    let kind: Kind
    /// The changes recorded by a pop block, in the order they were made.
    private(set) var savedStates: [SavedPopAnimationState] = []

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// The context of the block running on this thread, if any.
    static var current: ViewAnimationContext? {
        Thread.current.threadDictionary[key] as? ViewAnimationContext
    }

    private static let key = "PopAnimation.ViewAnimationContext"

    /// Runs `body` with this context current.
    func run(_ body: () -> Void) {
        let dictionary = Thread.current.threadDictionary
        let enclosing = dictionary[Self.key]
        dictionary[Self.key] = self
        defer { dictionary[Self.key] = enclosing }
        body()
    }

    /// The action for a change of `event` on `layer` inside the block, asked
    /// before the value changes. Events that are not properties (a layer
    /// entering the tree) get none.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer.value(forKeyPath: event) != nil else { return NSNull() }
        switch kind {
        case .basic(let duration):
            let animation = CABasicAnimation.fromPresentedValue(of: layer, keyPath: event)
            animation.duration = duration
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            animation.fillMode = .both
            return animation
        case .pop:
            savedStates.append(SavedPopAnimationState(layer: layer, keyPath: event))
            // No implicit animation: the pop animation is added after the block.
            return NSNull()
        }
    }
}
