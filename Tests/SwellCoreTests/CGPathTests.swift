import Foundation
import Testing
@testable import SwellCore

@Suite("CGPath building, bounds and hit testing")
struct CGPathTests {
    func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
        var result: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in result.append((element.pointee.type, element.pointee.points)) }
        return result
    }

    @Test func emptyPath() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.currentPoint == .zero)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
    }

    @Test func elementsNeedingACurrentPointAreIgnoredOnAnEmptyPath() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        path.addArc(tangent1End: CGPoint(x: 1, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: 1)
        path.closeSubpath()
        #expect(path.isEmpty)
    }

    @Test func buildersRecordElementsAndTheCurrentPoint() {
        let path = CGMutablePath()
        let shift = CGAffineTransform(translationX: 100, y: 0)
        path.move(to: CGPoint(x: 1, y: 2), transform: shift)
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
        #expect(path.currentPoint == CGPoint(x: 5, y: 6))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 101, y: 2))
        let recorded = elements(of: path)
        #expect(recorded.map(\.0) == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .closeSubpath])
        #expect(recorded.map(\.1) == [[CGPoint(x: 101, y: 2)], [CGPoint(x: 3, y: 4)], [CGPoint(x: 7, y: 8), CGPoint(x: 5, y: 6)], []])
    }

    @Test func addLinesMovesToTheFirstPoint() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        #expect(elements(of: path).map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint])
    }

    // CGPathAddRect: move to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY), close.
    @Test func rectangleElements() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        let recorded = elements(of: path)
        #expect(recorded.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(recorded.flatMap(\.1) == [
            CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6),
        ])
    }

    @Test func ellipseMatchesCoreGraphics() {
        let rect = CGRect(x: 10, y: 20, width: 60, height: 40)
        let recorded = elements(of: CGPath(ellipseIn: rect))
        #expect(recorded.map(\.0) == [
            .moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath,
        ])
        #expect(recorded[0].1 == [CGPoint(x: rect.maxX, y: rect.midY)])
        #expect(recorded[1...4].map { $0.1[2] } == [
            CGPoint(x: rect.midX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.midY),
            CGPoint(x: rect.midX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.midY),
        ])
        // First quarter: handles of k·r along the tangents, k = 4(√2 − 1)/3.
        let k = 4 * (2.0.squareRoot() - 1) / 3
        #expect(recorded[1].1[0] == CGPoint(x: 70, y: 40 + k * 20))
        #expect(recorded[1].1[1] == CGPoint(x: 40 + k * 30, y: 60))
    }

    @Test func ellipseQuarterMidpointsLieOnTheEllipse() {
        // B(½) = (p0 + 3p1 + 3p2 + p3) / 8 is exactly on the ellipse for k = 4(√2 − 1)/3.
        let rect = CGRect(x: -5, y: 3, width: 8, height: 12)
        var start = CGPoint(x: rect.maxX, y: rect.midY)
        for (type, points) in elements(of: CGPath(ellipseIn: rect)) where type == .addCurveToPoint {
            let mid = CGPoint(
                x: (start.x + 3 * points[0].x + 3 * points[1].x + points[2].x) / 8,
                y: (start.y + 3 * points[0].y + 3 * points[1].y + points[2].y) / 8)
            let u = (mid.x - rect.midX) / (rect.width / 2), v = (mid.y - rect.midY) / (rect.height / 2)
            #expect(abs(u * u + v * v - 1) < 1e-14)
            start = points[2]
        }
    }

    @Test func ellipseStartsHeadingTowardsPositiveY() throws {
        let measurement = PathMeasurement(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)).value)
        let angle = try #require(measurement.tangentAngle(atDistance: 0))
        #expect(abs(angle - .pi / 2) < 1e-15)
    }

    @Test func roundedRectStartsAtTheRightEdgeAndClampsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let recorded = elements(of: CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 8))
        #expect(recorded.first?.1 == [CGPoint(x: 100, y: 20)])
        #expect(recorded.map(\.0) == [.moveToPoint] + Array(repeating: [.addLineToPoint, .addCurveToPoint], count: 4).flatMap { $0 } + [.closeSubpath])
        #expect(recorded[1].1 == [CGPoint(x: 100, y: 32)])
        #expect(recorded[2].1[2] == CGPoint(x: 90, y: 40))
        // Corners larger than half the rectangle are clamped: an ellipse-like outline.
        let clamped = CGPath(roundedRect: rect, cornerWidth: 80, cornerHeight: 80)
        #expect(clamped.boundingBoxOfPath == rect)
        #expect(CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 5) == CGPath(rect: rect))
    }

    @Test func arcsFollowTheDirectionAndEndAngle() {
        let counterClockwise = CGMutablePath()
        counterClockwise.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(counterClockwise.currentPoint.distance(from: CGPoint(x: 0, y: 10)) < 1e-14)
        #expect(elements(of: counterClockwise).count == 2)

        let clockwise = CGMutablePath()
        clockwise.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Three quarters the other way round, through (0, −10).
        #expect(elements(of: clockwise).count == 4)
        #expect(clockwise.boundingBoxOfPath.minY < -9.99)
        #expect(abs(PathMeasurement(clockwise.value).length - 15 * .pi) < 15 * .pi * 1e-3)
    }

    @Test func fullTurnArcs() {
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(elements(of: circle).map(\.0) == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4))
        let nothing = CGMutablePath()
        nothing.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(elements(of: nothing).map(\.0) == [.moveToPoint])
    }

    @Test func arcPointsLieOnTheCircle() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -20, y: 0))
        path.addArc(center: CGPoint(x: 3, y: -4), radius: 7, startAngle: 0.3, endAngle: -2.5, clockwise: true)
        #expect(elements(of: path)[1].0 == .addLineToPoint)
        let measurement = PathMeasurement(path.value)
        for segment in measurement.segments.dropFirst() {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let radius = segment.point(at: t).distance(from: CGPoint(x: 3, y: -4))
                #expect(abs(radius - 7) < 7 * 3e-4)  // the cubic approximation's radial error
            }
        }
        #expect(path.currentPoint.distance(from: CGPoint(x: 3 + 7 * cos(-2.5), y: -4 + 7 * sin(-2.5))) < 1e-13)
    }

    @Test func tangentArcRoundsACorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        let recorded = elements(of: path)
        #expect(recorded.map(\.0) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(recorded[1].1[0].distance(from: CGPoint(x: 8, y: 0)) < 1e-14)
        #expect(path.currentPoint.distance(from: CGPoint(x: 10, y: 2)) < 1e-14)
        // Collinear: just the line to the corner.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(elements(of: straight).map(\.0) == [.moveToPoint, .addLineToPoint])
    }

    @Test func boundingBoxesWithAndWithoutControlPoints() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve peaks at t = ½: y = 2·½·½·10 = 5.
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(circle.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    @Test func rectangleContainsItsInterior() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(path.contains(CGPoint(x: 5, y: 2.5)))
        #expect(path.contains(CGPoint(x: 0.001, y: 4.999)))
        #expect(!path.contains(CGPoint(x: -0.001, y: 2)))
        #expect(!path.contains(CGPoint(x: 5, y: 5.001)))
        #expect(path.contains(CGPoint(x: 105, y: 2), transform: CGAffineTransform(translationX: -100, y: 0)))
    }

    @Test func ellipseContainsPointsInsideTheCurve() {
        let path = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20))
        for angle in stride(from: 0.0, to: 2 * .pi, by: 0.1) {
            #expect(path.contains(CGPoint(x: 9.99 * cos(angle), y: 9.99 * sin(angle))))
            #expect(!path.contains(CGPoint(x: 10.01 * cos(angle), y: 10.01 * sin(angle))))
        }
        #expect(!path.contains(CGPoint(x: 9.5, y: 9.5)))
    }

    @Test func fillRulesDifferOnNestedAndSelfIntersectingShapes() {
        let nested = CGMutablePath()
        nested.addRects([CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 3, y: 3, width: 4, height: 4)])
        #expect(elements(of: nested).filter { $0.0 == .moveToPoint }.count == 2)
        #expect(nested.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!nested.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(nested.contains(CGPoint(x: 1, y: 5), using: .evenOdd))

        // A pentagram: its centre is wound twice.
        let star = CGMutablePath()
        let points = (0..<5).map { i in
            let angle = Double.pi / 2 + Double(i) * 4 * .pi / 5
            return CGPoint(x: 10 * cos(angle), y: 10 * sin(angle))
        }
        star.addLines(between: points)
        #expect(star.contains(.zero, using: .winding))
        #expect(!star.contains(.zero, using: .evenOdd))
    }

    @Test func openSubpathsAreFilledAsIfClosed() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(triangle.contains(CGPoint(x: 2, y: 2)))
        #expect(!triangle.contains(CGPoint(x: 6, y: 6)))
    }

    @Test func matchingPathsInterpolatePointwise() {
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).value
        let large = CGPath(rect: CGRect(x: 10, y: 0, width: 30, height: 20)).value
        #expect(small.interpolated(to: large, fraction: 0.5) == CGPath(rect: CGRect(x: 5, y: 0, width: 20, height: 15)).value)
        #expect(small.adding(.zero) == small)
        // Corresponding corners are (10, 0), (30, 0), (30, 10) and (10, 10) apart.
        #expect(abs(small.distance(to: large) - (100.0 + 900 + 1000 + 200).squareRoot()) < 1e-12)
    }

    @Test func mismatchedPathsSwitchHalfway() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).value
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)).value
        #expect(rect.interpolated(to: circle, fraction: 0.49) == rect)
        #expect(rect.interpolated(to: circle, fraction: 0.5) == circle)
        #expect(rect.distance(to: circle) == 1)
    }
}
