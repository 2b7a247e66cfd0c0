import Foundation
import Testing
@testable import SwellCore

/// References computed here, independently of the code under test: the
/// Bernstein form of Bézier curves and arc length as the length of a
/// polyline through a million points of the curve.
@Suite("Path measurement: arc length, points and directions at a distance")
struct PathMeasurementTests {
    static let sCurve = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 80), CGPoint(x: 70, y: -40), CGPoint(x: 100, y: 30)]
    static let cusp = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 0)]
    static let loop = [CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 100), CGPoint(x: -50, y: 100), CGPoint(x: 100, y: 0)]
    static let arch = [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 100), CGPoint(x: 100, y: 0)]

    func bernstein(_ p: [CGPoint], _ t: Double) -> SIMD2<Double> {
        bernstein(p.map { SIMD2(Double($0.x), Double($0.y)) }, t)
    }

    func bernstein(_ v: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
        let s = 1 - t
        switch v.count {
        case 2: return s * v[0] + t * v[1]
        case 3: return s * s * v[0] + 2 * s * t * v[1] + t * t * v[2]
        default: return s * s * s * v[0] + 3 * s * s * t * v[1] + 3 * s * t * t * v[2] + t * t * t * v[3]
        }
    }

    /// The length of the polyline through `samples` + 1 evenly spaced
    /// parameters in 0…t, summed with Kahan compensation. Scalar arithmetic
    /// on the Bernstein weights keeps a million samples quick in debug
    /// builds.
    func polylineLength(_ p: [CGPoint], to t: Double = 1, samples: Int = 1_000_000) -> Double {
        let xs = p.map { Double($0.x) }, ys = p.map { Double($0.y) }
        let n = p.count - 1
        func weights(_ t: Double) -> (Double, Double, Double, Double) {
            let s = 1 - t
            switch n {
            case 1: return (s, t, 0, 0)
            case 2: return (s * s, 2 * s * t, t * t, 0)
            default: return (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
            }
        }
        func coordinate(_ c: [Double], _ w: (Double, Double, Double, Double)) -> Double {
            var value = w.0 * c[0] + w.1 * c[1]
            if n >= 2 { value += w.2 * c[2] }
            if n >= 3 { value += w.3 * c[3] }
            return value
        }
        var sum = 0.0, compensation = 0.0
        var (previousX, previousY) = (xs[0], ys[0])
        for i in 1...samples {
            let w = weights(t * Double(i) / Double(samples))
            let x = coordinate(xs, w), y = coordinate(ys, w)
            let step = ((x - previousX) * (x - previousX) + (y - previousY) * (y - previousY)).squareRoot() - compensation
            let total = sum + step
            compensation = (total - sum) - step
            sum = total
            (previousX, previousY) = (x, y)
        }
        return sum
    }

    func path(through p: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.move(to: p[0])
        switch p.count {
        case 2: path.addLine(to: p[1])
        case 3: path.addQuadCurve(to: p[2], control: p[1])
        default: path.addCurve(to: p[3], control1: p[1], control2: p[2])
        }
        return path
    }

    @Test(arguments: [sCurve, cusp, loop, arch])
    func curveLengthMatchesTheReference(points: [CGPoint]) throws {
        let measured = PathMeasurement(path(through: points).value)
        let segment = try #require(measured.segments.first)
        #expect(measured.segments.count == 1)
        let reference = polylineLength(points)
        #expect(abs(segment.length - reference) <= 1e-9 * reference)
        #expect(measured.length == segment.length)
    }

    @Test func partialLengthsMatchTheReference() throws {
        let segment = try #require(PathMeasurement(path(through: Self.cusp).value).segments.first)
        for t in [0.25, 0.5, 0.8] {
            let reference = polylineLength(Self.cusp, to: t, samples: 400_000)
            #expect(abs(segment.arcLength(to: t) - reference) <= 1e-9 * segment.length)
        }
    }

    @Test func pointAtDistanceIsThatFarAlongTheCurve() throws {
        let segment = try #require(PathMeasurement(path(through: Self.sCurve).value).segments.first)
        for fraction in [0.1, 0.37, 0.5, 0.93] {
            let distance = fraction * segment.length
            let t = segment.parameter(atDistance: distance)
            let travelled = polylineLength(Self.sCurve, to: t, samples: 400_000)
            #expect(abs(travelled - distance) <= 1e-9 * segment.length)
            let expected = bernstein(Self.sCurve, t)
            #expect(segment.point(atDistance: distance).distance(from: CGPoint(x: expected.x, y: expected.y)) < 1e-12)
        }
    }

    @Test func tangentIsTheDirectionOfTheDerivative() throws {
        let segment = try #require(PathMeasurement(path(through: Self.sCurve).value).segments.first)
        let p = Self.sCurve.map { SIMD2(Double($0.x), Double($0.y)) }
        for t in [0.0, 0.3, 0.77, 1.0] {
            // B′(t) = 3[(1−t)²(p1 − p0) + 2(1−t)t(p2 − p1) + t²(p3 − p2)]
            let s = 1 - t
            let d = 3 * (s * s * (p[1] - p[0]) + 2 * s * t * (p[2] - p[1]) + t * t * (p[3] - p[2]))
            #expect(abs(segment.tangentAngle(at: t) - atan2(d.y, d.x)) < 1e-14)
        }
    }

    @Test func tangentWhereAControlPointCoincidesWithAnEnd() throws {
        // c1 = p0: leaving towards c2; c2 = p3: arriving from c1.
        let start = try #require(PathMeasurement(path(through: [.zero, .zero, CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10)]).value).segments.first)
        #expect(abs(start.tangentAngle(at: 0) - .pi / 2) < 1e-15)
        let end = try #require(PathMeasurement(path(through: [.zero, CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 10)]).value).segments.first)
        #expect(abs(end.tangentAngle(at: 1)) < 1e-15)
        #expect(abs(end.tangentAngle(atDistance: end.length)) < 1e-15)
    }

    @Test func subpathsCloseButDoNotJump() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.move(to: CGPoint(x: 100, y: 100))
        path.addCurve(to: Self.sCurve[3], control1: Self.sCurve[1], control2: Self.sCurve[2])
        path.closeSubpath()
        let measured = PathMeasurement(path.value)
        #expect(measured.segments.map(\.type) == [.addLineToPoint, .addCurveToPoint, .addLineToPoint])
        #expect(measured.segments[2].start == Self.sCurve[3] && measured.segments[2].end == CGPoint(x: 100, y: 100))
        let curve = [CGPoint(x: 100, y: 100)] + Self.sCurve[1...3]
        let closing = hypot(100.0 - 100, 100.0 - 30)
        let reference = 5 + polylineLength(Array(curve)) + closing
        #expect(abs(measured.length - reference) <= 1e-9 * reference)
    }

    @Test func rectanglePerimeterIncludesTheClosingSide() {
        let measured = PathMeasurement(CGPath(rect: CGRect(x: 1, y: 1, width: 30, height: 20)).value)
        #expect(measured.segments.count == 4)
        #expect(measured.length == 100)
        #expect(measured.point(atDistance: 95) == CGPoint(x: 1, y: 6))
        #expect(measured.tangentAngle(atDistance: 95) == -.pi / 2)
    }

    @Test func circleLengthMatchesItsFourCubics() {
        let r = 10.0, k = 4 * (2.0.squareRoot() - 1) / 3
        let measured = PathMeasurement(CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)).value)
        #expect(measured.segments.count == 4)  // the close is already at the start
        let quarter = [CGPoint(x: r, y: 0), CGPoint(x: r, y: k * r), CGPoint(x: k * r, y: r), CGPoint(x: 0, y: r)]
        let reference = 4 * polylineLength(quarter)
        #expect(abs(measured.length - reference) <= 1e-9 * reference)
        // The cubic circle strays at most 2.7e-4·r from the true one.
        #expect(abs(measured.length - 2 * .pi * r) < 2 * .pi * r * 2.7e-4)
    }

    @Test func distancesAreClampedAndBoundariesBelongToTheEarlierSegment() throws {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let measured = PathMeasurement(path.value)
        #expect(measured.point(atDistance: -5) == CGPoint.zero)
        #expect(measured.point(atDistance: 50) == CGPoint(x: 10, y: 10))
        let boundary = try #require(measured.location(atDistance: 10))
        #expect(boundary.segment == 0 && boundary.distance == 10)
        #expect(measured.tangentAngle(atDistance: 10) == 0)
        #expect(measured.tangentAngle(atDistance: 10.5) == .pi / 2)
    }

    @Test func zeroLengthSegmentsArePassedOver() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: .zero)
        path.addLine(to: CGPoint(x: 0, y: 4))
        let measured = PathMeasurement(path.value)
        #expect(measured.segments.count == 2)
        #expect(try #require(measured.location(atDistance: 0)).segment == 1)
        #expect(measured.tangentAngle(atDistance: 0) == .pi / 2)
    }

    @Test func pathsThatDrawNothingHaveNoPoints() {
        let moveOnly = CGMutablePath()
        moveOnly.move(to: CGPoint(x: 3, y: 3))
        for path in [CGMutablePath(), moveOnly] {
            let measured = PathMeasurement(path.value)
            #expect(measured.length == 0)
            #expect(measured.point(atDistance: 0) == nil)
            #expect(measured.tangentAngle(atDistance: 0) == nil)
        }
    }
}
