import Foundation
import Testing
@testable import SwellCore

/// `CGMutablePath` as Apple's code uses it: an object built with `let`,
/// copied by whoever keeps it, equal by its elements.
@Suite struct CGMutablePathTests {
    let square = CGRect(x: 0, y: 0, width: 10, height: 10)

    @Test func aLayerKeepsTheElementsItWasGiven() {
        let path = CGMutablePath()
        path.addRect(square)
        let shape = CAShapeLayer()
        shape.path = path
        shape.shadowPath = path
        path.addEllipse(in: square)
        // A rectangle is a move, three lines and a close (CGPathAddRect).
        #expect(shape.path?.elements.count == 5)
        #expect(shape.shadowPath?.elements.count == 5)
        #expect(path.elements.count == 5 + 6)
        #expect(shape.path == CGPath(rect: square))
    }

    @Test func keyValueCodingTakesAndGivesPaths() {
        let path = CGMutablePath()
        path.addRect(square)
        let shape = CAShapeLayer()
        shape.setValue(path, forKey: "path")
        path.closeSubpath()
        path.addLine(to: .zero)
        #expect(shape.value(forKey: "path") as? CGPath == CGPath(rect: square))
    }

    @Test func copiesAreIndependentAndTransformed() throws {
        let path = CGMutablePath()
        path.addRect(square)
        let frozen = try #require(path.copy())
        let mutable = try #require(path.mutableCopy())
        mutable.addLine(to: CGPoint(x: 5, y: 5))
        #expect(frozen == path && !(frozen is CGMutablePath))
        #expect(mutable != path)
        var shift = CGAffineTransform(translationX: 3, y: 4)
        let moved = try #require(path.copy(using: &shift))
        #expect(moved == CGPath(rect: square.offsetBy(dx: 3, dy: 4)))
        #expect(path.copy(using: nil) == path)
        #expect(path.mutableCopy(using: &shift) == moved)
    }

    @Test func equalPathsHashAlike() {
        let a = CGMutablePath(), b = CGMutablePath()
        a.addEllipse(in: square)
        b.addEllipse(in: square)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set<CGPath>([a, b, CGPath(ellipseIn: square)]).count == 1)
    }

    /// CGPathAddRelativeArc: from startAngle through delta; the end is
    /// center + r·(cos(start + delta), sin(start + delta)).
    @Test func relativeArcsEndWhereTheAngleSays() {
        let path = CGMutablePath()
        path.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 3, startAngle: 0.5, delta: -2)
        let end = CGPoint(x: 5 + 3 * cos(-1.5), y: 5 + 3 * sin(-1.5))
        #expect(path.currentPoint.distance(from: end) < 1e-12)
        #expect(path.elements.first?.points == [CGPoint(x: 5 + 3 * cos(0.5), y: 5 + 3 * sin(0.5))])
        // Two radians is more than a quarter turn: two Bézier pieces.
        #expect(path.elements.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint])
    }

    @Test func addPathAppendsTransformedElements() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addPath(CGPath(rect: square), transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(path.elements.count == 6)
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        path.addPath(path)
        #expect(path.elements.count == 12)
        // After the rectangle's close, the current point is its start.
        #expect(path.currentPoint == .zero)
    }

    @Test func aPathIsSafeToBuildFromSeveralThreads() async {
        let path = CGMutablePath()
        path.move(to: .zero)
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask { for _ in 0..<100 { path.addLine(to: CGPoint(x: i, y: i)) } }
            }
        }
        #expect(path.elements.count == 801)
    }
}
