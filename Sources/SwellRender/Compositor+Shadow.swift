import Foundation
import CCairo
import SwellCore

/// Shadows (Apple's CALayer reference, `shadowColor`, `shadowOpacity`,
/// `shadowOffset`, `shadowRadius`, `shadowPath`): the alpha of what the
/// layer and its sublayers paint — or `shadowPath`'s interior, the fast
/// path — blurred by a Gaussian of σ = `shadowRadius`, offset, tinted with
/// `shadowColor` at `shadowOpacity`, under the layer. In the layer's own
/// space, so the shadow turns and scales with it. `masksToBounds` clips it
/// with the rest of the layer.
extension Compositor {
    func drawShadow(_ index: Int, _ state: LayerState, on cr: OpaquePointer, matrix: CGAffineTransform,
                    alpha: Double, orientation: Double) {
        // Pixels per layer point, rounded up to an eighth so that a layer
        // whose scale animates reuses its mask between nearby scales.
        let density = max(abs(Double(matrix.a * matrix.d - matrix.b * matrix.c)).squareRoot(), 1.0 / 8)
        let scale = (density * 8).rounded(.up) / 8
        let make = { makeMask(index, state, scale: scale, orientation: orientation) }
        let key = shadowKey(index, state, scale: scale)
        let mask = cachedMask(key, make: make)
        guard let mask, CairoPaths.setSource(state.shadowColor, alpha: alpha * Double(state.shadowOpacity), on: cr) else {
            return
        }
        cairo_save(cr)
        if state.masksToBounds {
            cairo_new_path(cr)
            CairoPaths.addRoundedRect(state.bounds, radius: state.effectiveCornerRadius,
                                      corners: state.maskedCorners, to: cr)
            cairo_clip(cr)
        }
        if coversShadows {
            ShadowCover.clipOut(state, matrix: matrix, alpha: alpha, on: cr)
        }
        cairo_translate(cr, state.shadowOffset.width + mask.origin.x, state.shadowOffset.height + mask.origin.y)
        cairo_scale(cr, 1 / mask.scale, 1 / mask.scale)
        var placed = mask
        var device = cairo_matrix_t()
        cairo_get_matrix(cr, &device)
        if let (x, y, phase) = ShadowPhase.placement(of: device) {
            // Only moved: the mask pre-shifted by the phase, at whole pixels.
            if phase != .zero {
                let phased = key.map { key, records in
                    (ShadowKey(shape: key.shape, scale: key.scale, radius: key.radius, phase: phase), records)
                }
                placed = cachedMask(phased, make: { mask.shifted(by: phase) }) ?? mask
            }
            cairo_identity_matrix(cr)
            cairo_translate(cr, x, y)
        }
        let pattern = cairo_pattern_create_for_surface(placed.surface.pointer)!
        CairoMask.apply(pattern, on: cr)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    /// `make`'s mask, kept in the cache under `key` when there is one.
    private func cachedMask(_ key: (ShadowKey, [LayerRecord])?, make: () -> ShadowMask?) -> ShadowMask? {
        guard let (key, records) = key else { return make() }
        return caches.shadows.mask(for: key, records: records, make: make)
    }

    /// The shape's alpha, blurred, at `scale` pixels per point; nil when
    /// the layer paints nothing.
    private func makeMask(_ index: Int, _ state: LayerState, scale: Double, orientation: Double) -> ShadowMask? {
        let shape = state.shadowPath?.boundingBoxOfPath ?? extent(of: index, state, includingShadow: false)
        let sigma = max(Double(state.shadowRadius), 0)
        let margin = 3 * sigma + 1
        let rect = shape.insetBy(dx: -margin, dy: -margin)
        guard !rect.isNull, rect.width.isFinite, rect.height.isFinite else { return nil }
        // A shadow wider than 4,096 pixels is drawn at fewer pixels per point.
        let scale = min(scale, 4096 / max(rect.width, rect.height))
        let surface = ImageSurface(width: Int((rect.width * scale).rounded(.up)),
                                   height: Int((rect.height * scale).rounded(.up)), format: CAIRO_FORMAT_A8)
        let matrix = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: -rect.minX * scale, ty: -rect.minY * scale)
        surface.draw { cr in
            CairoPaths.setMatrix(matrix, on: cr)
            if let path = state.shadowPath {
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
                CairoPaths.set(path, on: cr)
                cairo_fill(cr)
            } else {
                drawBody(index, state, on: cr, matrix: matrix, alpha: 1, orientation: orientation)
            }
        }
        GaussianBlur.blur(surface, sigma: sigma * scale)
        return ShadowMask(surface: surface, origin: rect.origin, scale: scale)
    }

    /// The keys that move, turn or fade a layer, or change its shadow,
    /// without changing the shape that casts it.
    private static let placementKeys: Set<String> = [
        "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "opacity", "hidden", "doubleSided",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    ]

    /// What the shadow's mask depends on, with the records the key names;
    /// nil when part of the shape is animated (then it is not cached).
    private func shadowKey(_ index: Int, _ state: LayerState, scale: Double) -> (ShadowKey, [LayerRecord])? {
        let radius = state.shadowRadius
        if let path = state.shadowPath {
            return (ShadowKey(shape: .path(path), scale: scale, radius: radius), [])
        }
        let record = records[index]
        if layout.sublayers[index].isEmpty && !hasContents(record)
            && drawers.drawer(for: record) == nil {
            let shape = ShadowKey.Shape.box(
                bounds: state.bounds, cornerRadius: state.effectiveCornerRadius,
                corners: state.maskedCorners.rawValue, background: state.backgroundColor?.alpha ?? 0,
                borderWidth: state.borderWidth, border: state.borderColor?.alpha ?? 0)
            return (ShadowKey(shape: shape, scale: scale, radius: radius), [])
        }
        // The layer's own placement and shadow may animate; nothing else in
        // its subtree may, a subclass's properties included, and no video
        // plays in it: its frames change without an animation.
        guard record.animatedKeys.allSatisfy(Self.placementKeys.contains),
              !(record.renderState is any VideoFrameSource) else { return nil }
        var subtree = [record]
        var pending = layout.sublayers[index] + [layout.masks[index]].filter { $0 >= 0 }
        while let next = pending.popLast() {
            guard records[next].animatedKeys.isEmpty, !(records[next].renderState is any VideoFrameSource) else {
                return nil
            }
            subtree.append(records[next])
            pending += layout.sublayers[next] + [layout.masks[next]].filter { $0 >= 0 }
        }
        let key = ShadowKey(shape: .subtree(subtree.map(ObjectIdentifier.init)), scale: scale, radius: radius)
        return (key, subtree)
    }
}
