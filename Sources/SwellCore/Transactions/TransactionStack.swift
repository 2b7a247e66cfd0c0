import Foundation

/// One open transaction: its settings and completion.
final class TransactionFrame {
    let isImplicit: Bool
    unowned let stack: TransactionStack
    var settings: [String: Any] = [:]
    private(set) var completion: TransactionCompletion?

    init(isImplicit: Bool, stack: TransactionStack) {
        self.isImplicit = isImplicit
        self.stack = stack
    }

    /// Whether the action search is off for changes in this transaction.
    var actionsDisabled: Bool {
        stack.value(forKey: kCATransactionDisableActions) as? Bool ?? false
    }

    /// Records that `layer` changed; the outermost commit publishes it.
    func noteChange(of layer: CALayer) {
        stack.noteChange(of: layer)
    }

    /// Replaces the completion block. A block replaced before it ran never
    /// runs; QuartzCore documents that setting a different block ends the
    /// previous one's wait.
    func setCompletion(_ block: (() -> Void)?) {
        completion?.cancel()
        completion = block.map(TransactionCompletion.init)
    }
}

/// Runs a transaction's completion block once every animation added after
/// the block was set has finished or been removed.
final class TransactionCompletion {
    let block: () -> Void
    private var pending = 0
    private var committed = false
    private var done = false

    init(block: @escaping () -> Void) {
        self.block = block
    }

    func animationAdded() { pending += 1 }

    func animationEnded() {
        pending -= 1
        runIfDone()
    }

    func transactionCommitted() {
        committed = true
        runIfDone()
    }

    func cancel() { done = true }

    private func runIfDone() {
        guard committed, pending <= 0, !done else { return }
        done = true
        block()
    }
}

/// The current thread's nested transactions and the changes they collect.
final class TransactionStack {
    private(set) var frames: [TransactionFrame] = []
    /// Layers changed since the outermost transaction began, in order.
    private var changed: [CALayer] = []
    private var changedSerials: Set<UInt64> = []
    /// Completions of committed inner transactions, run after publishing.
    private var committedCompletions: [TransactionCompletion] = []
    /// Animations removed before finishing, told at commit.
    var removedAnimations: [CAAnimation] = []
    private var flushRequested = false

    /// The thread-specific slot holding each thread's stack, retained, and
    /// released when the thread exits. A pthread key rather than
    /// `Thread.current.threadDictionary`: every property change and every
    /// flush looks the stack up, and a dictionary lookup behind a bridged
    /// `Thread` object cost an engine's owning thread several percent.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { stack in
            if let stack { Unmanaged<TransactionStack>.fromOpaque(stack).release() }
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    /// The stack of the calling thread.
    static var current: TransactionStack {
        if let stack = pthread_getspecific(threadKey) {
            return Unmanaged<TransactionStack>.fromOpaque(stack).takeUnretainedValue()
        }
        let stack = TransactionStack()
        pthread_setspecific(threadKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    var innermost: TransactionFrame? { frames.last }

    func begin(implicit: Bool) {
        frames.append(TransactionFrame(isImplicit: implicit, stack: self))
    }

    /// The innermost transaction, beginning an implicit one — committed at
    /// the end of the run loop's current turn — when none is open.
    func frameForChange() -> TransactionFrame {
        if let frame = frames.last { return frame }
        begin(implicit: true)
        // The block runs on this thread's run loop, so it finds this stack.
        RunLoop.current.perform { TransactionStack.current.commitImplicitIfOpen() }
        return frames[0]
    }

    func value(forKey key: String) -> Any? {
        for frame in frames.reversed() {
            if let value = frame.settings[key] { return value }
        }
        return nil
    }

    func noteChange(of layer: CALayer) {
        layer.cachedRecord = nil
        if changedSerials.insert(layer.serial).inserted { changed.append(layer) }
    }

    /// Registers an animation added now with every open transaction that
    /// waits for its animations.
    func animationAdded(_ attachment: AnimationAttachment) {
        for frame in frames {
            guard let completion = frame.completion else { continue }
            completion.animationAdded()
            attachment.completions.append(completion)
        }
    }

    func commitInnermost() {
        guard let frame = frames.last else {
            CADiagnostics.warn("CATransaction.commit() without a matching begin()")
            return
        }
        guard !frame.isImplicit else {
            CADiagnostics.warn("CATransaction.commit() without a matching begin(); use flush() for the implicit transaction")
            return
        }
        frames.removeLast()
        if let completion = frame.completion { committedCompletions.append(completion) }
        if frames.isEmpty {
            publish()
        } else if frames.count == 1, frames[0].isImplicit, flushRequested {
            flushRequested = false
            commitImplicitIfOpen()
        }
    }

    func flushImplicit() {
        guard let first = frames.first, first.isImplicit else { return }
        if frames.count == 1 { commitImplicitIfOpen() } else { flushRequested = true }
    }

    func commitImplicitIfOpen() {
        guard frames.count == 1, frames[0].isImplicit else { return }
        let frame = frames.removeLast()
        if let completion = frame.completion { committedCompletions.append(completion) }
        publish()
    }

    /// Sends the collected changes to the hosts of the layers' trees, then
    /// runs completions and tells delegates about removed animations.
    private func publish() {
        let layers = changed, completions = committedCompletions, removed = removedAnimations
        changed = []
        changedSerials = []
        committedCompletions = []
        removedAnimations = []
        var hosts: [ObjectIdentifier: RenderHost] = [:]
        for layer in layers {
            if let host = layer.renderHost { hosts[ObjectIdentifier(host)] = host }
        }
        for host in hosts.values { host.commit() }
        for completion in completions { completion.transactionCommitted() }
        for animation in removed { animation.attachment?.notifyStop(animation, finished: false) }
    }
}
