import Testing
@testable import SwellCharts

/// The tick rule, restated by the tests and checked in exact integer
/// arithmetic:
/// the axis covers `min(0, data)…max(0, data)` (or `0…1` when that is empty);
/// the step is the smallest `m·10ⁿ`, `m ∈ {1, 2, 5}`, with
/// `⌈max/step⌉ − ⌊min/step⌋ ≤ maximumIntervals` (at least 2 when the data has
/// both signs, so zero can be a tick between them); the ticks are every multiple
/// of the step from `⌊min/step⌋·step` to `⌈max/step⌉·step`.
@Suite struct ChartScaleTests {
    /// Values are whole multiples of 10⁻⁹ here, so the reference divides
    /// integers and never rounds.
    static let unitExponent = -9

    struct Reference {
        var first: Int
        var last: Int
        var mantissa: Int
        var exponent: Int

        /// The tick `i·m·10ⁿ`, parsed from its decimal text: the `Double`
        /// nearest the exact decimal.
        func tick(_ i: Int) -> Double { Double("\(i * mantissa)e\(exponent)")! }
        var ticks: [Double] { (first...last).map(tick) }
        var step: Double { Double("\(mantissa)e\(exponent)")! }
    }

    /// The rule by brute force: try every candidate step from 10⁻⁹ upwards.
    static func reference(units: [Int], maximumIntervals: Int) -> Reference {
        var low = min(0, units.min() ?? 0)
        var high = max(0, units.max() ?? 0)
        if low == high { (low, high) = (0, 1_000_000_000) }
        let intervals = max(low < 0 && high > 0 ? 2 : 1, maximumIntervals)
        for exponent in unitExponent...18 {
            for mantissa in [1, 2, 5] {
                var stepUnits = mantissa
                for _ in 0..<(exponent - unitExponent) { stepUnits *= 10 }
                let first = floorDivide(low, stepUnits)
                let last = -floorDivide(-high, stepUnits)
                if last - first <= intervals {
                    return Reference(first: first, last: last, mantissa: mantissa, exponent: exponent)
                }
            }
        }
        fatalError("no step fits")
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Checks the scale for `values` (decimal text) against the reference.
    static func check(_ values: [String], maximumIntervals: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let units = values.map { text -> Int in
            // Scale the decimal text to units of 1e-9 exactly, by moving the point.
            let negative = text.hasPrefix("-")
            let digits = negative ? String(text.dropFirst()) : text
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            let padded = fraction + String(repeating: "0", count: 9 - fraction.count)
            let magnitude = Int(parts[0])! * 1_000_000_000 + Int(padded)!
            return negative ? -magnitude : magnitude
        }
        let expected = reference(units: units, maximumIntervals: maximumIntervals)
        let scale = ChartScale(covering: values.map { Double($0)! }, maximumIntervals: maximumIntervals)
        #expect(scale.step == expected.step, "step for \(values) ≤ \(maximumIntervals)", sourceLocation: sourceLocation)
        #expect(scale.ticks == expected.ticks, "ticks for \(values) ≤ \(maximumIntervals)", sourceLocation: sourceLocation)
        #expect(scale.lowerBound == expected.ticks.first, sourceLocation: sourceLocation)
        #expect(scale.upperBound == expected.ticks.last, sourceLocation: sourceLocation)
        // Each label reads back as its tick and carries no needless digits.
        for (label, tick) in zip(scale.tickLabels, scale.ticks) {
            #expect(Double(label) == tick, "label \(label) for tick \(tick)", sourceLocation: sourceLocation)
            let decimals = label.split(separator: ".").dropFirst().first?.prefix { $0.isNumber } ?? ""
            #expect(!decimals.hasSuffix("0"), "label \(label) has a trailing zero", sourceLocation: sourceLocation)
            #expect(decimals.count <= max(0, -expected.exponent), "label \(label)", sourceLocation: sourceLocation)
        }
    }

    @Test func zeroToOnePointFiveInSixIntervalsStepsByHalves() {
        let scale = ChartScale(covering: [0, 0.7, 1.5], maximumIntervals: 6)
        // 0.2 would need ⌈1.5/0.2⌉ = 8 intervals; 0.5 needs 3.
        #expect(scale.ticks == [0, 0.5, 1, 1.5])
        #expect(scale.tickLabels == ["0", "0.5", "1", "1.5"])
        Self.check(["0", "0.7", "1.5"], maximumIntervals: 6)
    }

    @Test func tenthsAreTheNearestDoubles() {
        let scale = ChartScale(covering: [1], maximumIntervals: 10)
        #expect(scale.step == 0.1)
        #expect(scale.ticks[3] == 0.3)  // not 3 × 0.1 = 0.30000000000000004
        #expect(scale.tickLabels == ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"])
    }

    @Test func zeroIsAlwaysOnTheAxis() {
        #expect(ChartScale(covering: [3, 4], maximumIntervals: 3).ticks == [0, 2, 4])
        #expect(ChartScale(covering: [-6, -5], maximumIntervals: 6).ticks == [-6, -5, -4, -3, -2, -1, 0])
        #expect(ChartScale(covering: [-0.3, 0.7], maximumIntervals: 4).ticks == [-0.5, 0, 0.5, 1])
    }

    @Test func flatAndEmptyDataGetARange() {
        #expect(ChartScale(covering: [0.5, 0.5], maximumIntervals: 6).ticks == [0, 0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(ChartScale(covering: [0, 0, 0], maximumIntervals: 5).ticks == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ChartScale(covering: [], maximumIntervals: 2).ticks == [0, 0.5, 1])
    }

    @Test func unplottableValuesAreLeftOut() {
        #expect(ChartScale(covering: [.nan, 0.5, .infinity, -.infinity, 1e301], maximumIntervals: 5).ticks
            == [0, 0.1, 0.2, 0.3, 0.4, 0.5])
    }

    @Test func intervalCountsBelowOneCountAsOne() {
        #expect(ChartScale(covering: [7], maximumIntervals: 0).ticks == [0, 10])
        #expect(ChartScale(covering: [-7], maximumIntervals: -3).ticks == [-10, 0])
    }

    @Test func dataOfBothSignsGetsTwoIntervalsAtLeast() {
        #expect(ChartScale(covering: [-0.3, 0.7], maximumIntervals: 1).ticks == [-1, 0, 1])
    }

    @Test func largeAndSmallStepsUseExponents() {
        #expect(ChartScale(covering: [2.5e7], maximumIntervals: 5).tickLabels
            == ["0", "5e+6", "1e+7", "1.5e+7", "2e+7", "2.5e+7"])
        #expect(ChartScale(covering: [3e-5], maximumIntervals: 3).tickLabels == ["0", "1e-5", "2e-5", "3e-5"])
        #expect(ChartScale(covering: [-1.2e-4], maximumIntervals: 3).tickLabels == ["-1.5e-4", "-1e-4", "-5e-5", "0"])
        // 10⁵ steps are still written out in full.
        #expect(ChartScale(covering: [1e6], maximumIntervals: 5).tickLabels
            == ["0", "200000", "400000", "600000", "800000", "1000000"])
    }

    @Test(arguments: [
        (["0", "30"], 8), (["0", "7"], 6), (["0", "10"], 1), (["0.001", "0.0042"], 5),
        (["-1", "1"], 7), (["-1", "1"], 3), (["123.456"], 9), (["-0.000003", "0.000007"], 4),
        (["0.95", "1.05"], 6), (["999999"], 10),
    ])
    func matchesTheRule(values: [String], maximumIntervals: Int) {
        Self.check(values, maximumIntervals: maximumIntervals)
    }

    @Test func matchesTheRuleOnRandomRanges() {
        // A fixed linear congruential generator (Knuth's MMIX constants) keeps
        // the cases the same on every run.
        var state: UInt64 = 0x5357_454C_4C00
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            // One to three values of up to six digits, with up to six of
            // them after the point, a third of them negative.
            let values = (0..<(1 + next(3))).map { _ -> String in
                let digits = String(1 + next(999_999))
                let point = next(7)
                let padded = String(repeating: "0", count: max(0, point - digits.count + 1)) + digits
                let text = point == 0 ? padded : padded.dropLast(point) + "." + padded.suffix(point)
                return (next(3) == 0 ? "-" : "") + text
            }
            Self.check(values, maximumIntervals: 1 + next(12))
        }
    }
}
