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
    var completions: [TransactionCompletion] = []
    private(set) var started = false
    private(set) var stopped = false

    init(key: String, beginsAtCommit: Bool, previousValue: (any Animatable)?) {
        self.key = key
        self.beginsAtCommit = beginsAtCommit
        self.previousValue = previousValue
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
