import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// `maskMode = .luminance` (docs/render.md#masks-by-luminance): the mask's
/// luminance — Rec. 709's weights, 0.2126 R + 0.7152 G + 0.0722 B, of its
/// premultiplied colour — is the alpha the layer shows through, as CSS
/// Masking's `mask-mode: luminance` defines. The expected levels are that
/// sum, worked out here.
@Suite struct LuminanceMaskTests {
    typealias F = RenderFixtures

    /// A 20×20 white layer masked by a full-size mask layer of `color`,
    /// by `mode`; the pixel at its centre.
    private func centre(maskColor color: CGColor, mode: CALayerMaskMode) -> PremultipliedPixel {
        let root = F.root(width: 20, height: 20)
        let layer = F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20), color: F.white)
        let mask = F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20), color: color)
        layer.mask = mask
        layer.maskMode = mode
        root.addSublayer(layer)
        return F.render(root).pixel(x: 10, y: 10)
    }

    @Test("the mask's luminance is the alpha shown", arguments: [
        (CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1), 0.5),
        (CGColor(red: 0, green: 1, blue: 0, alpha: 1), 0.7152),
        (CGColor(red: 1, green: 0, blue: 0, alpha: 1), 0.2126),
        (CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), 0.0722 * 0.5),
        (CGColor(red: 1, green: 1, blue: 1, alpha: 0.25), 0.25),
    ])
    func luminance(color: CGColor, expected: Double) {
        let pixel = centre(maskColor: color, mode: .luminance)
        #expect(abs(Double(pixel.alpha) - expected * 255) <= 1.5, "alpha \(pixel.alpha), expected \(expected * 255)")
        #expect(pixel.red == pixel.alpha && pixel.green == pixel.alpha && pixel.blue == pixel.alpha,
                "white shown at that alpha, premultiplied: \(pixel)")
    }

    @Test("by alpha, the default, the same masks show by their alpha alone")
    func alphaIsTheDefault() {
        #expect(CALayer().maskMode == .alpha)
        #expect(centre(maskColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1), mode: .alpha).alpha == 255)
        #expect(abs(Int(centre(maskColor: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), mode: .alpha).alpha) - 128) <= 1)
    }
}
