import Foundation
import SwellCore
import Testing
@testable import SwellLottie

/// Offset paths: each segment moved along its normal, outwards on a
/// clockwise path, the gaps at corners joined.
@Suite struct OffsetPathTests {
    /// A clockwise square (in a y-down space) from (0, 0) to (20, 20).
    let square = polygon([(0, 0), (20, 0), (20, 20), (0, 20)])

    /// How far `point` is from the square's outline, outside positive.
    func distanceFromSquare(_ point: CGPoint) -> Double {
        let dx = max(-point.x, point.x - 20, 0), dy = max(-point.y, point.y - 20, 0)
        if dx > 0 || dy > 0 { return (dx * dx + dy * dy).squareRoot() }
        return -min(point.x, 20 - point.x, point.y, 20 - point.y)
    }

    @Test func mitersMakeTheSquareTheAmountBigger() {
        let offset = OffsetPath.apply(square, amount: 5, join: 1, miterLimit: 4)
        #expect(offset.isClosed)
        for point in samples(of: offset) {
            #expect(abs(max(abs(point.x - 10), abs(point.y - 10)) - 15) < 1e-9)
        }
        let points = offset.vertices.map(\.point)
        for corner in [CGPoint(x: -5, y: -5), CGPoint(x: 25, y: -5), CGPoint(x: 25, y: 25), CGPoint(x: -5, y: 25)] {
            #expect(points.contains { near($0, corner) })
        }
    }

    @Test func pastTheMiterLimitTheCornerIsBevelled() {
        // A right angle's miter reaches √2 times the amount from the corner.
        let bevelled = OffsetPath.apply(square, amount: 5, join: 1, miterLimit: 1.4)
        #expect(!bevelled.vertices.contains { near($0.point, CGPoint(x: 25, y: -5)) })
        let mitred = OffsetPath.apply(square, amount: 5, join: 1, miterLimit: 1.42)
        #expect(mitred.vertices.contains { near($0.point, CGPoint(x: 25, y: -5)) })
        for point in samples(of: bevelled) {
            // On the sides moved out, or on the bevels between them.
            let d = distanceFromSquare(point)
            #expect(d <= 5 + 1e-9 && d >= 5 / 2.0.squareRoot() - 1e-9)
        }
        #expect(OffsetPath.apply(square, amount: 5, join: 3, miterLimit: 100).vertices.count == 8)
    }

    @Test func roundJoinsKeepEveryPointTheAmountAway() {
        let rounded = OffsetPath.apply(square, amount: 5, join: 2, miterLimit: 4)
        for point in samples(of: rounded) {
            // A quarter circle's cubic strays 0.027 % of its radius.
            #expect(abs(distanceFromSquare(point) - 5) < 5 * 3e-4)
        }
    }

    @Test func aNegativeAmountShrinksTheSquareCuttingWhereTheSidesCross() {
        let shrunk = OffsetPath.apply(square, amount: -5, join: 2, miterLimit: 4)
        #expect(shrunk.vertices.count == 4)
        for corner in [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5), CGPoint(x: 15, y: 15), CGPoint(x: 5, y: 15)] {
            #expect(shrunk.vertices.contains { near($0.point, corner, 1e-2) })
        }
    }

    @Test func aCircleGrowsByTheAmount() {
        let circle = ShapePaths.ellipse(center: CGPoint(x: 3, y: -2), size: CGSize(width: 20, height: 20), reversed: false)
        let grown = OffsetPath.apply(circle, amount: 5, join: 1, miterLimit: 4)
        for point in samples(of: grown) {
            // Moved in pieces that turn 22.5°, within 0.5 % of the amount.
            #expect(abs(point.distance(to: CGPoint(x: 3, y: -2)) - 15) < 5 * 5e-3)
        }
    }

    @Test func anOpenLineBecomesABandWithButtOrRoundEnds() {
        let line = polygon([(0, 0), (30, 0)], closed: false)
        let band = OffsetPath.apply(line, amount: 4, join: 1, miterLimit: 4)
        #expect(band.isClosed)
        #expect(band.vertices.map(\.point) == [CGPoint(x: 0, y: -4), CGPoint(x: 30, y: -4), CGPoint(x: 30, y: 4),
                                               CGPoint(x: 0, y: 4)])
        let capsule = OffsetPath.apply(line, amount: 4, join: 2, miterLimit: 4)
        for point in samples(of: capsule) {
            let nearest = CGPoint(x: min(max(point.x, 0), 30), y: 0)
            #expect(abs(point.distance(to: nearest) - 4) < 4 * 3e-4)
        }
        // Each cap reaches the amount past its end.
        let xs = samples(of: capsule).map(\.x)
        #expect(abs(xs.min()! + 4) < 1e-9 && abs(xs.max()! - 34) < 1e-9)
    }
}
