/// After Effects' blend modes (`"bm"`) as the Core Image filter names a
/// layer's `compositingFilter` takes (docs/lottie.md#blend-modes).
enum BlendMode {
    static func compositingFilter(_ mode: Int) -> String? {
        switch mode {
        case 1: "multiplyBlendMode"
        case 2: "screenBlendMode"
        case 3: "overlayBlendMode"
        case 4: "darkenBlendMode"
        case 5: "lightenBlendMode"
        case 6: "colorDodgeBlendMode"
        case 7: "colorBurnBlendMode"
        case 8: "hardLightBlendMode"
        case 9: "softLightBlendMode"
        case 10: "differenceBlendMode"
        case 11: "exclusionBlendMode"
        case 12: "hueBlendMode"
        case 13: "saturationBlendMode"
        case 14: "colorBlendMode"
        case 15: "luminosityBlendMode"
        case 16: "additionCompositing"
        default: nil
        }
    }
}
