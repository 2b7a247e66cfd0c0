import Foundation
import Testing
@testable import SwellCore

/// Properties of the SoX/FFmpeg fade curves that hold without running the
/// tools; `FadeCurvePeerTests` compares them with the tools themselves.
@Suite struct FadeCurveTests {
    /// FFmpeg 5.1's `afade` curve names (`ffmpeg -h filter=afade`), less
    /// `nofade`.
    static let ffmpegCurves = [
        "tri", "qsin", "esin", "hsin", "log", "ipar", "qua", "cub", "squ", "cbr",
        "par", "exp", "iqsin", "ihsin", "dese", "desi", "losi", "sinc", "isinc",
    ]

    static let fadeNames = ffmpegCurves.compactMap(CAMediaTimingFunctionName.init(rawValue:))

    @Test func everyFFmpegCurveHasAName() {
        #expect(Self.fadeNames.map(\.rawValue) == Self.ffmpegCurves)
    }

    @Test(arguments: fadeNames)
    func startsAtZeroAndEndsAtOne(name: CAMediaTimingFunctionName) {
        let function = CAMediaTimingFunction(name: name)
        // Spec §4: frame 0 of a fade-in is exactly F(0), 0 for every shape
        // but exp, whose floor is 1e-5 (−100 dB), as in SoX.
        let start = name == .exp ? 1e-5 : 0
        #expect(abs(function.value(at: 0) - start) <= 1e-15)
        #expect(abs(function.value(at: 1) - 1) <= 1e-15)
    }

    @Test(arguments: fadeNames)
    func risesMonotonically(name: CAMediaTimingFunctionName) {
        let function = CAMediaTimingFunction(name: name)
        let values = (0...10_000).map { function.value(at: Double($0) / 10_000) }
        let falls = zip(values, values.dropFirst()).filter { $1 < $0 - 1e-15 }
        #expect(falls.isEmpty, "\(name.rawValue) falls \(falls.count) times")
    }

    @Test func knownPointsOfTheClassicShapes() {
        func value(_ name: CAMediaTimingFunctionName, _ x: Double) -> Double {
            CAMediaTimingFunction(name: name).value(at: x)
        }
        #expect(abs(value(.tri, 0.3) - 0.3) <= 1e-15)
        #expect(abs(value(.qsin, 0.5) - 0.5.squareRoot()) <= 1e-15)  // sin 45°
        #expect(abs(value(.hsin, 0.5) - 0.5) <= 1e-15)
        #expect(abs(value(.exp, 0.8) - 0.1) <= 1e-15)  // −20 dB, 0.2 before the end
        #expect(abs(value(.log, 0.1) - 0.8) <= 1e-15)  // 1 + 0.2·log₁₀ 0.1
        #expect(value(.log, 1e-6) == 0)  // below −100 dB
        #expect(abs(value(.ipar, 0.5) - 0.75) <= 1e-15)
        #expect(abs(value(.par, 0.75) - 0.5) <= 1e-15)
        #expect(abs(value(.cbr, 0.125) - 0.5) <= 1e-15)
        #expect(abs(value(.iqsin, 0.5) - 1.0 / 3) <= 1e-15)  // asin ½ = π/6
        #expect(abs(value(.sinc, 0.5) - 2 / Double.pi) <= 1e-15)
    }

    @Test(arguments: fadeNames)
    func mirroredIsThePointReflection(name: CAMediaTimingFunctionName) {
        let function = CAMediaTimingFunction(name: name)
        let mirrored = function.mirrored
        let mismatches = (0...1000).map { Double($0) / 1000 }.filter { x in
            mirrored.value(at: x) != 1 - function.value(at: 1 - x)
        }
        #expect(mismatches.isEmpty, "first at x = \(mismatches.first ?? 0)")
        #expect(mirrored.mirrored == function)
        #expect(mirrored != function)
    }

    @Test func fadeCurvesReportPointsOnTheCurveAsControlPoints() {
        let function = CAMediaTimingFunction(name: .qsin)
        var point: [Float] = [0, 0]
        for index in 0...3 {
            let x = Double(index) / 3
            function.getControlPoint(at: index, values: &point)
            #expect(point == [Float(x), Float(sin(x * .pi / 2))])
        }
    }
}
