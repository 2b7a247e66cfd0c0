import Foundation
import Testing
@testable import SwellCore

@Suite struct AnimatableTests {
    @Test func doubleInterpolatesLinearly() {
        // x(t) = x0 + t·Δx, the rocket's interpolation in objc.io's "Animations Explained".
        #expect(77.0.interpolated(to: 455.0, fraction: 0.25) == 77 + 0.25 * 378)
    }

    @Test func discreteValuesSwitchHalfway() {
        #expect(false.interpolated(to: true, fraction: 0.49) == false)
        #expect(false.interpolated(to: true, fraction: 0.5) == true)
    }

    @Test func optionalsAnimateWhenBothEndsExist() {
        let a: Double? = 1, b: Double? = 3
        #expect(a.interpolated(to: b, fraction: 0.5) == 2)
        #expect(a.interpolated(to: nil, fraction: 0.4) == 1)
        #expect(a.interpolated(to: nil, fraction: 0.6) == nil)
    }
}
