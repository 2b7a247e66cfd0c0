import Foundation
import SwellCore

/// A gradient fill or stroke as a `CAGradientLayer` masked by the shape
/// it paints (docs/lottie.md#gradients). Lottie gives colour stops and
/// opacity stops apart; a gradient layer takes colours with alpha, so the
/// two are merged at every position either names. A radial gradient's
/// circle is Core Animation's ellipse through `endPoint` with equal radii;
/// the highlight (a focal point off the centre) is left out.
struct GradientBuilder {
    let animator: Animator

    /// The gradient laid over `box` (the painted area, in the space of the
    /// layer it goes into), shown through `mask`.
    func layer(_ gradient: LottieGradient, box: CGRect, mask: CAShapeLayer) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = box
        layer.position = box.origin
        layer.type = gradient.isRadial ? .radial : .axial
        mask.anchorPoint = .zero
        mask.position = .zero
        layer.mask = mask
        let size = CGSize(width: max(box.width, 1e-9), height: max(box.height, 1e-9))
        func unit(_ v: [Double]) -> CGPoint {
            CGPoint(x: (v[0] - box.minX) / size.width, y: ((v.count > 1 ? v[1] : 0) - box.minY) / size.height)
        }
        animator.animate(layer, "startPoint", gradient.start) { unit($0) }
        if gradient.isRadial {
            animator.animateDerived(layer, "endPoint", keyTimes: gradient.start.keyTimes + gradient.end.keyTimes) { frame in
                let s = gradient.start.value(at: frame), e = gradient.end.value(at: frame)
                let r = hypot(e[0] - s[0], (e.count > 1 ? e[1] : 0) - (s.count > 1 ? s[1] : 0))
                return unit([s[0] + r, (s.count > 1 ? s[1] : 0) + r])
            }
        } else {
            animator.animate(layer, "endPoint", gradient.end) { unit($0) }
        }
        let stops = { (frame: Double) in Self.stops(gradient.stops.value(at: frame), colorCount: gradient.colorStopCount) }
        animator.animateDerived(layer, "colors", keyTimes: gradient.stops.keyTimes) { stops($0).map(\.color) }
        animator.animateDerived(layer, "locations", keyTimes: gradient.stops.keyTimes) { stops($0).map { CGFloat($0.location) } }
        return layer
    }

    /// The merged stops of Lottie's flat array: `colorCount` stops of
    /// (position, r, g, b), then any (position, alpha) pairs.
    static func stops(_ flat: [Double], colorCount: Int) -> [(location: Double, color: CGColor)] {
        let colorValues = min(colorCount * 4, flat.count / 4 * 4)
        let colors = stride(from: 0, to: colorValues, by: 4).map { (flat[$0], Array(flat[$0 + 1..<$0 + 4])) }
        let rest = Array(flat[colorValues...])
        let alphas = stride(from: 0, to: rest.count - 1, by: 2).map { (rest[$0], rest[$0 + 1]) }
        guard !colors.isEmpty else { return [(0, .clear)] }
        let positions = Array(Set(colors.map(\.0) + alphas.map(\.0))).sorted()
        return positions.map { position in
            let rgb = Self.sample(colors, at: position)
            let alpha = alphas.isEmpty ? 1 : Self.sample(alphas.map { ($0.0, [$0.1]) }, at: position)[0]
            return (position, CGColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha))
        }
    }

    /// Linear interpolation among (position, value) stops, held past the
    /// ends.
    private static func sample(_ stops: [(Double, [Double])], at position: Double) -> [Double] {
        guard let first = stops.first, let last = stops.last else { return [0, 0, 0] }
        if position <= first.0 { return first.1 }
        if position >= last.0 { return last.1 }
        let k = stops.lastIndex { $0.0 <= position }!
        let (a, b) = (stops[k], stops[k + 1])
        let u = b.0 > a.0 ? (position - a.0) / (b.0 - a.0) : 0
        return zip(a.1, b.1).map { $0 + ($1 - $0) * u }
    }
}
