import Foundation
import SwellCore

/// A shape layer's items as Core Animation layers (docs/lottie.md#shapes),
/// the way lottie-ios's Core Animation engine lays them out: a group is a
/// layer with the group's transform, and each fill or stroke is a
/// `CAShapeLayer` (a `CAGradientLayer` masked by one for gradients) of the
/// paths above it.
///
/// Paths are read down a group's items: a modifier (trim paths, round
/// corners, zig zag, pucker and bloat, offset paths) changes every path
/// above it, its nested groups' included, for every style that paints it;
/// a style paints every path above it; a repeater copies everything above
/// it, paths and styles. Where a path lives in a nested group (or a
/// repeater's copy), whose transform may animate, the style's layer for it
/// goes inside that group, beneath the group's own items, as a style lower
/// in the list is painted beneath the ones above it.
struct ShapeBuilder {
    let animator: Animator

    /// A path on its way down the items, with the modifiers it has met.
    struct PathEntry {
        var geometry: LottieGeometry
        /// The group layer whose space the path is in.
        var owner: CALayer
        /// The modifiers that reshape it, in the order it met them.
        var modifiers: [LottiePathModifier] = []
        var trim: LottieTrim?

        var keyTimes: [Double] { geometry.keyTimes + modifiers.flatMap(\.keyTimes) }

        /// The path as the modifiers below it leave it, nearest first.
        func modified(by modifiers: [LottieShape]) -> PathEntry {
            var entry = self
            for modifier in modifiers {
                switch modifier {
                case .modifier(let modifier): entry.modifiers.append(modifier)
                case .trim(let trim) where entry.trim == nil: entry.trim = trim
                default: break
                }
            }
            return entry
        }

        func bezier(at frame: Double) -> LottieBezier {
            modifiers.reduce(ShapePaths.bezier(of: geometry, at: frame)) { $1.apply(to: $0, at: frame) }
        }
    }

    /// Lays `items` out in `layer`; returns the paths they leave for the
    /// styles of an enclosing group. `outer` are the enclosing groups'
    /// modifiers below this group, which change its paths too. What is
    /// above the last repeater is laid out once for each of its copies.
    @discardableResult
    func build(_ items: [LottieShape], in layer: CALayer, outer: [LottieShape] = []) -> [PathEntry] {
        var entries: [PathEntry] = []
        /// The layers of the items, the topmost first.
        var ownLayers: [CALayer] = []
        var rest = Array(items.enumerated())[...]
        if let last = items.lastIndex(where: { if case .repeater = $0 { true } else { false } }),
           case .repeater(let repeater) = items[last] {
            let below = items[(last + 1)...].filter(\.isModifier) + outer
            (ownLayers, entries) = repeated(Array(items[..<last]), by: repeater, outer: below)
            rest = rest[(last + 1)...]
        }
        for (index, item) in rest {
            // A modifier changes every path above it, whatever the styles
            // between them (After Effects' and lottie-web's order).
            let below = items[(index + 1)...].filter(\.isModifier) + outer
            switch item {
            case .geometry(let geometry):
                entries.append(PathEntry(geometry: geometry, owner: layer).modified(by: below))
            case .group(let items, let transform):
                let group = CALayer()
                animator.applyTransform(transform, to: group)
                animator.animate(group, "opacity", transform.opacity) { $0[0] / 100 }
                entries += build(items, in: group, outer: below)
                ownLayers.append(group)
            case .fill, .stroke:
                for (owner, batch) in Self.batches(entries, for: item) {
                    let styled = batch.map { styleLayer(item, for: $0) }
                    if owner === layer {
                        ownLayers += styled
                    } else {
                        for styleLayer in styled.reversed() { owner.insertSublayer(styleLayer, at: 0) }
                    }
                }
            case .modifier, .trim, .repeater, .unsupported:
                break
            }
        }
        for own in ownLayers.reversed() { layer.addSublayer(own) }
        return entries
    }

    /// The entries a style paints, by the layer they live in, each split
    /// into the sets one shape layer draws: all together, or one path each
    /// where a stroke trims them simultaneously.
    private static func batches(_ entries: [PathEntry], for style: LottieShape) -> [(CALayer, [[PathEntry]])] {
        var owners: [(CALayer, [PathEntry])] = []
        for entry in entries {
            if let k = owners.firstIndex(where: { $0.0 === entry.owner }) {
                owners[k].1.append(entry)
            } else {
                owners.append((entry.owner, [entry]))
            }
        }
        return owners.map { owner, entries in
            guard case .stroke = style, entries.count > 1, entries.contains(where: { $0.trim != nil }) else {
                return (owner, [entries])
            }
            if entries.allSatisfy({ $0.trim?.individually == true }) { return (owner, [entries]) }
            return (owner, entries.map { [$0] })
        }
    }

    /// The layer of one style over a set of paths.
    private func styleLayer(_ style: LottieShape, for entries: [PathEntry]) -> CALayer {
        switch style {
        case .fill(let fill):
            let shape = CAShapeLayer()
            animatePath(of: shape, entries)
            shape.fillRule = fill.evenOdd ? .evenOdd : .nonZero
            shape.strokeColor = nil
            if case .color(let color) = fill.paint { animator.animate(shape, "fillColor", color, Self.color) }
            return finish(shape, paint: fill.paint, opacity: fill.opacity, blendMode: fill.blendMode, entries: entries)
        case .stroke(let stroke):
            let make = { () -> CAShapeLayer in
                let shape = CAShapeLayer()
                animatePath(of: shape, entries)
                shape.fillColor = nil
                if case .color(let color) = stroke.paint {
                    animator.animate(shape, "strokeColor", color, Self.color)
                } else {
                    shape.strokeColor = .black
                }
                applyPen(stroke, to: shape)
                return shape
            }
            guard let trim = entries.first?.trim else {
                return finish(make(), paint: stroke.paint, opacity: stroke.opacity, blendMode: stroke.blendMode,
                              entries: entries)
            }
            return trimmed(make, by: trim, stroke: stroke, entries: entries)
        default:
            preconditionFailure("a style is a fill or a stroke")
        }
    }

    /// The shape layer itself for a colour; for a gradient, a gradient
    /// layer the shape masks. Opacity and blend mode go on the result.
    private func finish(_ shape: CAShapeLayer, paint: LottiePaint, opacity: LottieProperty<[Double]>, blendMode: Int,
                        entries: [PathEntry]) -> CALayer {
        let result: CALayer
        if case .gradient(let gradient) = paint {
            let stroked = shape.strokeColor != nil
            if !stroked { shape.fillColor = .black }
            let box = paintedBox(entries, reach: stroked ? shape.lineWidth * 2 + 2 : 0)
            result = GradientBuilder(animator: animator).layer(gradient, box: box, mask: shape)
        } else {
            result = shape
        }
        animator.animate(result, "opacity", opacity) { $0[0] / 100 }
        if let filter = BlendMode.compositingFilter(blendMode) { result.compositingFilter = filter }
        return result
    }

    /// A trimmed stroke: `strokeStart` and `strokeEnd` from the trim's
    /// start and end; with an offset, which can carry the trimmed part past
    /// the path's end, a second layer draws what wraps to its start.
    private func trimmed(_ make: () -> CAShapeLayer, by trim: LottieTrim, stroke: LottieStroke,
                         entries: [PathEntry]) -> CALayer {
        let shape = make()
        let offsetFree = !trim.offset.isAnimated && trim.offset.initialValue[0] == 0
        let times = trim.start.keyTimes + trim.end.keyTimes + trim.offset.keyTimes
        animator.animateDerived(shape, "strokeStart", keyTimes: times) { Self.trimRange(trim, at: $0).start }
        animator.animateDerived(shape, "strokeEnd", keyTimes: times) { min(Self.trimRange(trim, at: $0).end, 1) }
        if offsetFree {
            return finish(shape, paint: stroke.paint, opacity: stroke.opacity, blendMode: stroke.blendMode, entries: entries)
        }
        let wrap = make()
        animator.animateDerived(wrap, "strokeEnd", keyTimes: times) { max(Self.trimRange(trim, at: $0).end - 1, 0) }
        let pair = CALayer()
        for part in [shape, wrap] {
            pair.addSublayer(finish(part, paint: stroke.paint, opacity: .constant([100]), blendMode: 0, entries: entries))
        }
        animator.animate(pair, "opacity", stroke.opacity) { $0[0] / 100 }
        if let filter = BlendMode.compositingFilter(stroke.blendMode) { pair.compositingFilter = filter }
        return pair
    }

    /// The trimmed span as fractions of the path, the start in [0, 1) and
    /// the end up to 2 when the offset carries it past the path's end.
    static func trimRange(_ trim: LottieTrim, at frame: Double) -> (start: Double, end: Double) {
        var s = min(max(trim.start.scalar(at: frame) / 100, 0), 1), e = min(max(trim.end.scalar(at: frame) / 100, 0), 1)
        if s > e { swap(&s, &e) }
        if e - s >= 1 { return (0, 1) }
        var offset = (trim.offset.scalar(at: frame) / 360).truncatingRemainder(dividingBy: 1)
        if offset < 0 { offset += 1 }
        s += offset
        e += offset
        if s >= 1 {
            s -= 1
            e -= 1
        }
        return (s, e)
    }

    /// The path of the entries, combined: their own keyframes when it is
    /// one free path, else sampled where anything in it animates.
    private func animatePath(of shape: CAShapeLayer, _ entries: [PathEntry]) {
        if entries.count == 1, entries[0].modifiers.isEmpty, case .path(let path) = entries[0].geometry {
            return animator.animate(shape, "path", path) { $0.cgPath.value }
        }
        animator.animateDerived(shape, "path", keyTimes: entries.flatMap(\.keyTimes)) { frame in
            let path = CGMutablePath()
            for entry in entries { entry.bezier(at: frame).add(to: path) }
            return path.value
        }
    }

    /// Where the entries' paths reach over their animation, widened by
    /// `reach`: the box a gradient is laid over.
    private func paintedBox(_ entries: [PathEntry], reach: Double) -> CGRect {
        let times = entries.flatMap(\.keyTimes)
        var box = CGRect.null
        for frame in Set(times.isEmpty ? [0] : times + Track.sampleFrames(times.min()!...times.max()!)) {
            for entry in entries { box = box.union(entry.bezier(at: frame).cgPath.boundingBoxOfPath) }
        }
        return box.isNull ? .zero : box.insetBy(dx: -reach - 1, dy: -reach - 1)
    }

    private func applyPen(_ stroke: LottieStroke, to shape: CAShapeLayer) {
        animator.animate(shape, "lineWidth", stroke.width) { $0[0] }
        shape.lineCap = [2: .round, 3: .square][stroke.cap] ?? .butt
        shape.lineJoin = [2: .round, 3: .bevel][stroke.join] ?? .miter
        shape.miterLimit = stroke.miterLimit
        if !stroke.dashes.isEmpty {
            shape.lineDashPattern = stroke.dashes.map { NSNumber(value: $0.initialValue[0]) }
        }
        if let offset = stroke.dashOffset { animator.animate(shape, "lineDashPhase", offset) { $0[0] } }
    }

    /// An RGBA colour of components 0…1 (0…255 in some old files).
    static func color(_ v: [Double]) -> Any {
        let scale = v.prefix(3).contains { $0 > 1 } ? 255.0 : 1
        return CGColor(red: v[0] / scale, green: (v.count > 1 ? v[1] : 0) / scale, blue: (v.count > 2 ? v[2] : 0) / scale,
                       alpha: v.count > 3 ? min(max(v[3], 0), 1) : 1)
    }
}
