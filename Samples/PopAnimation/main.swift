// PopAnimation — David Rönnqvist, "View-Layer Synergy" (objc.io issue 12).
//
// How a view and its layer work together through the action search, and a
// block-based animation API built on it:
//
// - actions: a view answers its layer with NSNull outside an animation
//   block and with an animation inside one;
// - animate: the animation a block adds, printed by an inspection layer
//   that overrides `add(_:forKey:)`;
// - fade:    an animation delegate that runs blocks;
// - pop:     the article's pop animation — the view records each change during
//   the block (layer, key path, old value), then adds a keyframe animation
//   through [old, new, old] and sets the model back.
import Foundation
import SwellCore

askViewForActions()
inspectAnimationBlock()
fadeWithBlockDelegate()
popFourViews()
