import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Reftests — one picture made two ways — and compositing checked against
/// premultiplied arithmetic done by hand.
@Suite struct CompositingTests {
    typealias F = RenderFixtures

    /// Draws a rounded rectangle path, in red, in `draw(in:)`.
    final class RoundedRectDrawing: CALayer {
        override func draw(in ctx: CGContext) {
            let path = CGMutablePath()
            path.addRoundedRect(in: CGRect(origin: .zero, size: bounds.size), cornerWidth: 20, cornerHeight: 20)
            ctx.addPath(path)
            ctx.setFillColor(RenderFixtures.red)
            ctx.fillPath()
        }
    }

    /// cornerRadius with masksToBounds clipping an oversized sublayer is the
    /// same picture as the rounded-rectangle path drawn in draw(in:).
    @Test func aRoundedClipEqualsARoundedPathDrawnByTheLayer() {
        let clipped = F.root(width: 140, height: 120)
        let clipping = F.layer(frame: CGRect(x: 20, y: 20, width: 100, height: 80))
        clipping.cornerRadius = 20
        clipping.masksToBounds = true
        clipping.addSublayer(F.layer(frame: CGRect(x: -20, y: -20, width: 140, height: 120), color: F.red))
        clipped.addSublayer(clipping)

        let drawn = F.root(width: 140, height: 120)
        let drawing = RoundedRectDrawing()
        drawing.frame = CGRect(x: 20, y: 20, width: 100, height: 80)
        drawing.setNeedsDisplay()
        drawing.displayIfNeeded()
        drawn.addSublayer(drawing)

        // Cairo's arcs and Core Graphics' quarter-circle Béziers differ by
        // a few thousandths of a point: a few levels on edge pixels.
        #expect(F.render(clipped).maximumDifference(from: F.render(drawn)) <= 8)
    }

    /// The same reftest rotated and scaled: the clip stays anti-aliased
    /// under any transform.
    @Test func theRoundedClipMatchesUnderATransform() {
        func scene(clip: Bool) -> CALayer {
            let root = F.root(width: 200, height: 200)
            let layer: CALayer
            if clip {
                layer = F.layer(frame: CGRect(x: 50, y: 60, width: 100, height: 80))
                layer.cornerRadius = 20
                layer.masksToBounds = true
                layer.addSublayer(F.layer(frame: CGRect(x: -20, y: -20, width: 140, height: 120), color: F.red))
            } else {
                layer = RoundedRectDrawing()
                layer.frame = CGRect(x: 50, y: 60, width: 100, height: 80)
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
            }
            layer.transform = CATransform3DScale(CATransform3DMakeRotation(0.4, 0, 0, 1), 1.3, 0.9, 1)
            root.addSublayer(layer)
            return root
        }
        let (clipped, drawn) = (F.render(scene(clip: true)), F.render(scene(clip: false)))
        // Off the axes, Cairo rasterises a clip and a fill of the same edge
        // a few levels apart; the covered area is the same.
        #expect(clipped.maximumDifference(from: drawn) <= 16)
        #expect(abs(clipped.alphaSum - drawn.alphaSum) / 255 < 2)
    }

    /// Opacity 0.5 on a red layer with a blue sublayer over half of it, on
    /// white. As a group, the sublayer hides the red beneath it: blue at
    /// 0.5 over white is (127.5, 127.5, 255). Without group opacity each
    /// paints at 0.5: red over white (255, 127.5, 127.5), then blue over
    /// that (127.5, 63.75, 191.25).
    @Test(arguments: [true, false])
    func opacityAppliesToTheGroupUnlessGroupOpacityIsOff(grouped: Bool) {
        let root = F.root(width: 60, height: 40)
        let layer = F.layer(frame: CGRect(x: 0, y: 0, width: 60, height: 40), color: F.red)
        layer.opacity = 0.5
        layer.allowsGroupOpacity = grouped
        layer.addSublayer(F.layer(frame: CGRect(x: 30, y: 0, width: 30, height: 40), color: F.blue))
        root.addSublayer(layer)
        let frame = F.render(root, background: .white)
        func near(_ p: PremultipliedPixel, _ r: Double, _ g: Double, _ b: Double) -> Bool {
            abs(Double(p.red) - r) <= 1 && abs(Double(p.green) - g) <= 1 && abs(Double(p.blue) - b) <= 1 && p.alpha == 255
        }
        #expect(near(frame.pixel(x: 10, y: 20), 255, 127.5, 127.5))
        let overlap = frame.pixel(x: 45, y: 20)
        #expect(grouped ? near(overlap, 127.5, 127.5, 255) : near(overlap, 127.5, 63.75, 191.25), "\(overlap)")
    }

    /// A mask's alpha multiplies the whole subtree: a half-transparent mask
    /// over the left half leaves red at alpha 0.5 there — premultiplied
    /// (128, 0, 0, 128) — and nothing on the right, sublayer included.
    @Test func aMaskAppliesItsAlphaToTheWholeSubtree() {
        let root = F.root(width: 80, height: 40)
        let layer = F.layer(frame: CGRect(x: 0, y: 0, width: 80, height: 40), color: F.red)
        layer.addSublayer(F.layer(frame: CGRect(x: 60, y: 0, width: 20, height: 40), color: F.blue))
        layer.mask = F.layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40), color: CGColor(gray: 1, alpha: 0.5))
        root.addSublayer(layer)
        let frame = F.render(root)
        let masked = frame.pixel(x: 20, y: 20)
        #expect(abs(Int(masked.red) - 128) <= 1 && masked.green == 0 && abs(Int(masked.alpha) - 128) <= 1)
        #expect(frame.pixel(x: 50, y: 20) == .transparent)
        #expect(frame.pixel(x: 70, y: 20) == .transparent)
        #expect(frame.count { $0 != .transparent } == 40 * 40)
    }

    /// The border is drawn over the sublayers, and the background under them.
    @Test func theBorderIsOnTopOfTheSublayers() {
        let root = F.root(width: 60, height: 60)
        let layer = F.layer(frame: CGRect(x: 10, y: 10, width: 40, height: 40), color: F.green)
        layer.borderWidth = 4
        layer.borderColor = F.blue
        layer.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20), color: F.red))
        root.addSublayer(layer)
        let frame = F.render(root)
        #expect(frame.pixel(x: 11, y: 11) == .opaque(0, 0, 255))
        #expect(frame.pixel(x: 20, y: 20) == .opaque(255, 0, 0))
        #expect(frame.pixel(x: 40, y: 40) == .opaque(0, 255, 0))
    }
}
