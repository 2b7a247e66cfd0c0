import Foundation
import SwellCore

/// A layer's masks (`"masksProperties"`) as one mask layer in the layer's
/// own space (docs/lottie.md#masks). After Effects combines masks in
/// order: *add* unites a mask with what the ones before it let through,
/// *subtract* takes it away, *intersect* keeps only what both cover. Core
/// Animation masks by alpha, so add is a sibling shape, and subtract and
/// intersect mask what came before with the mask's shape — inverted, for
/// subtract, by filling it together with a rectangle beyond the layer's
/// reach, even-odd. A first mask that subtracts starts from everything.
struct MaskBuilder {
    let animator: Animator

    /// Far beyond any layer's drawing, the area an inverted mask covers.
    static let everywhere = CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5)

    func maskLayer(_ masks: [LottieMask]) -> CALayer? {
        var result: CALayer?
        for mask in masks where mask.mode != .none {
            if result == nil, mask.mode == .subtract || mask.mode == .intersect {
                result = shape(nil, inverted: true)
            }
            switch mask.mode {
            case .subtract:
                result = masked(result!, by: shape(mask, inverted: !mask.inverted))
            case .intersect:
                result = masked(result!, by: shape(mask, inverted: mask.inverted))
            default:
                let added = shape(mask, inverted: mask.inverted)
                if let previous = result {
                    let union = CALayer()
                    union.addSublayer(previous)
                    union.addSublayer(added)
                    result = union
                } else {
                    result = added
                }
            }
        }
        return result
    }

    /// `content` seen through `mask`.
    private func masked(_ content: CALayer, by mask: CALayer) -> CALayer {
        let holder = CALayer()
        holder.addSublayer(content)
        holder.mask = mask
        return holder
    }

    /// A mask's shape, opaque where it lets the layer through; `nil` is
    /// no shape, which inverted is everything.
    private func shape(_ mask: LottieMask?, inverted: Bool) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.fillColor = .black
        layer.fillRule = .evenOdd
        guard let mask else {
            layer.path = CGPath(rect: Self.everywhere)
            return layer
        }
        let outline = { (bezier: LottieBezier) -> PathValue in
            let path = CGMutablePath()
            if inverted { path.addRect(Self.everywhere) }
            bezier.add(to: path)
            return path.value
        }
        if !mask.expansion.isAnimated && mask.expansion.initialValue.first ?? 0 == 0 {
            animator.animate(layer, "path", mask.path, outline)
        } else {
            // The edge moved out (or in) as an offset path with round joins;
            // an offset moves to the right of the path's run (y down), which
            // is outwards when the path turns clockwise on screen.
            animator.animateDerived(layer, "path", keyTimes: mask.path.keyTimes + mask.expansion.keyTimes) { frame in
                let path = mask.path.value(at: frame), expansion = mask.expansion.scalar(at: frame)
                return outline(OffsetPath.apply(path, amount: path.turnsClockwise ? expansion : -expansion,
                                                join: 2, miterLimit: 4))
            }
        }
        animator.animate(layer, "opacity", mask.opacity) { $0[0] / 100 }
        return layer
    }
}
