import CCairo

/// Where a shadow's mask lands when it is only moved, as a glyph cache
/// places glyphs: a whole-pixel offset plus a quarter-pixel phase per axis.
///
/// Compositing an image at a fractional offset makes pixman resample every
/// pixel of it, every frame — the slow path of a layer that drifts. A mask
/// made once per phase, its content pre-shifted by the phase, composites at
/// the whole-pixel offset by plain copying; the placement is off by at most
/// an eighth of a pixel, where snapping to whole pixels would move the
/// shadow by up to half a pixel and make a moving one shimmer
/// (docs/render.md, "Shadows are cached").
struct ShadowPhase: Hashable, Sendable {
    /// Quarter pixels, 0…3, to the right and down.
    let x: Int
    let y: Int

    static let zero = ShadowPhase(x: 0, y: 0)

    /// The whole-pixel device offset and the phase that place an image
    /// drawn with `matrix`; nil when the matrix does more than move it by
    /// whole image pixels' worth (it turns, skews or scales).
    static func placement(of matrix: cairo_matrix_t) -> (x: Double, y: Double, phase: ShadowPhase)? {
        let tolerance = 1e-9
        guard abs(matrix.xx - 1) <= tolerance, abs(matrix.yy - 1) <= tolerance,
              abs(matrix.xy) <= tolerance, abs(matrix.yx) <= tolerance else { return nil }
        let (x, phaseX) = quantise(matrix.x0), (y, phaseY) = quantise(matrix.y0)
        return (x, y, ShadowPhase(x: phaseX, y: phaseY))
    }

    /// `offset` as whole pixels plus quarters, four quarters carried.
    private static func quantise(_ offset: Double) -> (Double, Int) {
        let whole = offset.rounded(.down)
        let quarters = Int(((offset - whole) * 4).rounded())
        return (whole + Double(quarters / 4), quarters % 4)
    }
}

extension ShadowMask {
    /// This mask with its content moved right and down by `phase`, one
    /// pixel larger along each axis it moves: resampled once here rather
    /// than at every composite.
    func shifted(by phase: ShadowPhase) -> ShadowMask {
        let shifted = ImageSurface(width: surface.width + (phase.x == 0 ? 0 : 1),
                                   height: surface.height + (phase.y == 0 ? 0 : 1), format: CAIRO_FORMAT_A8)
        shifted.draw { cr in
            cairo_set_source_surface(cr, surface.pointer, Double(phase.x) / 4, Double(phase.y) / 4)
            cairo_paint(cr)
        }
        return ShadowMask(surface: shifted, origin: origin, scale: scale)
    }
}
