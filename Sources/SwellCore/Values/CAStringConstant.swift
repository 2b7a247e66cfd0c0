import Foundation

/// One of Core Animation's string-valued constants — `CALayerContentsGravity`,
/// `CAShapeLayerFillRule`, `CATextLayerAlignmentMode`… — whose raw value is
/// the string QuartzCore uses (`kCAGravityResizeAspect` is
/// `"resizeAspect"`, `kCAFillRuleEvenOdd` is `"even-odd"`).
///
/// The properties of these types are not animatable in Core Animation.
/// Being discrete ``Animatable`` values lets them be ``Dynamic`` layer
/// properties all the same: published to render hosts with every commit,
/// copied into `presentation()`, and set by key-value coding from their
/// raw strings (`setValue("even-odd", forKey: "fillRule")`), as QuartzCore's
/// `NSString` constants are. An explicit animation of one switches halfway.
public protocol CAStringConstant: RawRepresentable<String>, DiscreteAnimatable, Hashable {
    init(rawValue: String)
}

extension CAStringConstant {
    /// The empty name, which no constant uses.
    public static var zero: Self { Self(rawValue: "") }
}
