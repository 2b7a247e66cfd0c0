import Foundation

/// Batches layer changes into atomic updates of the render hosts.
///
/// As in QuartzCore:
/// - Every layer change belongs to a transaction. A change made when none is
///   open begins an *implicit* transaction, committed when the thread's run
///   loop finishes its current turn, or by ``flush()``. ``begin()`` and
///   ``commit()`` make explicit ones; they nest, per thread, and changes
///   reach the hosts only when the outermost transaction commits.
/// - A transaction carries settings that the animations added inside it
///   take when they do not set their own: ``animationDuration()`` (0.25 s by
///   default), ``animationTimingFunction()`` (nil, linear), and
///   ``disableActions()``, which turns the action search off.
/// - ``completionBlock()`` runs once every animation added in the
///   transaction has finished or been removed — immediately at commit if it
///   added none.
///
/// Swell's hosts also flush the implicit transaction at the start of every
/// display-link frame and host tick, so code that never runs a run loop
/// (tests, command-line tools) sees its changes at the next frame.
public final class CATransaction {
    private init() {}

    /// Begins a new transaction for the current thread.
    public static func begin() {
        TransactionStack.current.begin(implicit: false)
    }

    /// Commits the innermost transaction; the outermost commit publishes the
    /// changes to the render hosts.
    public static func commit() {
        TransactionStack.current.commitInnermost()
    }

    /// Commits the implicit transaction, if any, now (or as soon as the
    /// explicit transactions nested in it have committed).
    public static func flush() {
        TransactionStack.current.flushImplicit()
    }

    /// Acquires the global lock that protects layer trees shared between
    /// threads (a recursive lock).
    public static func lock() {
        globalLock.lock()
    }

    /// Relinquishes the lock taken by ``lock()``.
    public static func unlock() {
        globalLock.unlock()
    }

    private static let globalLock = NSRecursiveLock()

    // MARK: Settings

    /// The duration given to animations added in this transaction that have
    /// none of their own; ``defaultAnimationDuration`` unless set.
    public static func animationDuration() -> CFTimeInterval {
        value(forKey: kCATransactionAnimationDuration).flatMap(ValueCoercion.number) ?? defaultAnimationDuration
    }

    /// Core Animation's animation duration when a transaction sets none: a
    /// quarter of a second.
    public static let defaultAnimationDuration: CFTimeInterval = 0.25

    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added in this transaction
    /// that have none of their own; nil (linear) unless set.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip the action search.
    public static func disableActions() -> Bool {
        value(forKey: kCATransactionDisableActions) as? Bool ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run when every animation added in this transaction has
    /// finished or been removed.
    public static func completionBlock() -> (() -> Void)? {
        TransactionStack.current.innermost?.completion?.block
    }

    public static func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionStack.current.frameForChange().setCompletion(block)
    }

    /// A transaction property; nested transactions inherit their
    /// enclosing transactions' values.
    public static func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        return TransactionStack.current.value(forKey: key)
    }

    public static func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        TransactionStack.current.frameForChange().settings[key] = anObject
    }

    // MARK: Engine interface

    /// The transaction that a layer change joins, beginning an implicit one
    /// when none is open.
    static func currentForChange() -> TransactionFrame {
        TransactionStack.current.frameForChange()
    }
}

/// The key of ``CATransaction/animationDuration()``.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of ``CATransaction/disableActions()``.
public let kCATransactionDisableActions = "disableActions"
/// The key of ``CATransaction/animationTimingFunction()``.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of ``CATransaction/completionBlock()``.
public let kCATransactionCompletionBlock = "completionBlock"
