import Foundation
import SwellCore
import SwellScript
import Testing

/// SVG path data (SVG 1.1 §8.3) into `CGPath`, against what the SVG
/// specification says each command draws: points written out by hand, and
/// arcs against the equation of their ellipse.
@Suite("path data: SVG's path syntax")
struct PathDataTests {
    typealias Element = (CGPathElementType, [CGPoint])

    private func elements(_ text: String) throws -> [Element] {
        try PathData.path(parsing: text).elements.map { ($0.type, $0.points) }
    }

    private func expect(_ text: String, _ expected: [Element], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let got = try elements(text)
        #expect(got.count == expected.count, "\(got)", sourceLocation: sourceLocation)
        for (a, b) in zip(got, expected) {
            #expect(a.0 == b.0 && a.1 == b.1, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
        }
    }

    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    @Test("absolute commands, as the script format's example writes them")
    func absolute() throws {
        try expect("M 10 10 L 90 10 C 90 50 50 90 10 90 Z", [
            (.moveToPoint, [p(10, 10)]), (.addLineToPoint, [p(90, 10)]),
            (.addCurveToPoint, [p(90, 50), p(50, 90), p(10, 90)]), (.closeSubpath, []),
        ])
    }

    @Test("relative commands, repeated parameters (lines after a move), H and V")
    func relativeAndImplicit() throws {
        try expect("m10 20 30 40h5v-5z", [
            (.moveToPoint, [p(10, 20)]), (.addLineToPoint, [p(40, 60)]), (.addLineToPoint, [p(45, 60)]),
            (.addLineToPoint, [p(45, 55)]), (.closeSubpath, []),
        ])
    }

    @Test("numbers end where the next sign or point starts, and take exponents")
    func compactNumbers() throws {
        try expect("M1.5.5-2e1,3", [(.moveToPoint, [p(1.5, 0.5)]), (.addLineToPoint, [p(-20, 3)])])
    }

    @Test("S and T reflect the previous control point about the current point")
    func reflections() throws {
        try expect("M0 0 C 10 0 20 10 20 20 S 30 40 40 40", [
            (.moveToPoint, [p(0, 0)]), (.addCurveToPoint, [p(10, 0), p(20, 10), p(20, 20)]),
            (.addCurveToPoint, [p(20, 30), p(30, 40), p(40, 40)]),
        ])
        try expect("M0 0 Q 10 10 20 0 T 40 0", [
            (.moveToPoint, [p(0, 0)]), (.addQuadCurveToPoint, [p(10, 10), p(20, 0)]),
            (.addQuadCurveToPoint, [p(30, -10), p(40, 0)]),
        ])
        // After a line, S's first control point is the current point.
        try expect("M0 0 L 5 5 S 10 10 20 5", [
            (.moveToPoint, [p(0, 0)]), (.addLineToPoint, [p(5, 5)]), (.addCurveToPoint, [p(5, 5), p(10, 10), p(20, 5)]),
        ])
    }

    /// The points of every cubic at 33 parameters, with the arc's ends.
    private func arcSamples(_ text: String) throws -> (points: [CGPoint], curves: Int, last: CGPoint) {
        let path = try PathData.path(parsing: text)
        var points: [CGPoint] = [], from = path.elements[0].points[0], curves = 0
        for element in path.elements.dropFirst() {
            #expect(element.type == .addCurveToPoint)
            let (c1, c2, to) = (element.points[0], element.points[1], element.points[2])
            for k in 0...32 {
                let t = Double(k) / 32, s = 1 - t
                let b = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                points.append(CGPoint(x: b.0 * from.x + b.1 * c1.x + b.2 * c2.x + b.3 * to.x,
                                      y: b.0 * from.y + b.1 * c1.y + b.2 * c2.y + b.3 * to.y))
            }
            from = to
            curves += 1
        }
        return (points, curves, from)
    }

    @Test("a half circle: two quarter-turn cubics on the circle to 2.7e-4 of its radius, through the sweep's side")
    func halfCircle() throws {
        let (points, curves, last) = try arcSamples("M 0 0 A 50 50 0 0 1 100 0")
        #expect(curves == 2 && last == p(100, 0))
        let worst = points.map { abs(hypot($0.x - 50, $0.y) - 50) }.max()!
        #expect(worst <= 50 * 2.8e-4, "worst radial error \(worst)")
        // Sweep 1 runs through positive angles; with y down, over the top.
        #expect(points.allSatisfy { $0.y <= 1e-9 })
    }

    @Test("a radius too small for its endpoints grows until it reaches them (F.6.6)")
    func smallRadius() throws {
        let (points, _, last) = try arcSamples("M0 0 A 1 1 0 0 1 10 0")
        #expect(last == p(10, 0))
        #expect(points.map { abs(hypot($0.x - 5, $0.y) - 5) }.max()! <= 5 * 2.8e-4)
    }

    @Test("ellipses with radii 20 and 10, plain and rotated a quarter turn, on their equations",
          arguments: [("M 0 10 A 20 10 0 0 1 40 10", 20.0, 10.0, 0.0), ("M 10 0 A 20 10 90 0 1 10 40", 10.0, 20.0, 1.0)])
    func ellipse(path: String, cx: Double, cy: Double, quarterTurns: Double) throws {
        let (points, _, _) = try arcSamples(path)
        // The ellipse's own axes: x along the rotation.
        let worst = points.map { point -> Double in
            let (dx, dy) = (point.x - cx, point.y - cy)
            let (u, v) = quarterTurns == 0 ? (dx, dy) : (dy, -dx)
            return abs((u / 20) * (u / 20) + (v / 10) * (v / 10) - 1)
        }.max()!
        #expect(worst <= 1.2e-3, "worst error in the ellipse's equation \(worst)")
    }

    // Found by Fuzz/FuzzScene (docs/hardening.md): the squared half-chord
    // overflowed to infinity, the swept angle became NaN and converting it
    // to a count of curves trapped.
    @Test("an arc whose endpoints are too far apart to square (1e220) is a line to its end, as F.6.2 draws an arc it cannot")
    func overflowingArc() throws {
        try expect("M 0 0 A 2 1 0 0 0 1e220 0", [(.moveToPoint, [p(0, 0)]), (.addLineToPoint, [p(1e220, 0)])])
    }

    @Test("the large-arc flag chooses the long way round")
    func largeArc() throws {
        // Radius 50 from (0,0) to (50,50): the circles about (0,50) and
        // (50,0) pass through both. Sweep 1 turns through positive angles:
        // the small arc about (0,50) (−π/2 to 0), the large one about
        // (50,0) (π to 5π/2, three quarters of a turn).
        let small = try arcSamples("M 0 0 A 50 50 0 0 1 50 50"), large = try arcSamples("M 0 0 A 50 50 0 1 1 50 50")
        #expect(small.curves == 1 && large.curves == 3)
        #expect(small.points.map { abs(hypot($0.x - 0, $0.y - 50) - 50) }.max()! <= 50 * 2.8e-4)
        #expect(large.points.map { abs(hypot($0.x - 50, $0.y - 0) - 50) }.max()! <= 50 * 2.8e-4)
    }

    @Test("malformed path data: one line naming what is wrong and where", arguments: [
        ("L 10 10", "path data starts with a move, M or m at character 2"),
        ("M 10", "the path data ends where a number is expected at character 5"),
        ("M 0 0 X 1", "unknown command \"X\" at character 8"),
        ("M 0 0 A 1 1 0 2 0 5 5", "an arc flag, 0 or 1, is expected at character 15"),
        ("M 0 0 Z 5 5", "a number after Z; a new subpath starts with M or m at character 9"),
        ("M 0 0 L 1e999 0", "\"1e999\" is not a finite number at character 9"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: ValueSyntaxError(subject: "path", value: text, reason: reason)) {
            try PathData.path(parsing: text)
        }
    }
}
