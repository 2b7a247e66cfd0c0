import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// A shadow leaves out the pixels its layer's opaque background covers
/// fully (docs/render.md, "Shadows are cached"): OVER by an opaque source is
/// the source, so the frame is the one the general path composites, to the
/// bit.
@Suite struct ShadowCoverTests {
    typealias F = RenderFixtures

    /// Rounded, bordered, shadowed cards at fractional positions — square
    /// and partly rounded corners, a capsule, clipped sublayers, faded,
    /// turned and translucent ones among them — on a white or transparent
    /// root, at 1× and 1.5×.
    static func cards(white: Bool) -> CALayer {
        let root = F.root(width: 320, height: 240)
        if white { root.backgroundColor = F.white }
        for k in 0..<12 {
            let frame = CGRect(x: 12 + Double(k % 4) * 76 + Double(k) * 0.13, y: 14 + Double(k / 4) * 74 + Double(k) * 0.29,
                               width: 60, height: k == 5 ? 24 : 40)
            let card = F.layer(frame: frame, color: CGColor(red: 0.2 + 0.05 * Double(k), green: 0.6, blue: 0.4,
                                                            alpha: k == 7 ? 0.8 : 1))
            card.cornerRadius = [12, 0, 3.5, 12, 12, 40, 12, 12, 12, 12, 7, 12][k]
            card.borderWidth = 3
            card.borderColor = CGColor(gray: 0.1, alpha: 1)
            card.shadowOpacity = 0.5
            card.shadowRadius = k == 9 ? 0.5 : 6
            card.shadowOffset = CGSize(width: k == 4 ? -2 : 0, height: 3)
            if k == 2 { card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }
            if k == 3 { card.opacity = 0.6 }
            if k == 6 { card.transform = CATransform3DMakeRotation(0.5, 0, 0, 1) }
            if k == 8 {
                card.masksToBounds = true
                card.addSublayer(F.layer(frame: CGRect(x: 30, y: -5, width: 40, height: 30), color: F.red))
            }
            if k == 10 { card.transform = CATransform3DMakeScale(1.3, 0.7, 1) }
            root.addSublayer(card)
        }
        return root
    }

    @Test(arguments: [(true, 1.0), (false, 1.0), (true, 1.5)])
    func theFrameIsTheGeneralPathsToTheBit(white: Bool, scale: Double) {
        let root = Self.cards(white: white)
        let covered = F.render(root, scale: scale)
        let general = F.render(root, scale: scale, renderer: Renderer(drawers: .standard, coversShadows: false))
        let same = covered.withUnsafePixels { a in general.withUnsafePixels { b in a.elementsEqual(b) } }
        #expect(same)
    }
}
