import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// A layer turned about y with perspective (m34 = −1/500), against the
/// projection computed by hand: a point (X, Y) from the anchor turns to
/// (X cos θ, Y, −X sin θ) (Rodrigues, right-handed about y), and the
/// perspective row divides by w = 1 − z/500 = 1 + X sin θ / 500.
@Suite struct PerspectiveTests {
    typealias F = RenderFixtures

    static let theta = Double.pi / 6

    static func projected(_ X: Double, _ Y: Double) -> (x: Double, y: Double) {
        let w = 1 + X * sin(theta) / 500
        return (200 + X * cos(theta) / w, 150 + Y / w)
    }

    static func render() -> Frame {
        let root = F.root(width: 400, height: 300)
        let layer = F.layer(frame: CGRect(x: 150, y: 100, width: 100, height: 100), color: F.white)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        layer.transform = CATransform3DRotate(perspective, theta, 0, 1, 0)
        root.addSublayer(layer)
        return F.render(root)
    }

    /// Each column's coverage is the height between the projected top and
    /// bottom edges at the column's centre, and the middle row's the width
    /// between the projected left and right edges.
    @Test func theTurnedLayersEdgesAreAtTheProjectedPoints() {
        let frame = Self.render()
        let (left, right) = (Self.projected(-50, 0).x, Self.projected(50, 0).x)
        let row = (0..<frame.width).reduce(0.0) { $0 + Double(frame.pixel(x: $1, y: 150).alpha) / 255 }
        #expect(abs(row - (right - left)) < 0.5, "row coverage \(row), expected \(right - left)")
        let (topLeft, topRight) = (Self.projected(-50, -50), Self.projected(50, -50))
        var worst = 0.0
        for x in Int(left.rounded(.up)) + 1..<Int(right.rounded(.down)) - 1 {
            let cx = Double(x) + 0.5
            let t = (cx - topLeft.x) / (topRight.x - topLeft.x)
            let top = topLeft.y + t * (topRight.y - topLeft.y)
            let height = 2 * (150 - top)
            let column = (0..<frame.height).reduce(0.0) { $0 + Double(frame.pixel(x: x, y: $1).alpha) / 255 }
            worst = max(worst, abs(column - height))
        }
        #expect(worst < 0.5, "worst column error \(worst) px")
    }

    @Test func theCornersAreCoveredAndTheirOutsideIsNot() {
        let frame = Self.render()
        for (X, Y) in [(-50.0, -50.0), (50, -50), (50, 50), (-50, 50)] {
            let corner = Self.projected(X, Y)
            let inward = Self.projected(X * 0.96, Y * 0.96), outward = Self.projected(X * 1.04, Y * 1.04)
            #expect(frame.pixel(x: Int(inward.x), y: Int(inward.y)).alpha > 200, "inside \(corner)")
            #expect(frame.pixel(x: Int(outward.x), y: Int(outward.y)).alpha == 0, "outside \(corner)")
        }
    }

    /// A layer reaching behind the eye (w ≤ 0 over part of it) draws only
    /// the part in front.
    @Test func thePartBehindTheEyeIsClipped() {
        let root = F.root(width: 400, height: 300)
        let layer = F.layer(frame: CGRect(x: -400, y: 100, width: 1200, height: 100), color: F.white)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        layer.transform = CATransform3DRotate(perspective, .pi / 3, 0, 1, 0)
        root.addSublayer(layer)
        let frame = F.render(root)
        // w = 1 + X·sin(π/3)/500 is ≤ 0 for X ≤ −577: the left end (X down to −600) is cut.
        #expect(frame.count { $0.alpha > 0 } > 0)
        #expect(frame.pixel(x: 200, y: 150).alpha == 255)
    }
}
