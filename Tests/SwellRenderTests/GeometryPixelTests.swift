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
