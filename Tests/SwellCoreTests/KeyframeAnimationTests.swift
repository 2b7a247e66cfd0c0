import Foundation
import Testing
@testable import SwellCore

/// CAKeyframeAnimation. Sources: Apple's CAKeyframeAnimation reference
/// (keyTimes rules, calculation modes); objc.io's "Animations Explained"
/// (the shake); Kochanek & Bartels 1984 for the cubic spline.
@Suite struct KeyframeAnimationTests {
    func keyframes(_ values: [Double], times: [NSNumber]? = nil, mode: CAAnimationCalculationMode = .linear,
                   duration: Double = 1) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "value")
        animation.values = values
        animation.keyTimes = times
        animation.calculationMode = mode
        animation.duration = duration
        return animation
    }

    func sample(_ animation: CAKeyframeAnimation, at times: [Double]) -> [Double] {
        let stage = Stage()
        stage.add(animation)
        return times.map { stage.peek(at: $0) }
    }

    @Test func linearSegmentsMeetAtTheKeyTimes() {
        let values = sample(keyframes([0, 10, 4], times: [0, 0.25, 1]), at: [0, 0.125, 0.25, 0.625, 0.999999])
        #expect(values[0] == 0)
        #expect(values[1] == 5)
        #expect(values[2] == 10)
        #expect(values[3] == 7)
        #expect(values[4].isApproximately(4, tolerance: 1e-5))
    }

    @Test func theShakeAddsToTheModelValue() {
        // The shake of "Animations Explained": values 0, 10, −10, 10, 0 at 0,
        // 1/6, 3/6, 5/6, 1 over 0.4 s, additive — constant speed, 20 points
        // per sixth.
        let stage = Stage()
        stage.layer.value = 100
        CATransaction.flush()
        let shake = keyframes([0, 10, -10, 10, 0], times: [0, NSNumber(value: 1.0 / 6), NSNumber(value: 3.0 / 6), NSNumber(value: 5.0 / 6), 1], duration: 0.4)
        shake.isAdditive = true
        stage.add(shake)
        #expect(stage.peek(at: 0.4 / 6).isApproximately(110))
        #expect(stage.peek(at: 0.4 * 2 / 6).isApproximately(100))
        #expect(stage.peek(at: 0.4 * 3 / 6).isApproximately(90))
    }

    @Test func invalidKeyTimesAreIgnoredAndKeyframesSpacedEvenly() {
        for invalid: [NSNumber] in [[0, 0.5], [0, 0.8, 0.5], [0.1, 0.5, 1], [0, 0.5, 0.9], [0, 0.5, 1.5]] {
            let values = sample(keyframes([0, 10, 20], times: invalid), at: [0.25, 0.75])
            #expect(values == [5, 15], "keyTimes \(invalid)")
        }
    }

    @Test func timingFunctionsPaceEachSegment() {
        let animation = keyframes([0, 10, 20])
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear)]
        #expect(sample(animation, at: [0.25, 0.75]) == [5, 15])
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() {
        // n values take n + 1 key times.
        let held = sample(keyframes([1, 2, 3], times: [0, 0.5, 0.75, 1], mode: .discrete), at: [0, 0.49, 0.5, 0.8, 0.99])
        #expect(held == [1, 1, 2, 3, 3])
        let even = sample(keyframes([1, 2, 3], mode: .discrete), at: [0.3, 0.34, 0.7])
        #expect(even == [1, 2, 3])
    }

    @Test func pacedMovesAtConstantSpeedIgnoringKeyTimes() {
        // Distances 1 and 3: the first keyframe is reached at 1/4 of the time.
        let paced = sample(keyframes([0, 1, 4], times: [0, 0.9, 1], mode: .paced), at: [0.125, 0.25, 0.5])
        #expect(paced[0].isApproximately(0.5))
        #expect(paced[1].isApproximately(1))
        #expect(paced[2].isApproximately(2))
    }

    @Test func cubicIsCatmullRomWhenTensionContinuityAndBiasAreZero() {
        // Catmull–Rom for segment p1→p2 with neighbours p0, p3 (ends
        // repeat): ½(2p1 + (−p0 + p2)u + (2p0 − 5p1 + 4p2 − p3)u² + (−p0 + 3p1 − 3p2 + p3)u³).
        let points = [0.0, 4, 1, 5]
        func catmullRom(_ segment: Int, _ u: Double) -> Double {
            let p0 = points[max(segment - 1, 0)], p1 = points[segment], p2 = points[segment + 1]
            let p3 = points[min(segment + 2, points.count - 1)]
            return 0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u
                + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
        }
        let times = (0..<30).map { Double($0) / 30 }
        let values = sample(keyframes(points, mode: .cubic), at: times)
        for (t, value) in zip(times, values) {
            let segment = min(Int(t * 3), 2)
            #expect(value.isApproximately(catmullRom(segment, t * 3 - Double(segment)), tolerance: 1e-9), "t = \(t)")
        }
    }

    @Test func tensionOneGivesFlatTangents() {
        // t = 1 zeroes every tangent: each segment is a smoothstep
        // p1 + (p2 − p1)(3u² − 2u³).
        let animation = keyframes([0, 10, 0], mode: .cubic)
        animation.tensionValues = [1, 1, 1]
        let values = sample(animation, at: [0.125, 0.75])
        #expect(values[0].isApproximately(10 * (3 * 0.0625 - 2 * 0.015625)))
        #expect(values[1].isApproximately(10 - 10 * (3 * 0.25 - 2 * 0.125)))
    }

    @Test func cubicPacedTravelsTheSplineAtConstantSpeed() {
        let times = (0..<100).map { Double($0) / 100 }
        let values = sample(keyframes([0, 1, 5, 6], mode: .cubicPaced), at: times)
        let steps = zip(values, values.dropFirst()).map { Swift.abs($1 - $0) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { Swift.abs($0 - mean) < 0.02 * mean })
    }
}
