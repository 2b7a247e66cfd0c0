import Foundation

/// A layer that draws a path — Core Animation's `CAShapeLayer`.
///
/// The path is filled with `fillColor` by `fillRule`, then stroked with
/// `strokeColor`, `lineWidth`, `lineCap`, `lineJoin`, `miterLimit` and the
/// dash pattern, only between `strokeStart` and `strokeEnd` (fractions of
/// the path's length). The shape is drawn over the layer's `contents`, and
/// is not clipped to the bounds unless `masksToBounds` says so ("iOS Core
/// Animation: Advanced Techniques", chapter 6). Defaults and animatable
/// keys are those of Apple's `CAShapeLayer` reference; a renderer reads
/// every property from the layer's record by its key (docs/layers.md).
open class CAShapeLayer: CALayer {
    /// The shape, in the layer's coordinates; nil draws nothing.
    /// Animatable point by point between paths of the same elements (see
    /// ``PathValue``'s `Animatable` conformance), but, as Apple documents,
    /// changing it makes no implicit animation. The layer keeps a copy of
    /// the path's elements, as Core Animation copies the path it is given:
    /// building on a `CGMutablePath` after setting it changes nothing here
    /// until it is set again.
    public var path: CGPath? {
        get { pathValue.map(CGPath.init) }
        set { pathValue = newValue?.value }
    }
    @Dynamic("path") var pathValue: PathValue? = nil
    /// The fill colour; nil fills nothing. Opaque black by default. Animatable.
    @Dynamic("fillColor", .implicit) public var fillColor: CGColor? = CGColor.black
    /// The rule deciding what the fill covers; `.nonZero` by default.
    @Dynamic("fillRule") public var fillRule: CAShapeLayerFillRule = .nonZero
    /// The stroke colour; nil (the default) strokes nothing. Animatable.
    @Dynamic("strokeColor", .implicit) public var strokeColor: CGColor? = nil
    /// Where the stroke starts, as a fraction of the path's length, 0…1.
    /// Animatable; 0 by default.
    @Dynamic("strokeStart", .implicit) public var strokeStart: CGFloat = 0
    /// Where the stroke ends, as a fraction of the path's length, 0…1.
    /// Animatable; 1 by default — animating it from 0 draws the path on.
    @Dynamic("strokeEnd", .implicit) public var strokeEnd: CGFloat = 1
    /// The stroke width in points. Animatable; 1 by default.
    @Dynamic("lineWidth", .implicit) public var lineWidth: CGFloat = 1
    /// The longest miter, in line widths, before a `.miter` join is
    /// bevelled. Animatable; 10 by default.
    @Dynamic("miterLimit", .implicit) public var miterLimit: CGFloat = 10
    /// The ends of open subpaths; `.butt` by default.
    @Dynamic("lineCap") public var lineCap: CAShapeLayerLineCap = .butt
    /// The corners between segments; `.miter` by default.
    @Dynamic("lineJoin") public var lineJoin: CAShapeLayerLineJoin = .miter
    /// How far into the dash pattern the stroke starts, in points.
    /// Animatable; 0 by default.
    @Dynamic("lineDashPhase", .implicit) public var lineDashPhase: CGFloat = 0
    /// The dash pattern: lengths of painted and unpainted segments, in
    /// turn; nil (the default) for a solid line. Kept under the key
    /// `lineDashPattern` as `[CGFloat]?`.
    public var lineDashPattern: [NSNumber]? {
        get { dashLengths?.numbers }
        set { dashLengths = newValue.map([CGFloat].init) }
    }
    @Dynamic("lineDashPattern") var dashLengths: [CGFloat]? = nil
}
