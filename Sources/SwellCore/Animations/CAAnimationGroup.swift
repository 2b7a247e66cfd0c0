/// Several animations run together in one time space.
///
/// The children's timing is in the group's local time: a child's
/// `beginTime` is relative to the group's start, and the group's duration
/// clips the children rather than scaling them (Apple's CAAnimationGroup
/// reference). A child whose duration is 0 takes the group's duration. The
/// children's delegates and `isRemovedOnCompletion` are ignored, as Apple
/// documents; the group's own apply.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() {
        super.init()
    }

    /// Copies the group and, deeply, its children, so that a group added to
    /// a layer is unaffected by later changes to the original's children.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }
}
