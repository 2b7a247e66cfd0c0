import Foundation
import Testing
@testable import SwellCore

@Suite("CGColor")
struct CGColorTests {
    @Test func componentsAreRedGreenBlueAlpha() {
        let color = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        #expect(color.components == [0.1, 0.2, 0.3, 0.4])
        #expect(color.alpha == 0.4)
        #expect(color.numberOfComponents == 4)
        #expect(CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4) == color)
    }

    @Test func namedColorsAndGrays() {
        #expect(CGColor.black.components == [0, 0, 0, 1])
        #expect(CGColor.white.components == [1, 1, 1, 1])
        #expect(CGColor.clear.components == [0, 0, 0, 0])
        #expect(CGColor(gray: 0.5, alpha: 0.25).components == [0.5, 0.5, 0.5, 0.25])
    }

    @Test func copyReplacesOnlyAlpha() {
        let color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(color.copy(alpha: 0.3)?.components == [1, 0.5, 0, 0.3])
    }

    @Test func colorsInterpolateComponentWise() {
        let from = CGColor(red: 1, green: 0, blue: 0.2, alpha: 1)
        let to = CGColor(red: 0, green: 1, blue: 0.6, alpha: 0.5)
        let t = 0.3
        let expected: [Double] = [1 - t, t, 0.2 + 0.4 * t, 1 - 0.5 * t]
        let actual = from.interpolated(to: to, fraction: t).components!.map { Double($0) }
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-15 })
    }

    @Test func distanceIsEuclidean() {
        let a = CGColor(red: 0, green: 0, blue: 0, alpha: 1), b = CGColor(red: 0.3, green: 0.4, blue: 0, alpha: 1)
        #expect(abs(a.distance(to: b) - 0.5) < 1e-15)
        #expect(a.adding(.zero) == a)
        #expect(b.subtracting(a) == CGColor(red: 0.3, green: 0.4, blue: 0, alpha: 0))
    }
}
