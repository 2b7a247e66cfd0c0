import Foundation
import Testing
@testable import SwellCore

@Suite("CGPoint, CGSize and CGRect as animatable values")
struct CGGeometryAnimatableTests {
    @Test func pointsInterpolateComponentWise() {
        let a = CGPoint(x: 10, y: -4), b = CGPoint(x: 30, y: 12)
        let mid = a.interpolated(to: b, fraction: 0.25)
        #expect(mid == CGPoint(x: 10 + 0.25 * 20, y: -4 + 0.25 * 16))
    }

    @Test func pointDistanceIsEuclidean() {
        #expect(CGPoint(x: 1, y: 2).distance(to: CGPoint(x: 4, y: 6)) == 5)
    }

    @Test func rectanglesAddAndSubtractFieldByField() {
        let a = CGRect(x: 1, y: 2, width: 3, height: 4), b = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(a.adding(b) == CGRect(x: 11, y: 22, width: 33, height: 44))
        #expect(b.subtracting(a) == CGRect(x: 9, y: 18, width: 27, height: 36))
        #expect(a.scaled(by: 2) == CGRect(x: 2, y: 4, width: 6, height: 8))
        #expect(a.adding(.zero) == a)
    }

    @Test func rectDistanceIsEuclideanOverAllFourFields() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 10), b = CGRect(x: 1, y: 2, width: 13, height: 14)
        #expect(abs(a.distance(to: b) - (1.0 + 4 + 9 + 16).squareRoot()) < 1e-15)
        #expect(a.distance(to: b) == b.distance(to: a))
    }

    @Test func sizeInterpolationKeepsNegativeWidths() {
        let a = CGSize(width: -10, height: 0), b = CGSize(width: 10, height: 4)
        #expect(a.interpolated(to: b, fraction: 0.25) == CGSize(width: -5, height: 1))
    }

    // "Key-Value Coding Extensions", Core Animation Programming Guide:
    // CGPoint x, y; CGSize width, height; CGRect origin, origin.x, origin.y,
    // size, size.width, size.height.
    @Test func componentsAreApplesStructureFields() {
        #expect(Set(CGPoint.components.keys) == ["x", "y"])
        #expect(Set(CGSize.components.keys) == ["width", "height"])
        #expect(Set(CGRect.components.keys) == ["origin", "size", "origin.x", "origin.y", "size.width", "size.height"])
    }

    @Test func rectComponentsReadAndWriteOneField() throws {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let width = try #require(CGRect.components["size.width"])
        #expect(width.reading(CGFloat.self, in: rect) == 3)
        #expect(width.setting(CGFloat(9), in: rect) == CGRect(x: 1, y: 2, width: 9, height: 4))

        let origin = try #require(CGRect.components["origin"])
        #expect(origin.reading(CGPoint.self, in: rect) == CGPoint(x: 1, y: 2))
        #expect(origin.setting(CGPoint(x: 5, y: 6), in: rect) == CGRect(x: 5, y: 6, width: 3, height: 4))

        let y = try #require(CGPoint.components["y"])
        #expect(y.setting(CGFloat(7), in: CGPoint(x: 1, y: 2)) == CGPoint(x: 1, y: 7))
        let height = try #require(CGSize.components["height"])
        #expect(height.reading(CGFloat.self, in: CGSize(width: 3, height: 8)) == 8)
    }
}
