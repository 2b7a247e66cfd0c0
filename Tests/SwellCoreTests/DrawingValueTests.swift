import Foundation
import Testing
@testable import SwellCore

/// The values drawing adds: whole numbers and arrays as animatable values,
/// and Core Animation's constants set from their raw strings.
@Suite struct DrawingValueTests {
    @Test func wholeNumbersInterpolateAndRoundToTheNearest() {
        #expect(1.interpolated(to: 5, fraction: 0.3) == 2)   // 2.2
        #expect(1.interpolated(to: 5, fraction: 0.375) == 3) // 2.5, half away from zero
        #expect(0.interpolated(to: -4, fraction: 0.375) == -2) // −1.5
        #expect(3.scaled(by: .nan) == 0 && 3.scaled(by: 1e300) == .max)
        #expect(ValueCoercion.coerce(2.6, to: Int.self) == 3)
    }

    @Test func arraysOfEqualCountAnimateElementByElementAndOthersSwitchHalfway() {
        let a: [CGFloat] = [0, 10], b: [CGFloat] = [10, 30]
        #expect(a.interpolated(to: b, fraction: 0.25) == [2.5, 15])
        #expect(a.adding(b) == [10, 40] && b.subtracting(a) == [10, 20] && a.adding([]) == a)
        #expect(a.distance(to: b) == (100.0 + 400).squareRoot())
        #expect(a.interpolated(to: [1], fraction: 0.49) == a && a.interpolated(to: [1], fraction: 0.5) == [1])
        #expect(![CGFloat.nan].isFinite)
    }

    @Test func arraysAndConstantsAreCoercedFromLooseValues() {
        #expect(ValueCoercion.coerce([1, 2.5] as [Any], to: [CGFloat]?.self) == [1, 2.5])
        #expect(ValueCoercion.coerce([NSNumber(value: 3)], to: [CGFloat].self) == [3])
        #expect(ValueCoercion.coerce(["x"] as [Any], to: [CGFloat].self) == nil)
        #expect(ValueCoercion.coerce("resizeAspect", to: CALayerContentsGravity.self) == .resizeAspect)
        #expect(ValueCoercion.coerce(0.5, to: Double?.self) == 0.5)
    }
}
