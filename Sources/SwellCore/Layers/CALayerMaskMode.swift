/// What of a layer's `mask` decides how much of the layer shows
/// (``CALayer/maskMode``): its alpha, as Core Animation masks, or its
/// luminance, as CSS Masking's `mask-mode: luminance` and SVG's
/// `mask-type` do (docs/render.md#masks-by-luminance).
public struct CALayerMaskMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's key: ``CALayer/maskMode``.
    public static let layerKey = "maskMode"

    /// The mask's alpha channel: Core Animation's masking.
    public static let alpha = Self(rawValue: "alpha")
    /// The mask's luminance (Rec. 709's weights of its premultiplied
    /// colour, so a transparent mask hides): a Swell extension, for After
    /// Effects' luma mattes.
    public static let luminance = Self(rawValue: "luminance")

    public static let allCases: [Self] = [.alpha, .luminance]
}
