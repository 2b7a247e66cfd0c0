import Foundation

/// Turns the parsed script and command-line descriptions into Core
/// Animation objects, property for property: the script format uses Core
/// Animation's own names (docs/scripts.md#animation-objects), so this is a
/// direct transcription.
extension TimingFunctionSpec {
    /// The timing function this names.
    public var timingFunction: CAMediaTimingFunction {
        switch self {
        case .named(let name):
            // The parser only accepts names from CAMediaTimingFunctionName.
            CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name)!)
        case .bezier(let x1, let y1, let x2, let y2):
            CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
        case .mirrored(let function):
            function.timingFunction.mirrored
        }
    }
}

extension AnimationSpec {
    /// A new animation object with the spec's properties.
    public func makeAnimation() -> CAAnimation {
        let animation: CAAnimation
        switch content {
        case .basic(let spec):
            animation = spec.makeAnimation(CABasicAnimation())
        case .spring(let spec):
            let spring = spec.basic.makeAnimation(CASpringAnimation())
            spring.mass = spec.mass
            spring.stiffness = spec.stiffness
            spring.damping = spec.damping
            spring.initialVelocity = spec.initialVelocity
            animation = spring
        case .keyframe(let spec):
            animation = spec.makeAnimation()
        case .group(let children):
            let group = CAAnimationGroup()
            group.animations = children.map { $0.makeAnimation() }
            animation = group
        case .transition(let spec):
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: spec.type.rawValue)
            transition.subtype = spec.subtype.map { CATransitionSubtype(rawValue: $0.rawValue) }
            transition.startProgress = Float(spec.startProgress)
            transition.endProgress = Float(spec.endProgress)
            animation = transition
        }
        animation.timingFunction = timingFunction?.timingFunction
        animation.isRemovedOnCompletion = isRemovedOnCompletion
        animation.beginTime = beginTime
        animation.duration = duration
        animation.timeOffset = timeOffset
        animation.speed = Float(speed)
        // QuartzCore spells "forever" as .infinity for a Float repeat count.
        animation.repeatCount = Float(repeatCount)
        animation.repeatDuration = repeatDuration
        animation.autoreverses = autoreverses
        animation.fillMode = CAMediaTimingFillMode(rawValue: fillMode.rawValue)
        return animation
    }
}

extension PropertyAnimationSpec {
    func configure(_ animation: CAPropertyAnimation) {
        animation.keyPath = keyPath
        animation.isAdditive = isAdditive
        animation.isCumulative = isCumulative
    }
}

extension BasicAnimationSpec {
    func makeAnimation<Animation: CABasicAnimation>(_ animation: Animation) -> Animation {
        property.configure(animation)
        animation.fromValue = fromValue?.value
        animation.toValue = toValue?.value
        animation.byValue = byValue?.value
        return animation
    }
}

extension KeyframeAnimationSpec {
    func makeAnimation() -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation()
        property.configure(animation)
        animation.values = path == nil ? values.map(\.value) : nil
        animation.path = path
        animation.rotationMode = rotationMode.map { CAAnimationRotationMode(rawValue: $0.rawValue) }
        animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        animation.timingFunctions = timingFunctions?.map(\.timingFunction)
        animation.calculationMode = CAAnimationCalculationMode(rawValue: calculationMode.rawValue)
        animation.tensionValues = tensionValues?.map { NSNumber(value: $0) }
        animation.continuityValues = continuityValues?.map { NSNumber(value: $0) }
        animation.biasValues = biasValues?.map { NSNumber(value: $0) }
        return animation
    }
}
