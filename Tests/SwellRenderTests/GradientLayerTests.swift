import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// CAGradientLayer's pixels against the interpolation formulas of Apple's
/// reference, computed here by hand.
@Suite struct GradientLayerTests {
    typealias F = RenderFixtures

    static func gradient(_ type: CAGradientLayerType, start: CGPoint, end: CGPoint,
                         locations: [NSNumber]? = nil) -> Frame {
        let root = F.root(width: 100, height: 100)
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        gradient.type = type
        gradient.colors = [F.red, F.blue]
        gradient.locations = locations
        gradient.startPoint = start
        gradient.endPoint = end
        root.addSublayer(gradient)
        return F.render(root)
    }

    /// Red at the top to blue at the bottom: at a pixel centre y + 0.5 the
    /// fraction is (y + 0.5) / 100.
    @Test func axialPixelsAreTheLinearInterpolation() {
        let frame = Self.gradient(.axial, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
        var worst = 0.0
        for y in 0..<100 {
            let t = (Double(y) + 0.5) / 100
            let pixel = frame.pixel(x: 37, y: y)
            worst = max(worst, abs(Double(pixel.red) - 255 * (1 - t)), abs(Double(pixel.blue) - 255 * t))
            #expect(pixel.alpha == 255 && pixel.green == 0)
        }
        #expect(worst <= 1.5)
    }

    /// With locations 0.25 and 0.75 the ends are solid and the middle ramps.
    @Test func locationsPlaceTheStops() {
        let frame = Self.gradient(.axial, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5),
                                  locations: [0.25, 0.75])
        var worst = 0.0
        for x in 0..<100 {
            let t = min(max(((Double(x) + 0.5) / 100 - 0.25) / 0.5, 0), 1)
            worst = max(worst, abs(Double(frame.pixel(x: x, y: 50).blue) - 255 * t))
        }
        #expect(worst <= 1.5)
    }

    /// Radial: the fraction is the distance from startPoint over the
    /// radius to endPoint (here a circle of 40 points about the centre).
    @Test func radialPixelsFollowTheDistance() {
        let frame = Self.gradient(.radial, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 0.9, y: 0.9))
        var worst = 0.0
        for (x, y) in [(50, 50), (60, 50), (70, 71), (20, 30), (95, 5), (50, 89)] {
            let d = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) / 40
            worst = max(worst, abs(Double(frame.pixel(x: x, y: y).blue) - 255 * min(d, 1)))
        }
        #expect(worst <= 1.5)
    }

    /// Conic: the fraction is the angle from the start direction, clockwise
    /// on the screen, over a full turn.
    @Test func conicPixelsFollowTheAngle() {
        let frame = Self.gradient(.conic, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        var worst = 0.0
        for (x, y) in [(80, 60), (50, 90), (10, 50), (30, 10), (70, 20), (90, 45)] {
            var angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            if angle < 0 { angle += 2 * .pi }
            worst = max(worst, abs(Double(frame.pixel(x: x, y: y).blue) - 255 * angle / (2 * .pi)))
        }
        #expect(worst <= 2.5)
    }

    /// A gradient with a `cornerRadius` fills inside the rounded corners
    /// without `masksToBounds`, as the background does (Apple's gradient
    /// buttons): a pixel whose centre lies outside the quarter circle of
    /// radius 20 about (20, 20) is empty, one inside is painted. Corners
    /// left out of `maskedCorners` stay square.
    @Test func cornersRoundTheGradient() {
        func render(_ corners: CACornerMask) -> Frame {
            let root = F.root(width: 100, height: 100)
            let gradient = CAGradientLayer()
            gradient.frame = root.bounds
            gradient.colors = [F.red, F.blue]
            gradient.cornerRadius = 20
            gradient.maskedCorners = corners
            root.addSublayer(gradient)
            return F.render(root)
        }
        let rounded = render([.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        for (x, y) in [(1, 1), (4, 2), (98, 1), (1, 98), (97, 97)] {
            let centre = (Double(x) + 0.5, Double(y) + 0.5)
            let nearest = (centre.0 < 50 ? 20.0 : 80.0, centre.1 < 50 ? 20.0 : 80.0)
            #expect(hypot(centre.0 - nearest.0, centre.1 - nearest.1) > 21)
            #expect(rounded.pixel(x: x, y: y).alpha == 0, "(\(x), \(y)) lies outside the corner")
        }
        for (x, y) in [(8, 8), (50, 1), (1, 50), (91, 91)] {
            #expect(rounded.pixel(x: x, y: y).alpha == 255, "(\(x), \(y)) lies inside")
        }
        let oneCorner = render([.layerMaxXMaxYCorner])
        #expect(oneCorner.pixel(x: 1, y: 1).alpha == 255)
        #expect(oneCorner.pixel(x: 98, y: 1).alpha == 255)
        #expect(oneCorner.pixel(x: 97, y: 97).alpha == 0)
    }
}
