import Foundation
import SwellCore

/// Keyframes on the animation layer's frames, made into one
/// `CAKeyframeAnimation` (docs/lottie.md#keyframes): `keyTimes` from the
/// frames, a timing function per segment, a hold as a segment that keeps
/// its value and a jump at its end (two keys at the same time).
struct Track {
    var frames: [Double] = []
    var values: [Any] = []
    /// One per segment.
    var functions: [CAMediaTimingFunction] = []
    /// Every segment jumps: for values that cannot be interpolated.
    var isDiscrete = false
    /// A point property's motion path, with one vertex per key.
    var path: CGPath?
    var rotationMode: CAAnimationRotationMode?

    private static let linear = CAMediaTimingFunction(name: .linear)

    mutating func append(_ frame: Double, _ value: Any, easing function: CAMediaTimingFunction? = nil) {
        if !frames.isEmpty { functions.append(function ?? Self.linear) }
        frames.append(frame)
        values.append(value)
    }

    /// The animation of `keyPath` on a layer whose time is these frames
    /// at `frameRate`; nil when there is nothing to animate.
    func animation(keyPath: String, frameRate: Double) -> CAKeyframeAnimation? {
        guard frames.count > 1, let first = frames.first, let last = frames.last, last > first else { return nil }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        let start = first / frameRate
        animation.beginTime = start == 0 ? AVCoreAnimationBeginTimeAtZero : start
        animation.duration = (last - first) / frameRate
        animation.keyTimes = frames.map { NSNumber(value: (($0 - first) / (last - first))) }
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        if isDiscrete {
            animation.calculationMode = .discrete
            animation.values = values
        } else if let path {
            animation.path = path
            animation.timingFunctions = functions
            animation.rotationMode = rotationMode
        } else {
            animation.values = values
            animation.timingFunctions = functions
        }
        return animation
    }

    /// A track of `value` sampled at every whole frame of `range` and at
    /// its ends, linear between.
    static func sampled(over range: ClosedRange<Double>, _ value: (Double) -> Any) -> Track {
        var track = Track()
        for frame in sampleFrames(range) { track.append(frame, value(frame)) }
        return track
    }

    /// The most samples a track takes: a longer span (over 2¾ minutes at
    /// 60 fps) is sampled evenly at this many frames instead, so that a
    /// keyframe or an out-point far away cannot make building the layers
    /// take minutes or fill the memory.
    static let maximumSamples = 10_000

    static func sampleFrames(_ range: ClosedRange<Double>) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span.isFinite else { return [range.lowerBound, range.upperBound] }
        if span > Double(maximumSamples) {
            let step = span / Double(maximumSamples)
            return (0..<maximumSamples).map { range.lowerBound + Double($0) * step } + [range.upperBound]
        }
        var frames = [range.lowerBound]
        var frame = range.lowerBound.rounded(.down) + 1
        while frame < range.upperBound {
            frames.append(frame)
            frame += 1
        }
        if range.upperBound > range.lowerBound { frames.append(range.upperBound) }
        return frames
    }
}
