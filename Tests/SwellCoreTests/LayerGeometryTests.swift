import Foundation
import Testing
@testable import SwellCore

/// Layer geometry. Sources: Apple's CALayer reference (frame, anchorPoint,
/// position, hitTest:, convertPoint:) and Apple's Core Animation Programming
/// Guide ("Anchor Points Affect Geometric Manipulations"): position places
/// the anchor point, and the frame derives from bounds, anchorPoint,
/// position and transform.
@Suite struct LayerGeometryTests {
    func layer(bounds: CGRect, position: CGPoint, anchor: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        layer.anchorPoint = anchor
        layer.position = position
        return layer
    }

    @Test func theFrameIsTheBoundsPlacedByTheAnchorPoint() {
        // A 100×100 layer at position (150, 150) with anchor
        // (0.5, 0.5) has frame origin (100, 100); anchor (0, 0) puts the
        // origin at the position.
        #expect(layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 150, y: 150)).frame
            == CGRect(x: 100, y: 100, width: 100, height: 100))
        #expect(layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 60), position: CGPoint(x: 150, y: 150),
                      anchor: .zero).frame == CGRect(x: 150, y: 150, width: 100, height: 60))
        CATransaction.flush()
    }

    @Test func aRotatedLayersFrameIsTheBoundingBox() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 0, y: 0))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let frame = l.frame
        #expect(Swift.abs(frame.minX + 25) < 1e-9 && Swift.abs(frame.minY + 50) < 1e-9)
        #expect(Swift.abs(frame.width - 50) < 1e-9 && Swift.abs(frame.height - 100) < 1e-9)
        CATransaction.flush()
    }

    @Test func settingTheFrameSetsPositionAndBoundsSize() {
        let l = CALayer()
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.frame = CGRect(x: 10, y: 20, width: 40, height: 80)
        #expect(l.bounds.size == CGSize(width: 40, height: 80))
        #expect(l.position == CGPoint(x: 10 + 0.25 * 40, y: 20 + 80))
        CATransaction.flush()
    }

    @Test func pointsConvertThroughPositionsAndTransforms() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 60))
        parent.addSublayer(child)
        // The child's (0, 0) is its top-left corner: position − anchor·size.
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 50))
        #expect(parent.convert(CGPoint(x: 40, y: 50), to: child) == .zero)
        // A 90° turn about the anchor maps (20, 10) — 10 right of the anchor —
        // to 10 below it in the parent.
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let p = child.convert(CGPoint(x: 20, y: 10), to: parent)
        #expect(Swift.abs(p.x - 50) < 1e-9 && Swift.abs(p.y - 70) < 1e-9)
        let back = child.convert(p, from: parent)
        #expect(Swift.abs(back.x - 20) < 1e-9 && Swift.abs(back.y - 10) < 1e-9)
        CATransaction.flush()
    }

    @Test func boundsOriginShiftsTheSublayers() {
        let parent = layer(bounds: CGRect(x: 30, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 35, y: 5))
        parent.addSublayer(child)
        // In the host's space the parent's visible top-left is (0, 0) and
        // shows its bounds point (30, 0).
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 0))
        CATransaction.flush()
    }

    @Test func sublayerTransformTurnsSublayersAboutTheParentsAnchor() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 60, y: 50))
        parent.addSublayer(child)
        // Scaling by 2 about (50, 50): the child's anchor at (60, 50) lands
        // at (70, 50).
        #expect(child.convert(CGPoint(x: 5, y: 5), to: parent) == CGPoint(x: 70, y: 50))
        CATransaction.flush()
    }

    @Test func hitTestingFindsTheFrontmostVisibleLayer() {
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let back = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 25, y: 25))
        let front = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 35, y: 35))
        root.addSublayer(back)
        root.addSublayer(front)
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === front)
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === back)
        #expect(root.hitTest(CGPoint(x: 90, y: 90)) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 50)) == nil)
        back.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === back)
        back.isHidden = true
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === front)
        CATransaction.flush()
    }

    @Test func masksToBoundsHidesSublayersOutsideTheBounds() {
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 25, y: 25))
        let overhang = layer(bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 60, y: 25))
        root.addSublayer(overhang)
        #expect(root.hitTest(CGPoint(x: 70, y: 25)) === overhang)
        root.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 70, y: 25)) == nil)
        CATransaction.flush()
    }

    @Test func containsIsInTheLayersOwnSpace() {
        let l = layer(bounds: CGRect(x: 10, y: 10, width: 20, height: 20), position: .zero)
        #expect(l.contains(CGPoint(x: 15, y: 15)))
        #expect(!l.contains(CGPoint(x: 5, y: 15)))
        CATransaction.flush()
    }

    @Test func affineTransformRoundTrips() {
        let l = CALayer()
        let rotation = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        l.setAffineTransform(rotation)
        #expect(l.affineTransform() == rotation)
        CATransaction.flush()
    }
}
