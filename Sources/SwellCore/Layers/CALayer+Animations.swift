/// Adding, finding and removing animations.
extension CALayer {
    /// Adds a copy of `anim` under `key`, as `-[CALayer addAnimation:forKey:]`:
    /// - an animation already under `key` is removed first (its delegate is
    ///   told it did not finish);
    /// - a `nil` key is allowed (the animation cannot be looked up);
    ///   transitions are always stored under ``kCATransition``;
    /// - a duration ≤ 0 becomes the transaction's ``CATransaction/animationDuration()``
    ///   and a missing timing function the transaction's;
    /// - a `beginTime` of 0 becomes the time the transaction commits, in the
    ///   layer's time space.
    ///
    /// The copy is compiled here, once: an animation that cannot run on
    /// this layer — its key path names no property, its values do not fit
    /// the property, its timing is not finite — is refused with a logged
    /// reason (QuartzCore likewise ignores such animations instead of
    /// failing), and commits reuse what was compiled.
    func addAnimationCopy(_ anim: CAAnimation, forKey key: String?) {
        precondition(!isPresentationCopy, "presentation layers cannot take animations")
        let transaction = CATransaction.currentForChange()
        let copy = anim.copy() as! CAAnimation
        if copy.duration <= 0 { copy.duration = CATransaction.animationDuration() }
        if copy.timingFunction == nil { copy.timingFunction = CATransaction.animationTimingFunction() }
        let storageKey = copy is CATransition ? kCATransition : (key ?? nextAnonymousKey())
        let previous = (copy as? CAPropertyAnimation)?.keyPath.flatMap { committedValue(forKeyPath: $0) }
        copy.attachment = AnimationAttachment(key: storageKey, beginsAtCommit: copy.beginTime == 0, previousValue: previous,
                                              affectsDisplay: copy.affectsDisplay(of: self))
        do {
            copy.attachment!.compiled = try AnimationCompiler.compile(copy, on: self, beginTime: copy.beginTime)
        } catch {
            CADiagnostics.warn("\(debugName): animation for key '\(key ?? "nil")' not added: \(error)")
            return
        }
        if let index = animationEntries.firstIndex(where: { $0.key == storageKey }) {
            let replaced = animationEntries.remove(at: index).animation
            transaction.stack.removedAnimations.append(replaced)
        }
        animationEntries.append((storageKey, copy))
        transaction.stack.animationAdded(copy.attachment!)
        transaction.noteChange(of: self)
    }

    /// The animation stored under `key` (the copy that was added).
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the layer's animations in the order they were added
    /// (animations added with a nil key are not listed); nil when there are none.
    public func animationKeys() -> [String]? {
        let keys = animationEntries.map(\.key).filter { !$0.hasPrefix(Self.anonymousKeyPrefix) }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears
    /// `animationDidStop(_:finished: false)` when the transaction commits.
    public func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let transaction = CATransaction.currentForChange()
        transaction.stack.removedAnimations.append(animationEntries.remove(at: index).animation)
        transaction.noteChange(of: self)
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        guard !animationEntries.isEmpty else { return }
        let transaction = CATransaction.currentForChange()
        transaction.stack.removedAnimations.append(contentsOf: animationEntries.map(\.animation))
        animationEntries.removeAll()
        transaction.noteChange(of: self)
    }

    /// Removes an animation that ran to completion, without notifying (the
    /// host already told its delegate it finished).
    func removeFinishedAnimation(_ animation: CAAnimation) {
        guard let index = animationEntries.firstIndex(where: { $0.animation === animation }) else { return }
        animationEntries.remove(at: index)
        CATransaction.currentForChange().noteChange(of: self)
    }

    private static let anonymousKeyPrefix = "\u{1}anonymous-"

    private func nextAnonymousKey() -> String {
        anonymousAnimationCount += 1
        return Self.anonymousKeyPrefix + String(anonymousAnimationCount)
    }

    /// The committed ("render tree") model value at a key path, or the
    /// model value when the layer has not been committed.
    private func committedValue(forKeyPath keyPath: String) -> (any Animatable)? {
        guard let resolved = resolve(keyPath: keyPath) else { return nil }
        let stored = renderHost?.committedValues(of: self) ?? values
        let root = stored[resolved.key] ?? resolved.defaultValue
        guard let field = resolved.component else { return root }
        return root.componentValue(field)
    }
}
