/// What a layer keeps about an animation it holds: when it was added, whether
/// it has started and stopped, and which transaction completions wait for it.
/// Lives on the thread that owns the layer.
final class AnimationAttachment {
    let key: String
    /// Whether `beginTime` was 0 when added, to be set to the commit time.
    var beginsAtCommit: Bool
    /// The committed model value of the animated key when the animation was
    /// added: the start of an animation with no from, to or by value
    /// ("the previous value of keyPath in the render tree").
    let previousValue: (any Animatable)?
    /// Whether the animation changes a key for which the layer's class
    /// answers `needsDisplay(forKey:)` with true, so that the layer is
    /// displayed while it runs. Decided once, when the animation is added:
    /// the layer holds its own copy, which does not change (QuartzCore
    /// refuses to modify an animation a layer holds), and the display link
    /// asks on every frame.
    let affectsDisplay: Bool
    /// The animation compiled when it was added, beginning at the
    /// `beginTime` it had then: a commit reuses it, moved to the begin time
    /// the commit resolves (``AnimationCompiler/Entry/beginning(at:)``).
    var compiled: [AnimationCompiler.Entry] = []
    /// Whether the animation changed since it was compiled: a schedule's
    /// calls change the layer's copy in place, and it is compiled again
    /// once, when the layer's record is next built, however many calls a
    /// transaction makes.
    var isStale = false
    var completions: [TransactionCompletion] = []
    private(set) var started = false
    private(set) var stopped = false

    init(key: String, beginsAtCommit: Bool, previousValue: (any Animatable)?, affectsDisplay: Bool) {
        self.key = key
        self.beginsAtCommit = beginsAtCommit
        self.previousValue = previousValue
        self.affectsDisplay = affectsDisplay
    }

    /// The compiled entries, compiled again first when stale.
    func entries(of animation: CAAnimation, on layer: CALayer) -> [AnimationCompiler.Entry] {
        if isStale {
            isStale = false
            do {
                compiled = try AnimationCompiler.compile(animation, on: layer, beginTime: animation.beginTime)
            } catch {
                CADiagnostics.warn("\(layer.debugName): animation for key '\(key)' no longer runs: \(error)")
                compiled = []
            }
        }
        return compiled
    }

    func notifyStart(_ animation: CAAnimation) {
        guard !started else { return }
        started = true
        animation.delegate?.animationDidStart(animation)
    }

    /// Tells the delegate the animation stopped (once) and releases the
    /// transaction completions waiting for it.
    func notifyStop(_ animation: CAAnimation, finished: Bool) {
        guard !stopped else { return }
        stopped = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        let waiting = completions
        completions = []
        for completion in waiting { completion.animationEnded() }
    }
}
