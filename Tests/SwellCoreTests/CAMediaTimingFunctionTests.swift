import Foundation
import TestSupport
import Testing
@testable import SwellCore

@Suite struct CAMediaTimingFunctionTests {
    /// The control points of Apple's named functions, as published in Apple's
    /// "Timing Functions" reference (and CSS's `ease`, `ease-in`, …).
    static let appleControlPoints: [(CAMediaTimingFunctionName, [Double])] =
        ReferenceBezier.coreAnimation.map { (CAMediaTimingFunctionName(rawValue: $0.name)!, $0.curve.controlPoints) }

    @Test func matchesPublishedMeasurements() {
        let cases: [(CAMediaTimingFunctionName, x: Double, y: Double)] = [
            (.easeInEaseOut, 0.25, 0.129162),
            (.default, 0.5, 0.802403),
            (.easeIn, 0.75, 0.621862),
        ]
        for (name, x, y) in cases {
            let value = CAMediaTimingFunction(name: name).value(at: x)
            #expect(abs(value - y) <= 1e-6, "\(name.rawValue) at \(x): \(value), published \(y)")
        }
    }

    // docs/performance.md#timing-functions asks for agreement with a
    // reference inversion to 1e-7; the solver is held to 1e-12 (it measures
    // about 1e-14).
    @Test func namedCurvesMatchReferenceInversion() {
        for (name, p) in Self.appleControlPoints {
            let function = CAMediaTimingFunction(name: name)
            let worst = Self.worstDeviation(of: function, from: p, samples: 4096)
            #expect(worst.error <= 1e-12, "\(name.rawValue) off by \(worst.error) at x = \(worst.x)")
        }
    }

    @Test func randomCurvesIncludingOvershootMatchReferenceInversion() {
        var random = SplitMix64(seed: 0x5EED_CA7E)
        for _ in 0..<64 {
            let p = [
                Double.random(in: 0...1, using: &random), Double.random(in: -1...2, using: &random),
                Double.random(in: 0...1, using: &random), Double.random(in: -1...2, using: &random),
            ]
            let function = CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
            let worst = Self.worstDeviation(of: function, from: p, samples: 512)
            #expect(worst.error <= 1e-12, "bezier\(p) off by \(worst.error) at x = \(worst.x)")
        }
    }

    @Test func overshootLeavesTheUnitInterval() {
        let back = CAMediaTimingFunction(controlPoints: 0.6, -0.28, 0.735, 0.045)
        let bounce = CAMediaTimingFunction(controlPoints: 0.175, 0.885, 0.32, 1.275)
        #expect(back.value(at: 0.2) < 0)
        #expect(bounce.value(at: 0.6) > 1)
        #expect(abs(bounce.value(at: 0.6) - Self.reference([0.175, 0.885, 0.32, 1.275], at: 0.6)) <= 1e-12)
    }

    @Test func inputIsClampedToTheUnitInterval() {
        let function = CAMediaTimingFunction(name: .default)
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
        #expect(function.value(at: -3) == 0)
        #expect(function.value(at: 7) == 1)
        #expect(function.value(at: .infinity) == 1)
        #expect(function.value(at: .nan) == 0)
    }

    @Test func controlPointXIsClampedLikeCoreAnimation() {
        let function = CAMediaTimingFunction(controlPoints: -0.5, 0.2, 1.5, 0.8)
        let expected: [Double] = [0, 0, 0, 0.2, 1, 0.8, 1, 1]
        #expect(Self.controlPoints(of: function) == expected.map(Float.init))
        let worst = Self.worstDeviation(of: function, from: [0, 0.2, 1, 0.8], samples: 256)
        #expect(worst.error <= 1e-12)
    }

    @Test func nonFiniteControlPointsNeverProduceNonFiniteValues() {
        let function = CAMediaTimingFunction(controlPoints: .nan, .infinity, 0.5, -.infinity)
        #expect(Self.controlPoints(of: function) == [0, 0, 0, 0, 0.5, 1, 1, 1])
        let huge = CAMediaTimingFunction(controlPoints: 0.3, .greatestFiniteMagnitude, 0.7, -.greatestFiniteMagnitude)
        let xs = (0...1000).map { Double($0) / 1000 }
        #expect(xs.allSatisfy { function.value(at: $0).isFinite && huge.value(at: $0).isFinite })
    }

    @Test func getControlPointReportsApplesPoints() {
        for (name, p) in Self.appleControlPoints {
            let expected = [0, 0] + p.map(Float.init) + [1, 1]
            #expect(Self.controlPoints(of: CAMediaTimingFunction(name: name)) == expected, "\(name.rawValue)")
        }
    }

    @Test func getControlPointIgnoresIndicesOutsideZeroToThree() {
        var values: [Float] = [42, 42]
        let function = CAMediaTimingFunction(name: .easeIn)
        function.getControlPoint(at: 4, values: &values)
        function.getControlPoint(at: -1, values: &values)
        #expect(values == [42, 42])
    }

    @Test func literalControlPointsKeepDoublePrecision() {
        // 0.1 as a Float is 0.100000001490116…, so this is only equal when
        // the literals chose the Double overload.
        #expect(CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1) == CAMediaTimingFunction(name: .default))
        #expect(CAMediaTimingFunction(controlPoints: 0, 0, 1, 1) == CAMediaTimingFunction(name: .linear))
    }

    @Test func floatControlPointsUseApplesSignature() {
        let p: [Float] = [0.5, 0, 0.9, 0.7]
        let function = CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
        let expected = [Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3])]
        #expect(Self.controlPoints(of: function) == [0, 0] + p + [1, 1])
        #expect(Self.worstDeviation(of: function, from: expected, samples: 256).error <= 1e-12)
    }

    @Test func mirroredBezierReflectsTheControlPoints() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, -0.3, 0.7, 1.4)
        let mirrored = function.mirrored
        let expected: [Double] = [0, 0, 1 - 0.7, 1 - 1.4, 1 - 0.1, 1 + 0.3, 1, 1]
        #expect(Self.controlPoints(of: mirrored) == expected.map(Float.init))
        let xs = (0...1000).map { Double($0) / 1000 }
        let worst = xs.map { x -> Double in abs(mirrored.value(at: x) - (1 - function.value(at: 1 - x))) }.max()
        #expect(worst ?? .infinity <= 1e-12)
        // Mirroring twice restores the control points up to the rounding
        // of 1 − (1 − c).
        #expect(Self.controlPoints(of: mirrored.mirrored) == Self.controlPoints(of: function))
        #expect(mirrored.name == nil)
    }

    @Test func easeInMirroredIsEaseOut() {
        let mirrored = CAMediaTimingFunction(name: .easeIn).mirrored
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        let xs = (0...1000).map { Double($0) / 1000 }
        let worst = xs.map { x -> Double in abs(mirrored.value(at: x) - easeOut.value(at: x)) }.max()
        #expect(worst ?? .infinity <= 1e-12)
    }

    @Test func namesAreApplesAndFFmpegs() {
        let expected = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
            + ["tri", "qsin", "hsin", "esin", "iqsin", "ihsin", "exp", "log", "par", "ipar"]
            + ["qua", "cub", "squ", "cbr", "dese", "desi", "losi", "sinc", "isinc"]
        #expect(CAMediaTimingFunctionName.allCases.map(\.rawValue) == expected)
        for raw in expected {
            #expect(CAMediaTimingFunctionName(rawValue: raw)?.rawValue == raw)
        }
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        #expect(CAMediaTimingFunctionName(rawValue: "ease-in") == nil)
        #expect(CAMediaTimingFunctionName(rawValue: "") == nil)
    }

    @Test func nameIsKeptOnlyForNamedFunctions() {
        #expect(CAMediaTimingFunction(name: .qsin).name == .qsin)
        #expect(CAMediaTimingFunction(name: .easeOut).name == .easeOut)
        #expect(CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9, 0.7).name == nil)
        #expect(CAMediaTimingFunction(name: .qsin).mirrored.name == nil)
        #expect(CAMediaTimingFunction(name: .qsin).mirrored.mirrored.name == .qsin)
    }

    @Test func descriptionUsesTheTimingSyntax() {
        #expect(CAMediaTimingFunction(name: .easeIn).description == "easeIn")
        #expect(CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9, 0.7).description == "bezier(0.5, 0.0, 0.9, 0.7)")
        #expect(CAMediaTimingFunction(name: .qsin).mirrored.description == "mirrored(qsin)")
    }

    @Test func equalityComparesCurvesNotNames() {
        let set: Set = [
            CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1),
            CAMediaTimingFunction(name: .qsin), CAMediaTimingFunction(name: .qsin),
            CAMediaTimingFunction(name: .qsin).mirrored,
        ]
        #expect(set.count == 3)
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
    }

    // MARK: - Independent reference

    /// y at x on the Bézier (0,0), (x1,y1), (x2,y2), (1,1), by TestSupport's
    /// bisection: nothing shared with the code under test.
    static func reference(_ p: [Double], at x: Double) -> Double {
        ReferenceBezier(p).value(at: x)
    }

    /// The largest |value − reference| over x = k / samples, k = 0…samples.
    static func worstDeviation(
        of function: CAMediaTimingFunction, from p: [Double], samples: Int
    ) -> (error: Double, x: Double) {
        var worst = (error: 0.0, x: 0.0)
        for k in 0...samples {
            let x = Double(k) / Double(samples)
            let error = abs(function.value(at: x) - reference(p, at: x))
            if error > worst.error { worst = (error, x) }
        }
        return worst
    }

    /// The eight coordinates `getControlPoint(at:values:)` reports.
    static func controlPoints(of function: CAMediaTimingFunction) -> [Float] {
        (0...3).flatMap { index -> [Float] in
            var point: [Float] = [.nan, .nan]
            function.getControlPoint(at: index, values: &point)
            return point
        }
    }

}
