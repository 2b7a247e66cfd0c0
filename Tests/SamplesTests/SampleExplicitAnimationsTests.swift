import Foundation
import TestSupport
import Testing

/// Samples/ExplicitAnimations — objc.io's "Animations Explained",
/// each scene against its closed form. Every scene's clock starts at 0 and
/// its animations are committed at 0.
@Suite struct SampleExplicitAnimationsTests {
    let run: SampleRun

    init() throws {
        run = try SampleRun.run("ExplicitAnimations")
    }

    /// Checks that `label` was sampled at `t = k / rate`, k = 0…⌊end·rate⌉,
    /// and matches `expected(t)` to `tolerance` (the samples print 6
    /// decimals).
    func check(_ section: SampleSection, _ label: String, through end: Double, samplesPerSecond rate: Double,
               tolerance: Double = 2e-6, _ expected: (Double) -> Double) throws {
        let series = try section.series(label)
        #expect(series.map(\.t) == (0...Int((end * rate).rounded())).map { Double($0) / rate }, "\(label) times")
        for (t, value) in series {
            #expect(abs(value - expected(t)) <= tolerance, "\(label) at t=\(t): \(value), expected \(expected(t))")
        }
    }

    @Test func theRocketFliesLinearlyAndStaysAtTheModelValue() throws {
        // x(t) = x₀ + t·Δx over one second, then the model value 455.
        try check(try run.section("rocket"), "rocket.position.x", through: 1.25, samplesPerSecond: 8) { t in
            t < 1 ? 77 + 378 * t : 455
        }
    }

    @Test func theReusedByValueAnimationLaunchesTheSecondRocketHalfASecondLater() throws {
        let section = try run.section("byValue")
        func flight(from start: Double) -> (Double) -> Double {
            { t in 77 + 378 * min(max(t - start, 0), 1) }
        }
        try check(section, "rocket1.position.x", through: 2, samplesPerSecond: 8, flight(from: 0))
        try check(section, "rocket2.position.x", through: 2, samplesPerSecond: 8, flight(from: 0.5))
    }

    @Test func eachTimingFunctionPacesTheFlight() throws {
        let section = try run.section("timing")
        let functions: [(String, ReferenceBezier)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInEaseOut", .easeInEaseOut), ("default", .default),
            ("custom", ReferenceBezier(0.5, 0, 0.9, 0.7)),
        ]
        for (name, function) in functions {
            // x(t) = x₀ + e(t)·Δx.
            try check(section, "\(name).position.x", through: 1.1, samplesPerSecond: 10) { t in
                t < 1 ? 77 + 378 * function.value(at: t) : 455
            }
        }
    }

    @Test func theShakeAddsPiecewiseLinearOffsetsToTheModel() throws {
        let values: [Double] = [0, 10, -10, 10, 0]
        let keyTimes = [0, 1 / 6.0, 3 / 6.0, 5 / 6.0, 1]
        try check(try run.section("shake"), "form.position.x", through: 0.5, samplesPerSecond: 40) { t in
            t < 0.4 ? 160 + sampleKeyframeValue(values, keyTimes: keyTimes, at: t / 0.4) : 160
        }
    }

    @Test func theSatelliteOrbitsAtConstantSpeedFacingItsDirectionOfTravel() throws {
        let section = try run.section("orbit")
        let x = try section.series("satellite.position.x")
        let y = try section.series("satellite.position.y")
        let rotation = try section.series("satellite.transform.rotation.z")
        #expect(x.map(\.t) == (0...36).map { Double($0) / 8 })
        let circle = SampleBezierCircle(r: 150)
        for ((t, px), ((_, py), (_, angle))) in zip(x, zip(y, rotation)) {
            // Additive around the model position (240, 240), repeating every
            // 4 s for ever, paced along the Bézier circle.
            let expected = circle.pacedLocation(at: t.truncatingRemainder(dividingBy: 4) / 4)
            #expect(abs(px - 240 - expected.x) <= 1e-5, "x at t=\(t): \(px - 240), expected \(expected.x)")
            #expect(abs(py - 240 - expected.y) <= 1e-5, "y at t=\(t): \(py - 240), expected \(expected.y)")
            // rotateAuto: turned to the tangent's direction.
            #expect(abs(sampleAngleDifference(angle, expected.angle)) <= 1e-5,
                    "rotation at t=\(t): \(angle), expected \(expected.angle)")
        }
        // On a circle at constant speed, the chord from the sample before to
        // the sample after runs parallel to the tangent between them.
        let points = zip(x, y).map { ($0.value, $1.value) }
        for i in 1..<(points.count - 1) {
            let chord = atan2(points[i + 1].1 - points[i - 1].1, points[i + 1].0 - points[i - 1].0)
            #expect(abs(sampleAngleDifference(rotation[i].value, chord)) < 1e-3, "tangent at t=\(x[i].t)")
        }
    }

    @Test func theShuffleGroupRunsItsThreeAnimationsFromHalfASecond() throws {
        let section = try run.section("shuffle")
        let easeInEaseOut = ReferenceBezier.easeInEaseOut
        /// A child's value at host time t: the group is active on
        /// [0.5, 1.7) and clips its children to that; outside it the model
        /// shows (zPosition 1, no rotation, position (160, 240)).
        func child(_ model: Double, _ during: @escaping (Double) -> Double) -> (Double) -> Double {
            { t in (0.5..<1.7).contains(t) ? during((t - 0.5) / 1.2) : model }
        }
        func keyframes(_ values: [Double]) -> (Double) -> Double {
            { u in sampleKeyframeValue(values, keyTimes: [0, 0.5, 1], functions: [easeInEaseOut, easeInEaseOut], at: u) }
        }
        try check(section, "card.zPosition", through: 2, samplesPerSecond: 10, child(1) { u in -1 + 2 * u })
        try check(section, "card.transform.rotation.z", through: 2, samplesPerSecond: 10,
                  child(0, keyframes([0, 0.14, 0])))
        try check(section, "card.position.x", through: 2, samplesPerSecond: 10,
                  child(160) { u in 160 + keyframes([0, 110, 0])(u) })
        try check(section, "card.position.y", through: 2, samplesPerSecond: 10,
                  child(240) { u in 240 + keyframes([0, -20, 0])(u) })
        // Half-way through the group, t = 1.1, the keyframes' middle values.
        let middle = try #require(section.records.first { abs($0.t - 1.1) < 1e-9 })
        #expect(abs(middle.values["card.zPosition"]! - 0) <= 2e-6)
        #expect(abs(middle.values["card.transform.rotation.z"]! - 0.14) <= 2e-6)
        #expect(abs(middle.values["card.position.x"]! - 270) <= 2e-6)
        #expect(abs(middle.values["card.position.y"]! - 220) <= 2e-6)
    }

    /// `--frames`: the rocket scene's frames, one per printed time (8 a
    /// second through 1.25 s), the 40-point orange rocket centred at
    /// x(t) = 77 + 378 t, y = 61 (its dark top bar over y 41…49).
    @Test func rocketFramesShowTheBasicAnimation() throws {
        let frames = try SampleFrameFiles.run("ExplicitAnimations")
        defer { frames.remove() }
        #expect(try frames.names(in: "rocket").count == 11)
        #expect(try frames.names() == ["byValue", "orbit", "rocket", "shake", "shuffle", "timing"])
        let orange = [245, 140, 26], white = [255, 255, 255]
        let start = try frames.frame(0, in: "rocket", width: 480)
        #expect(start.pixel(77, 70, is: orange) && start.pixel(266, 70, is: white), "\(start.rgb(77, 70))")
        // t = 0.5: x = 266.
        let half = try frames.frame(4, in: "rocket", width: 480)
        #expect(half.pixel(266, 70, is: orange) && half.pixel(77, 70, is: white), "\(half.rgb(266, 70))")
    }
}
