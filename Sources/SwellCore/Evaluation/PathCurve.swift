import Foundation

/// The curve of a ``CAKeyframeAnimation`` with a `path`: a point moving
/// along the path's drawn segments.
///
/// The path's segments play the role of keyframe intervals (Apple: key
/// times are given "for each point of the path"): with `linear` or `cubic`
/// the point crosses segment *i* between key times *i* and *i + 1*, at
/// constant speed within it, paced by its timing function; `paced` and
/// `cubicPaced` travel the whole path at constant speed; `discrete` jumps
/// from vertex to vertex. The same position gives the direction of travel,
/// which `rotationMode` turns the layer to.
struct PathCurve: ValueCurve {
    private let measurement: PathMeasurement
    private let keyTimes: [Double]
    private let pacing: SegmentPacing
    private let mode: CAAnimationCalculationMode

    init(animation: CAKeyframeAnimation, path: PathValue) throws {
        measurement = PathMeasurement(path)
        let count = measurement.segments.count
        guard count > 0 else { throw AnimationCompiler.Failure("the path of '\(animation.keyPath ?? "")' draws nothing") }
        mode = animation.calculationMode
        // Discrete animations hold the count + 1 vertices; the others cross
        // the count segments.
        let discrete = mode == .discrete
        let spans = discrete ? count + 1 : count
        keyTimes = animation.validKeyTimes(forSegments: spans, discrete: discrete)
            ?? (0...spans).map { Double($0) / Double(spans) }
        pacing = SegmentPacing(animation.segmentFunctions(count: count))
    }

    func value(at sample: CurveSample, model: CGPoint) -> CGPoint {
        let (segment, distance) = location(at: sample.fraction)
        return measurement.segments[segment].point(atDistance: distance)
    }

    func endValue(model: CGPoint) -> CGPoint {
        measurement.segments[measurement.segments.count - 1].end
    }

    /// The direction of travel, in radians, at `sample`.
    func angle(at sample: CurveSample) -> Double {
        let (segment, distance) = location(at: sample.fraction)
        return measurement.segments[segment].tangentAngle(atDistance: distance)
    }

    /// The segment and the distance into it at `fraction` of the duration.
    private func location(at fraction: Double) -> (Int, Double) {
        let segments = measurement.segments
        switch mode {
        case .paced, .cubicPaced:
            let found = measurement.location(atDistance: fraction * measurement.length)!
            return (found.segment, found.distance)
        case .discrete:
            // Vertex k (the start of segment k, or the end of the last) is
            // held from key time k.
            var vertex = 0
            while vertex + 1 <= segments.count && vertex + 1 < keyTimes.count && keyTimes[vertex + 1] <= fraction {
                vertex += 1
            }
            return vertex < segments.count ? (vertex, 0) : (segments.count - 1, segments[segments.count - 1].length)
        default:
            var segment = 0
            while segment + 1 < segments.count && keyTimes[segment + 1] <= fraction { segment += 1 }
            let span = keyTimes[segment + 1] - keyTimes[segment]
            let u = pacing.pace(span > 0 ? (fraction - keyTimes[segment]) / span : 1, segment: segment)
            return (segment, min(max(u, 0), 1) * segments[segment].length)
        }
    }
}

/// `rotationMode`: turns the layer to the path's direction of travel (plus
/// half a turn for `rotateAutoReverse`), on top of its transform.
struct PathOrientationContribution: PropertyContribution {
    let curve: PathCurve
    let reversed: Bool

    func apply(to value: inout CATransform3D, model: CATransform3D, sample: CurveSample) {
        let angle = curve.angle(at: sample) + (reversed ? .pi : 0)
        value = CATransform3DRotate(value, CGFloat(angle), 0, 0, 1)
    }
}

/// An animation with a `valueFunction`: its numbers become a transform
/// (`CAValueFunction`), which replaces the layer's transform — or, when the
/// animation is additive, is applied on top of it.
struct ValueFunctionContribution: PropertyContribution {
    let function: CAValueFunction
    let input: Effect<SIMD3<Double>>
    let isAdditive: Bool

    func apply(to value: inout CATransform3D, model: CATransform3D, sample: CurveSample) {
        var numbers = SIMD3<Double>.zero
        input.apply(to: &numbers, model: .zero, sample: sample)
        let arguments = function.inputCount == 3 ? [numbers.x, numbers.y, numbers.z] : [numbers.x]
        guard let transform = try? function.transform(for: arguments) else { return }
        value = isAdditive ? CATransform3DConcat(transform, value) : transform
    }
}
