import Testing
@testable import SwellCharts

@Suite struct TickLabelTests {
    @Test(arguments: [
        (15, -1, "1.5"), (10, -1, "1"), (5, -1, "0.5"), (-5, -2, "-0.05"), (3, 2, "300"),
        (0, -3, "0"), (0, 4, "0"), (120, -2, "1.2"), (7, 0, "7"), (-25, -1, "-2.5"),
    ])
    func decimal(significand: Int, exponent: Int, text: String) {
        #expect(TickLabel.decimal(significand: significand, exponent: exponent) == text)
    }

    /// The expected texts are what ECMAScript's `Number.prototype.toString`
    /// prints for these numbers (`(2.5e6).toExponential()` style, shortest).
    @Test(arguments: [
        (25, 5, "2.5e+6"), (5, -7, "5e-7"), (0, 6, "0"), (-12, 3, "-1.2e+4"),
        (10, 6, "1e+7"), (105, -9, "1.05e-7"), (1, -5, "1e-5"),
    ])
    func exponential(significand: Int, exponent: Int, text: String) {
        #expect(TickLabel.exponential(significand: significand, exponent: exponent) == text)
    }
}
