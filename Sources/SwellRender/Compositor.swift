import Foundation
import CCairo
import SwellCore

/// One frame's walk over a snapshot, painting each layer in Core
/// Animation's order (docs/render.md): shadow, background, the kind's
/// drawing and contents, sublayers, border — opacity applied to the whole
/// as a group, the mask over the whole subtree.
///
/// Every layer is flattened into its superlayer's plane (Core Animation
/// Programming Guide, "Layers Flatten Their Sublayers"): a layer's plane
/// maps to the surface being painted by a ``Homography``. When that map is
/// affine, Cairo draws the layer directly under it; when it is projective,
/// ``ProjectedLayer`` draws the layer flat on a surface of its own and warps
/// it.
struct Compositor {
    let layout: SnapshotLayout
    let frame: PresentationFrame
    let drawers: LayerDrawers
    let caches: RenderCaches
    /// Whether a shadow leaves out what its layer's opaque background
    /// covers (``ShadowCover``); off only to check that this changes nothing.
    var coversShadows = true
    /// The shift of each replicator's children's time while one of its
    /// instances is drawn (−k × `instanceDelay`); empty outside them.
    var shifts: [Int: Double] = [:]
    /// The matrix of each emitter layer being drawn into the space it is
    /// flattened into, where its particles live with `preservesDepth`.
    var particleSpaces: [Int: CATransform3D] = [:]

    var records: [LayerRecord] { layout.snapshot.records }

    /// The layer's state as presented: from the frame, or at the layer's
    /// own time when a replicator instance shifts it.
    func state(of index: Int) -> LayerState {
        guard let time = shiftedTime(of: index) else { return layout.state(at: index, in: frame) }
        return layout.state(at: index) { records[index].presentedValue(forKey: $0, atLayerTime: time, tolerance: 0) }
    }

    /// The layer's local time when replicator instances shift it; nil when
    /// the frame's time holds.
    func shiftedTime(of index: Int) -> Double? {
        shifts.isEmpty ? nil
            : layout.snapshot.localTime(ofLayerAt: index, hostTime: frame.hostTime, shiftingChildren: shifts)
    }

    /// The compositor to draw the layer at `index` with, whose matrix into
    /// the space it is flattened into is `matrix`: for an emitter layer,
    /// one that keeps that matrix for its particles (``ParticleDepth``).
    func placing(_ index: Int, under matrix: CATransform3D) -> Compositor {
        guard records[index].layerClass is CAEmitterLayer.Type else { return self }
        var copy = self
        copy.particleSpaces[index] = matrix
        return copy
    }

    /// What a drawer reads of the layer at `index`.
    func presented(_ index: Int, _ state: LayerState) -> PresentedLayer {
        PresentedLayer(record: records[index], index: index, frame: frame, layerTime: shiftedTime(of: index),
                       state: state, particleSpace: particleSpaces[index])
    }

    /// Draws the layer at `index` with its subtree on `cr`. `plane` maps
    /// the layer's plane to `cr`'s device space; every colour is multiplied
    /// by `alpha`; `orientation` is −1 when `cr`'s surface appears mirrored
    /// on the canvas.
    func draw(_ index: Int, _ state: LayerState, on cr: OpaquePointer, plane: Homography, alpha: Double,
              orientation: Double) {
        guard !state.isHidden, state.opacity > 0, alpha > 0 else { return }
        let facing = orientation * (plane.determinant < 0 ? -1 : 1)
        // Seen from behind, a single-sided layer is not drawn (`isDoubleSided`).
        if !state.isDoubleSided && facing < 0 { return }
        if plane.isAffine {
            drawFlat(index, state, on: cr, matrix: plane.affine, alpha: alpha, orientation: orientation)
        } else {
            ProjectedLayer(compositor: self, index: index, state: state, plane: plane)
                .draw(on: cr, alpha: alpha, orientation: orientation)
        }
    }

    /// Draws the layer under an affine `matrix` (layer space to device
    /// space), grouping it offscreen only when its opacity must apply to
    /// several overlapping paints at once, it has a mask, or it blends
    /// with what is beneath it.
    ///
    /// A layer with a blend mode (`compositingFilter`) is drawn whole —
    /// shadow, sublayers, mask — into a group that is then composited
    /// with the mode onto what `cr` holds: what is beneath the layer in
    /// the nearest enclosing group, as Core Animation blends within the
    /// nearest offscreen (docs/render.md#blending).
    func drawFlat(_ index: Int, _ state: LayerState, on cr: OpaquePointer, matrix: CGAffineTransform,
                  alpha: Double, orientation: Double) {
        let mask = layout.masks[index]
        let opacity = Double(state.opacity)
        let blend = state.compositingFilter?.blendOperator
        let grouped = mask >= 0 || blend != nil
            || (opacity < 1 && state.allowsGroupOpacity && paintCount(index, state) > 1)
        cairo_save(cr)
        if grouped {
            if state.compositingFilter?.isUnbounded != true { clipToExtent(of: index, state, on: cr, matrix: matrix) }
            cairo_push_group(cr)
        }
        let inner = grouped ? 1 : alpha * opacity
        CairoPaths.setMatrix(matrix, on: cr)
        if state.castsShadow {
            drawShadow(index, state, on: cr, matrix: matrix, alpha: inner, orientation: orientation)
            CairoPaths.setMatrix(matrix, on: cr)
        }
        drawBody(index, state, on: cr, matrix: matrix, alpha: inner, orientation: orientation)
        if grouped {
            let content = cairo_pop_group(cr)!
            defer { cairo_pattern_destroy(content) }
            if let blend {
                if mask >= 0 {
                    // Masked first, then blended as one picture.
                    cairo_push_group(cr)
                    applyMask(mask, of: state, to: content, on: cr, matrix: matrix, alpha: 1, orientation: orientation)
                    cairo_pop_group_to_source(cr)
                } else {
                    cairo_set_source(cr, content)
                }
                CairoBlend.paint(with: blend, alpha: alpha * opacity, on: cr)
            } else if mask >= 0 {
                applyMask(mask, of: state, to: content, on: cr, matrix: matrix, alpha: alpha * opacity,
                          orientation: orientation)
            } else {
                cairo_set_source(cr, content)
                cairo_paint_with_alpha(cr, alpha * opacity)
            }
        }
        cairo_restore(cr)
    }

    /// Everything but the shadow: background, the kind's drawing and the
    /// contents, sublayers (clipped when `masksToBounds`), border. Also
    /// what casts the shadow.
    func drawBody(_ index: Int, _ state: LayerState, on cr: OpaquePointer, matrix: CGAffineTransform,
                  alpha: Double, orientation: Double) {
        let radius = state.effectiveCornerRadius, corners = state.maskedCorners
        if CairoPaths.setSource(state.backgroundColor, alpha: alpha, on: cr) {
            cairo_new_path(cr)
            CairoPaths.addRoundedRect(state.bounds, radius: radius, corners: corners, to: cr)
            cairo_fill(cr)
        }
        cairo_save(cr)
        if state.masksToBounds {
            cairo_new_path(cr)
            CairoPaths.addRoundedRect(state.bounds, radius: radius, corners: corners, to: cr)
            cairo_clip(cr)
        }
        drawContents(index, state, on: cr, alpha: alpha)
        drawSublayers(of: index, state, on: cr, matrix: matrix, alpha: alpha, orientation: orientation)
        cairo_restore(cr)
        drawBorder(state, corners: corners, on: cr, alpha: alpha)
    }

    /// The sublayers: a replicator's once per instance, others once.
    private func drawSublayers(of index: Int, _ state: LayerState, on cr: OpaquePointer, matrix: CGAffineTransform,
                               alpha: Double, orientation: Double) {
        let children = layout.sublayers[index]
        guard !children.isEmpty else { return }
        let toParent = state.sublayerMatrix(flipped: state.isGeometryFlipped)
        if records[index].layerClass is CAReplicatorLayer.Type {
            drawInstances(of: index, children, toParent: toParent, on: cr, plane: Homography(matrix), alpha: alpha,
                          orientation: orientation)
        } else {
            drawChildren(children, toParent: toParent, on: cr, plane: Homography(matrix), alpha: alpha,
                         orientation: orientation)
        }
    }

    /// `children` back to front: by the depth of their centres in their
    /// superlayer's space, its `sublayerTransform` included — which for
    /// siblings that are not turned in 3D is their `zPosition` — then in
    /// order. Core Animation sorts a layer's sublayers this way before
    /// flattening them into it, which is why a cube of six sibling faces
    /// shows its near faces whatever their order (the guide's listing 5.9);
    /// the order does not reach across superlayers. `toParent` maps their
    /// superlayer's sublayer space to its own; `plane` maps that to the
    /// device. A transform layer among them keeps its sublayers in 3D
    /// (``drawTransformLayer(_:_:matrix:on:plane:alpha:orientation:)``).
    func drawChildren(_ children: [Int], toParent: CATransform3D?, on cr: OpaquePointer, plane: Homography,
                      alpha: Double, orientation: Double) {
        let states = children.map(self.state(of:))
        let matrices = states.map { state in
            toParent.map { CATransform3DConcat(state.matrixToSuperlayer, $0) } ?? state.matrixToSuperlayer
        }
        let depths = children.indices.map { Self.depth(of: states[$0].bounds, under: matrices[$0]) }
        var order = Array(children.indices)
        if depths.contains(where: { $0 != depths[0] }) {
            order.sort { (depths[$0], $0) < (depths[$1], $1) }
        }
        for k in order {
            let childMatrix = matrices[k]
            if records[children[k]].layerClass is CATransformLayer.Type {
                drawTransformLayer(children[k], states[k], matrix: childMatrix, on: cr, plane: plane, alpha: alpha,
                                   orientation: orientation)
            } else {
                placing(children[k], under: childMatrix)
                    .draw(children[k], states[k], on: cr, plane: Homography(plane: childMatrix).concatenating(plane),
                          alpha: alpha, orientation: orientation)
            }
        }
    }

    /// The border, inset: inside the bounds, on top of the sublayers, its
    /// outer edge rounded by the corner radius and its inner edge by what
    /// is left of it.
    private func drawBorder(_ state: LayerState, corners: CACornerMask, on cr: OpaquePointer, alpha: Double) {
        let width = min(state.borderWidth, state.bounds.width / 2, state.bounds.height / 2)
        guard width > 0, CairoPaths.setSource(state.borderColor, alpha: alpha, on: cr) else { return }
        let radius = state.effectiveCornerRadius
        cairo_new_path(cr)
        CairoPaths.addRoundedRect(state.bounds, radius: radius, corners: corners, to: cr)
        let inner = state.bounds.insetBy(dx: width, dy: width)
        if inner.width > 0 && inner.height > 0 {
            CairoPaths.addRoundedRect(inner, radius: max(radius - width, 0), corners: corners, to: cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The mask layer (in the layer's space, without the sublayer matrix)
    /// drawn into a group whose alpha — or luminance, by the masked layer's
    /// `maskMode` — masks `content`.
    private func applyMask(_ mask: Int, of layer: LayerState, to content: OpaquePointer, on cr: OpaquePointer,
                           matrix: CGAffineTransform, alpha: Double, orientation: Double) {
        let maskState = state(of: mask)
        cairo_push_group(cr)
        draw(mask, maskState, on: cr, plane: Homography(plane: maskState.matrixToSuperlayer).concatenating(Homography(matrix)),
             alpha: 1, orientation: orientation)
        var maskPattern = cairo_pop_group(cr)!
        if layer.maskMode == .luminance, let byLuminance = CairoMask.luminanceAsAlpha(maskPattern, on: cr) {
            cairo_pattern_destroy(maskPattern)
            maskPattern = byLuminance
        }
        defer { cairo_pattern_destroy(maskPattern) }
        if alpha < 1 { cairo_push_group(cr) }
        cairo_set_source(cr, content)
        CairoMask.apply(maskPattern, on: cr)
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// How many separate paints the layer makes, counting anything that
    /// may paint twice as 2: with one paint, opacity multiplies its colour
    /// and no group is needed.
    private func paintCount(_ index: Int, _ state: LayerState) -> Int {
        let record = records[index]
        var count = 2 * layout.sublayers[index].count
        if state.castsShadow { count += 1 }
        if (state.backgroundColor?.alpha ?? 0) > 0 { count += 1 }
        if state.borderWidth > 0 && (state.borderColor?.alpha ?? 0) > 0 { count += 1 }
        if hasContents(record) { count += 2 }
        if drawers.drawer(for: record) != nil { count += 2 }
        return count
    }

    /// Limits a group's surface to where the layer's subtree can paint.
    private func clipToExtent(of index: Int, _ state: LayerState, on cr: OpaquePointer, matrix: CGAffineTransform) {
        let layerBox = extent(of: index, state)
        guard !layerBox.isNull, layerBox.width.isFinite, layerBox.height.isFinite else { return }
        let box = layerBox.applying(matrix)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, box.minX.rounded(.down) - 1, box.minY.rounded(.down) - 1,
                        box.width.rounded(.up) + 3, box.height.rounded(.up) + 3)
        cairo_clip(cr)
    }
}
