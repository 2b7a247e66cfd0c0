import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Shadows against the Gaussian's closed form: a straight edge blurred by
/// a Gaussian of σ = shadowRadius falls off as ½ erfc(d / σ√2) at distance
/// d outside it.
@Suite struct ShadowTests {
    typealias F = RenderFixtures

    static func shadowed(radius: CGFloat, path: Bool = false) -> CALayer {
        let root = F.root(width: 300, height: 300)
        let layer = F.layer(frame: CGRect(x: 100, y: 100, width: 100, height: 100), color: F.blue)
        layer.shadowOpacity = 1
        layer.shadowRadius = radius
        layer.shadowOffset = .zero
        if path { layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)) }
        root.addSublayer(layer)
        return root
    }

    @Test(arguments: [2.0, 5.0, 9.0])
    func theEdgeProfileIsTheGaussiansIntegral(sigma: Double) {
        let frame = F.render(Self.shadowed(radius: sigma))
        var worst = 0.0
        for i in 0..<Int(3 * sigma) {
            let d = Double(i) + 0.5
            let expected = 0.5 * erfc(d / (sigma * 2.0.squareRoot()))
            worst = max(worst, abs(Double(frame.pixel(x: 200 + i, y: 150).alpha) / 255 - expected))
        }
        #expect(worst < 0.02, "largest error \(worst)")
    }

    /// The shadowPath fast path casts the same shadow as the layer's alpha.
    @Test func aShadowPathOfTheBoundsCastsTheSameShadow() {
        let fromAlpha = F.render(Self.shadowed(radius: 6))
        let fromPath = F.render(Self.shadowed(radius: 6, path: true))
        #expect(fromAlpha.maximumDifference(from: fromPath) <= 1)
    }

    /// The offset moves the shadow in the layer's space; opacity and colour
    /// scale it.
    @Test func offsetOpacityAndColourApply() {
        let root = F.root(width: 100, height: 100)
        let layer = F.layer(frame: CGRect(x: 20, y: 20, width: 40, height: 40), color: F.blue)
        layer.shadowOpacity = 0.5
        layer.shadowColor = F.red
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 10, height: 20)
        root.addSublayer(layer)
        let frame = F.render(root)
        let shadow = frame.pixel(x: 65, y: 75)
        #expect(abs(Int(shadow.red) - 128) <= 1 && abs(Int(shadow.alpha) - 128) <= 1 && shadow.blue == 0)
        #expect(frame.pixel(x: 65, y: 30) == .transparent)
        #expect(frame.pixel(x: 40, y: 40) == .opaque(0, 0, 255))
    }

    /// A layer that moves keeps its blurred shape: one cached mask serves
    /// both frames.
    @Test func theBlurredShapeIsCachedWhileTheShapeIsUnchanged() {
        let renderer = Renderer()
        let root = Self.shadowed(radius: 8)
        let (host, first) = F.snapshot(of: root)
        let canvas = Canvas(width: 300, height: 300)
        _ = renderer.render(first, at: 0, into: canvas)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.sublayers![0].position.x += 20
        CATransaction.commit()
        let moved = host.latestSnapshot!
        #expect(moved !== first)
        let frame = renderer.render(moved, at: 0, into: canvas)
        #expect(renderer.caches.shadows.count == 1)
        #expect(frame.pixel(x: 225, y: 150).alpha > 0)
    }
}
