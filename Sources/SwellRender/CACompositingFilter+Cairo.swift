import CCairo
import SwellCore

extension CACompositingFilter {
    /// The Cairo operator that composites a layer with this filter onto
    /// what is beneath it, or nil when the layer is drawn normally: source
    /// over, or a name that is no filter Swell knows (which Core Animation
    /// ignores too). Cairo's blend operators are the W3C's Compositing and
    /// Blending Level 1 modes, as Core Image's blend filters are; addition
    /// is Cairo's `ADD`, each component of the sum clamped to 1; the
    /// Porter–Duff compositing filters are Cairo's operators of their names.
    var blendOperator: cairo_operator_t? {
        switch filter {
        case .multiplyBlendMode?: CAIRO_OPERATOR_MULTIPLY
        case .screenBlendMode?: CAIRO_OPERATOR_SCREEN
        case .overlayBlendMode?: CAIRO_OPERATOR_OVERLAY
        case .darkenBlendMode?: CAIRO_OPERATOR_DARKEN
        case .lightenBlendMode?: CAIRO_OPERATOR_LIGHTEN
        case .colorDodgeBlendMode?: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurnBlendMode?: CAIRO_OPERATOR_COLOR_BURN
        case .hardLightBlendMode?: CAIRO_OPERATOR_HARD_LIGHT
        case .softLightBlendMode?: CAIRO_OPERATOR_SOFT_LIGHT
        case .differenceBlendMode?: CAIRO_OPERATOR_DIFFERENCE
        case .exclusionBlendMode?: CAIRO_OPERATOR_EXCLUSION
        case .hueBlendMode?: CAIRO_OPERATOR_HSL_HUE
        case .saturationBlendMode?: CAIRO_OPERATOR_HSL_SATURATION
        case .colorBlendMode?: CAIRO_OPERATOR_HSL_COLOR
        case .luminosityBlendMode?: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .additionCompositing?: CAIRO_OPERATOR_ADD
        case .sourceInCompositing?: CAIRO_OPERATOR_IN
        case .sourceOutCompositing?: CAIRO_OPERATOR_OUT
        case .sourceAtopCompositing?: CAIRO_OPERATOR_ATOP
        default: nil
        }
    }

    /// Whether the operator changes what is beneath outside the layer too
    /// (source in and out clear it there), so its group is not limited to
    /// the layer's extent.
    var isUnbounded: Bool {
        filter == .sourceInCompositing || filter == .sourceOutCompositing
    }
}
