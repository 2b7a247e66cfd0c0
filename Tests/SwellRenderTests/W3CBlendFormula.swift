import Foundation

/// The W3C's Compositing and Blending Level 1 (https://www.w3.org/TR/compositing-1/),
/// written out from the specification for the blend-mode tests: the
/// reference pixels come from here, never from the renderer.
enum W3CBlendFormula {
    typealias RGB = SIMD3<Double>

    /// A blend mode by its name in the specification ("Advanced blending
    /// features").
    enum Mode: String, CaseIterable, Sendable {
        case multiply, screen, overlay, darken, lighten, colorDodge = "color-dodge", colorBurn = "color-burn"
        case hardLight = "hard-light", softLight = "soft-light", difference, exclusion
        case hue, saturation, color, luminosity

        /// B(Cb, Cs): the separable modes component by component, the
        /// non-separable ones on the whole colour.
        func blend(_ cb: RGB, _ cs: RGB) -> RGB {
            switch self {
            case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
            case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
            case .color: return setLum(cs, lum(cb))
            case .luminosity: return setLum(cb, lum(cs))
            default: return RGB(separable(cb.x, cs.x), separable(cb.y, cs.y), separable(cb.z, cs.z))
            }
        }

        private func separable(_ cb: Double, _ cs: Double) -> Double {
            switch self {
            case .multiply: return cb * cs
            case .screen: return cb + cs - cb * cs
            case .overlay: return Mode.hardLight.separable(cs, cb)
            case .darken: return min(cb, cs)
            case .lighten: return max(cb, cs)
            case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
            case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
            case .hardLight: return cs <= 0.5 ? cb * 2 * cs : Mode.screen.separable(cb, 2 * cs - 1)
            case .softLight:
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (d - cb)
            case .difference: return abs(cb - cs)
            case .exclusion: return cb + cs - 2 * cb * cs
            case .hue, .saturation, .color, .luminosity: preconditionFailure("not separable")
            }
        }
    }

    /// `source` (straight colour, alpha αs) blended with `backdrop` by
    /// `mode` ("Blending": Cs' = (1 − αb)·Cs + αb·B(Cb, Cs)) and composited
    /// source-over: co = αs·Cs' + αb·Cb·(1 − αs), αo = αs + αb·(1 − αs).
    /// Premultiplied result.
    static func composite(_ source: RGB, alpha αs: Double, over backdrop: RGB, alpha αb: Double,
                          mode: Mode) -> (color: RGB, alpha: Double) {
        let blended = (1 - αb) * source + αb * mode.blend(backdrop, source)
        return (αs * blended + αb * (1 - αs) * backdrop, αs + αb * (1 - αs))
    }

    /// The sum Core Image's addition composites with — the Porter-Duff
    /// operator "lighter": co = cs + cb, αo = αs + αb — each clamped to 1.
    /// Premultiplied result.
    static func addition(_ source: RGB, alpha αs: Double, to backdrop: RGB, alpha αb: Double) -> (color: RGB, alpha: Double) {
        let sum = αs * source + αb * backdrop
        return (RGB(min(sum.x, 1), min(sum.y, 1), min(sum.z, 1)), min(αs + αb, 1))
    }

    // MARK: Non-separable blend modes' helpers

    static func lum(_ c: RGB) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB { clipColor(c + (l - lum(c))) }

    static func sat(_ c: RGB) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// The saturation set to `s`, the components keeping their order.
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var components = [c.x, c.y, c.z]
        let order = components.indices.sorted { components[$0] < components[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if components[hi] > components[lo] {
            components[mid] = (components[mid] - components[lo]) * s / (components[hi] - components[lo])
            components[hi] = s
        } else {
            components[mid] = 0
            components[hi] = 0
        }
        components[lo] = 0
        return RGB(components[0], components[1], components[2])
    }
}
