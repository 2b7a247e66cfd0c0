import Foundation
import SwellCore
import Testing
@testable import SwellLottie

/// Zig zag: every vertex and `ridges` evenly spread points per segment,
/// moved `size` off the path to alternate sides.
@Suite struct ZigZagTests {
    @Test(arguments: 1...6)
    func aLineGetsItsRidgesEvenlySpacedAtTheSizeOnAlternateSides(ridges: Int) {
        let line = polygon([(0, 0), (70, 0)], closed: false)
        let zigZag = ZigZag.apply(line, size: 5, ridges: ridges, smooth: false)
        #expect(!zigZag.isClosed)
        #expect(zigZag.vertices.count == ridges + 2)
        // The ends' neighbours are each other (as lottie-web and ThorVG
        // wrap them): no direction, so they stay.
        #expect(zigZag.vertices.first?.point == CGPoint(x: 0, y: 0))
        #expect(zigZag.vertices.last?.point == CGPoint(x: 70, y: 0))
        for k in 1...ridges {
            // The first ridge goes to the right of the way the line runs
            // in a y-down space: up.
            let expected = CGPoint(x: 70 * Double(k) / Double(ridges + 1), y: k % 2 == 1 ? -5 : 5)
            #expect(near(zigZag.vertices[k].point, expected, 1e-12))
            #expect(zigZag.vertices[k].isCorner)
        }
    }

    @Test func smoothPointsGetHandlesAlongThePathHalfARidgeLong() {
        let line = polygon([(0, 0), (60, 0)], closed: false)
        let zigZag = ZigZag.apply(line, size: 4, ridges: 2, smooth: true)
        // A ridge is 60 / 3 = 20 long: handles of 10 along the line.
        for vertex in zigZag.vertices.dropFirst().dropLast() {
            #expect(near(vertex.outTangent, CGPoint(x: 10, y: 0)))
            #expect(near(vertex.inTangent, CGPoint(x: -10, y: 0)))
        }
    }

    @Test func aClockwiseSquaresCornersGoInAndItsMidpointsOut() {
        let square = polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
        let zigZag = ZigZag.apply(square, size: 2, ridges: 1, smooth: false)
        #expect(zigZag.isClosed)
        // 4 corners and 4 midpoints; the first corner, reached again after
        // an even count of points, is not repeated.
        #expect(zigZag.vertices.count == 8)
        let centre = CGPoint(x: 5, y: 5), d = 2 / 2.0.squareRoot()
        let corners = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)].map { CGPoint(x: $0.0, y: $0.1) }
        for (k, corner) in corners.enumerated() {
            // Towards the centre along the diagonal, by the size.
            let inward = CGPoint(x: corner.x + (centre.x > corner.x ? d : -d), y: corner.y + (centre.y > corner.y ? d : -d))
            #expect(near(zigZag.vertices[2 * k].point, inward, 1e-12))
        }
        let midpoints = [CGPoint(x: 5, y: -2), CGPoint(x: 12, y: 5), CGPoint(x: 5, y: 12), CGPoint(x: -2, y: 5)]
        for (k, midpoint) in midpoints.enumerated() {
            #expect(near(zigZag.vertices[2 * k + 1].point, midpoint, 1e-12))
        }
    }

    @Test func anOddCountEndsOnTheOtherSideOfTheFirstVertex() {
        // 3 segments of 3 points (2 ridges and the corner ending each):
        // 1 + 9 points, the last the first vertex moved out where the first
        // moved in.
        let triangle = polygon([(0, 0), (30, 0), (0, 30)])
        let zigZag = ZigZag.apply(triangle, size: 3, ridges: 2, smooth: false)
        #expect(zigZag.vertices.count == 10)
        let first = zigZag.vertices[0].point, last = zigZag.vertices[9].point
        #expect(near((first + last) * 0.5, .zero, 1e-12))
        #expect(abs(first.distance(to: last) - 6) < 1e-12)
    }

    @Test func curvedSegmentsAreSampledByParameterAlongTheirNormal() {
        // A quarter of a circle of radius 10 about the origin, from (10, 0)
        // down to (0, 10) (clockwise in a y-down space).
        let k = ShapePaths.kappa * 10
        let arc = LottieBezier(vertices: [
            .init(point: CGPoint(x: 10, y: 0), inTangent: .zero, outTangent: CGPoint(x: 0, y: k)),
            .init(point: CGPoint(x: 0, y: 10), inTangent: CGPoint(x: k, y: 0), outTangent: .zero),
        ], isClosed: false)
        let zigZag = ZigZag.apply(arc, size: 1, ridges: 1, smooth: false)
        // At t = 1/2 the cubic is at (P0 + 3 P1 + 3 P2 + P3) / 8, running
        // at 45° towards (−1, 1): the first ridge moves out of the circle,
        // away from the origin, along (1, 1).
        let m = (40 + 3 * k) / 8
        let out = 1 / 2.0.squareRoot()
        #expect(near(zigZag.vertices[1].point, CGPoint(x: m + out, y: m + out), 1e-12))
    }
}
