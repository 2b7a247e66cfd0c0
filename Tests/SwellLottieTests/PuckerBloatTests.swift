import Foundation
import SwellCore
import Testing
@testable import SwellLottie

/// Pucker and bloat moves each vertex a fraction of the way to the centre
/// of the vertices' box and each handle's end as far the other way.
@Suite struct PuckerBloatTests {
    @Test func bloatPullsASquaresCornersHalfWayInAndPushesItsHandlesOut() {
        let square = polygon([(10, -10), (10, 10), (-10, 10), (-10, -10)])
        let bloated = PuckerBloat.apply(square, amount: 50)
        #expect(bloated.isClosed)
        for (vertex, original) in zip(bloated.vertices, square.vertices) {
            let v = original.point
            // The vertex halves its distance to the centre (0, 0); each
            // handle's end, at the vertex, goes to 1.5 v: v from the new
            // vertex.
            #expect(near(vertex.point, v * 0.5))
            #expect(near(vertex.outTangent, v))
            #expect(near(vertex.inTangent, v))
        }
    }

    @Test func puckerPushesVerticesOutAndPullsHandlesIn() {
        let square = polygon([(30, 10), (30, 30), (10, 30), (10, 10)])
        let centre = CGPoint(x: 20, y: 20)
        let puckered = PuckerBloat.apply(square, amount: -25)
        for (vertex, original) in zip(puckered.vertices, square.vertices) {
            let v = original.point
            let moved = v + (v - centre) * 0.25
            #expect(near(vertex.point, moved))
            // The handles' ends go a quarter of the way to the centre.
            let end = v + (centre - v) * 0.25
            #expect(near(vertex.outTangent, end - moved))
            #expect(near(vertex.inTangent, end - moved))
        }
    }

    @Test func theCentreIsTheMiddleOfTheVerticesBoxNotTheirMean() {
        // The mean of these vertices is (10, 10); their box's middle (15, 15).
        let triangle = polygon([(0, 0), (30, 0), (0, 30)])
        let puckered = PuckerBloat.apply(triangle, amount: -100)
        #expect(puckered.vertices.map(\.point) == [CGPoint(x: -15, y: -15), CGPoint(x: 45, y: -15), CGPoint(x: -15, y: 45)])
        // The handles' ends all reach the centre.
        for vertex in puckered.vertices {
            #expect(near(vertex.point + vertex.outTangent, CGPoint(x: 15, y: 15)))
        }
    }

    @Test func noAmountLeavesThePathAlone() {
        let square = polygon([(1, 2), (3, 4), (5, 0)])
        #expect(PuckerBloat.apply(square, amount: 0).vertices == square.vertices)
    }
}
