import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Exact geometry, probed pixel by pixel: references are integer counts
/// and CATransform3D's own mapping, computed independently of the
/// renderer.
@Suite struct GeometryPixelTests {
    typealias F = RenderFixtures

    @Test func anAlignedRectangleCoversExactlyItsPixels() {
        let root = F.root(width: 100, height: 80)
        root.addSublayer(F.layer(frame: CGRect(x: 10, y: 20, width: 30, height: 15), color: F.red))
        let frame = F.render(root)
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == 30 * 15)
        #expect(frame.count { $0 != .transparent } == 30 * 15)
        #expect(frame.pixel(x: 10, y: 20) == .opaque(255, 0, 0))
        #expect(frame.pixel(x: 39, y: 34) == .opaque(255, 0, 0))
        #expect(frame.pixel(x: 40, y: 34) == .transparent)
        #expect(frame.pixel(x: 9, y: 20) == .transparent)
    }

    @Test func aFivePointBorderOfAnEightyBySixtyLayerIs1300Pixels() {
        let root = F.root(width: 120, height: 100)
        let layer = F.layer(frame: CGRect(x: 20, y: 20, width: 80, height: 60), color: F.white)
        layer.borderWidth = 5
        layer.borderColor = F.blue
        root.addSublayer(layer)
        let frame = F.render(root)
        // 80·60 − 70·50: the border is inset, on top of the background.
        #expect(frame.count { $0 == .opaque(0, 0, 255) } == 1300)
        #expect(frame.count { $0 == .opaque(255, 255, 255) } == 70 * 50)
    }

    @Test func aCanvasScaleOfTwoRendersTwiceThePixelsEachWay() {
        let root = F.root(width: 50, height: 40)
        root.addSublayer(F.layer(frame: CGRect(x: 5, y: 6, width: 7, height: 8), color: F.red))
        let frame = F.render(root, scale: 2)
        #expect(frame.width == 100 && frame.height == 80)
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == 14 * 16)
        #expect(frame.pixel(x: 10, y: 12) == .opaque(255, 0, 0))
    }
}

/// Transforms, ordering and visibility.
@Suite struct LayerPlacementTests {
    typealias F = RenderFixtures

    /// The covered pixels' bounding box against the corners CATransform3D
    /// maps the bounds to (`CALayer.frame`, SwellCore's projection).
    @Test func aRotatedSquaresCornersLandWhereItsTransformMapsThem() {
        let root = F.root(width: 200, height: 200)
        let square = F.layer(frame: CGRect(x: 80, y: 70, width: 40, height: 40), color: F.red)
        square.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        root.addSublayer(square)
        let frame = F.render(root)
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y).alpha > 0 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let expected = square.frame
        #expect(abs(Double(minX) - expected.minX.rounded(.down)) <= 1)
        #expect(abs(Double(minY) - expected.minY.rounded(.down)) <= 1)
        #expect(abs(Double(maxX + 1) - expected.maxX.rounded(.up)) <= 1)
        #expect(abs(Double(maxY + 1) - expected.maxY.rounded(.up)) <= 1)
        // The area is kept: 1,600 pixels of coverage.
        let coverage = frame.alphaSum / 255
        #expect(abs(coverage - 1600) < 2)
    }

    /// A rounded corner against the circle (x − c)² + (y − c)² = r²: pixels
    /// whose centres are a pixel inside are opaque, a pixel outside are
    /// empty, and the corner's coverage is the quarter disc's area.
    @Test func roundedCornersFollowTheCircle() {
        let root = F.root(width: 120, height: 120)
        let layer = F.layer(frame: CGRect(x: 10, y: 10, width: 100, height: 100), color: F.white)
        layer.cornerRadius = 30
        root.addSublayer(layer)
        let frame = F.render(root)
        let (cx, cy, r) = (40.0, 40.0, 30.0)
        var coverage = 0.0
        for y in 10..<40 {
            for x in 10..<40 {
                let alpha = Int(frame.pixel(x: x, y: y).alpha)
                coverage += Double(alpha) / 255
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                if d < r - 1 { #expect(alpha == 255, "(\(x), \(y)) at \(d)") }
                if d > r + 1 { #expect(alpha == 0, "(\(x), \(y)) at \(d)") }
            }
        }
        #expect(abs(coverage - Double.pi * r * r / 4) < 1)
    }

    @Test func zPositionOrdersSiblingsBeforeTheirOrder() {
        let root = F.root(width: 60, height: 60)
        let front = F.layer(frame: CGRect(x: 10, y: 10, width: 30, height: 30), color: F.red)
        front.zPosition = 1
        root.addSublayer(front)
        root.addSublayer(F.layer(frame: CGRect(x: 20, y: 20, width: 30, height: 30), color: F.blue))
        let frame = F.render(root)
        #expect(frame.pixel(x: 30, y: 30) == .opaque(255, 0, 0))
        #expect(frame.pixel(x: 45, y: 45) == .opaque(0, 0, 255))
    }

    @Test func hiddenLayersAndTheirSublayersAreNotDrawn() {
        let root = F.root(width: 60, height: 60)
        let hidden = F.layer(frame: CGRect(x: 10, y: 10, width: 30, height: 30), color: F.red)
        hidden.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10), color: F.blue))
        hidden.isHidden = true
        root.addSublayer(hidden)
        #expect(F.render(root).count { $0 != .transparent } == 0)
    }

    /// Turned half a turn about y, the layer shows its back: drawn mirrored
    /// when double-sided, not at all otherwise.
    @Test func aLayerSeenFromBehindIsCulledUnlessDoubleSided() {
        func render(doubleSided: Bool) -> Frame {
            let root = F.root(width: 60, height: 60)
            let layer = F.layer(frame: CGRect(x: 10, y: 10, width: 40, height: 40), color: F.red)
            layer.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 10, height: 40), color: F.blue))
            layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            layer.isDoubleSided = doubleSided
            root.addSublayer(layer)
            return F.render(root)
        }
        let shown = render(doubleSided: true)
        #expect(shown.pixel(x: 45, y: 30) == .opaque(0, 0, 255))
        #expect(shown.pixel(x: 15, y: 30) == .opaque(255, 0, 0))
        #expect(render(doubleSided: false).count { $0 != .transparent } == 0)
    }

    @Test func aFlippedLayerPlacesItsSublayersFromTheBottom() {
        let root = F.root(width: 100, height: 100)
        root.isGeometryFlipped = true
        root.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10), color: F.red))
        let frame = F.render(root)
        #expect(frame.pixel(x: 5, y: 95) == .opaque(255, 0, 0))
        #expect(frame.pixel(x: 5, y: 5) == .transparent)
        #expect(frame.count { $0 != .transparent } == 100)
    }

    @Test func sublayerTransformTurnsTheSublayersAboutTheAnchorPoint() {
        let root = F.root(width: 100, height: 100)
        let parent = F.layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.sublayerTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        parent.addSublayer(F.layer(frame: CGRect(x: 60, y: 45, width: 30, height: 10), color: F.red))
        root.addSublayer(parent)
        let frame = F.render(root)
        // A quarter turn about (50, 50) takes x 60…90, y 45…55 to x 45…55, y 60…90.
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == 300)
        #expect(frame.pixel(x: 50, y: 75) == .opaque(255, 0, 0))
    }
}
