import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// `CALayer.render(in:)` inside another layer's `draw(in:)`: the same
/// picture as the tree composited directly (a reftest), with closed-form
/// probes of what it covers.
@Suite struct RenderInContextTests {
    typealias F = RenderFixtures

    /// Draws `tree` with its bounds' origin at `origin` of the drawing
    /// layer, through `render(in:)`.
    final class TreeDrawer: CALayerDelegate {
        let tree: CALayer
        let origin: CGPoint

        init(tree: CALayer, origin: CGPoint) {
            self.tree = tree
            self.origin = origin
        }

        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.translateBy(x: origin.x, y: origin.y)
            tree.render(in: ctx)
        }
    }

    /// A 60 × 40 red card with a 4-point blue border, a green 20 × 10 chip
    /// at (10, 10) and a white 8 × 8 square turned 0.3 rad about (44, 24).
    static func card() -> CALayer {
        let card = F.layer(frame: CGRect(x: 0, y: 0, width: 60, height: 40), color: F.red)
        card.borderWidth = 4
        card.borderColor = F.blue
        card.addSublayer(F.layer(frame: CGRect(x: 10, y: 10, width: 20, height: 10), color: F.green))
        let turned = F.layer(frame: CGRect(x: 40, y: 20, width: 8, height: 8), color: F.white)
        turned.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        card.addSublayer(turned)
        return card
    }

    /// The card composited as a sublayer at (20, 15), and the card drawn
    /// by `render(in:)` at (20, 15) of a layer covering the canvas.
    static func frames(drawnAt origin: CGPoint = CGPoint(x: 20, y: 15)) -> (direct: Frame, rendered: Frame) {
        let direct = F.root(width: 100, height: 80)
        let placed = card()
        placed.position = CGPoint(x: origin.x + 30, y: origin.y + 20)
        direct.addSublayer(placed)

        let drawn = F.root(width: 100, height: 80)
        let drawing = CALayer()
        drawing.frame = drawn.bounds
        let drawer = TreeDrawer(tree: card(), origin: origin)
        drawing.delegate = drawer
        drawing.setNeedsDisplay()
        drawing.displayIfNeeded()
        drawn.addSublayer(drawing)
        return (F.render(direct), F.render(drawn))
    }

    @Test func renderInContextDrawsTheSamePixelsAsTheTreeComposited() {
        let (direct, rendered) = Self.frames()
        #expect(rendered.maximumDifference(from: direct) <= 1)
    }

    /// Closed form: the border covers 60 × 40 − 52 × 32 = 736 pixels, the
    /// chip 200; nothing is drawn outside (20, 15)–(80, 55).
    @Test func theRenderedTreeCoversWhatItsGeometrySays() {
        let (_, rendered) = Self.frames()
        #expect(rendered.count { $0 == .opaque(0, 0, 255) } == 736)
        #expect(rendered.count { $0 == .opaque(0, 255, 0) } == 200)
        #expect(rendered.pixel(x: 30, y: 25) == .opaque(0, 255, 0))
        #expect(rendered.pixel(x: 22, y: 17) == .opaque(0, 0, 255))
        #expect(rendered.pixel(x: 50, y: 45) == .opaque(255, 0, 0))
        #expect(rendered.pixel(x: 19, y: 14) == .transparent)
        #expect(rendered.pixel(x: 80, y: 55) == .transparent)
        #expect(rendered.count { $0.alpha > 0 } == 60 * 40)
    }

    /// Apple: "renders directly from the layer tree, ignoring any
    /// animations added to the render tree" — a card fading out still
    /// draws at its model opacity.
    @Test func animationsAreIgnored() {
        let card = Self.card()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 0
        fade.duration = 10
        card.add(fade, forKey: "fade")
        let root = F.root(width: 60, height: 40)
        let drawing = CALayer()
        drawing.frame = root.bounds
        let drawer = TreeDrawer(tree: card, origin: .zero)
        drawing.delegate = drawer
        drawing.setNeedsDisplay()
        drawing.displayIfNeeded()
        root.addSublayer(drawing)
        #expect(F.render(root).pixel(x: 50, y: 30) == .opaque(255, 0, 0))
    }
}
