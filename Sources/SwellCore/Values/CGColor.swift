import Foundation

/// A colour, as Core Graphics' `CGColor` spells it, always in the sRGB
/// colour space with straight (not premultiplied) red, green, blue and
/// alpha.
///
/// Swell draws no pixels of its own, so one colour space is enough for
/// `backgroundColor`, `borderColor`, `shadowColor` and friends to be set,
/// animated and read back. Unlike Apple's, ``init(gray:alpha:)``,
/// ``black``, ``white`` and ``clear`` are sRGB colours too, so
/// ``numberOfComponents`` is always 4. Components are stored as given, like
/// extended sRGB: values outside 0…1 survive overshooting animations.
public struct CGColor: Sendable, Hashable {
    private var rgba: SIMD4<Double>

    /// A colour from sRGB components in 0…1 (Apple's generic-RGB
    /// initializer; here every colour is sRGB).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = SIMD4(Double(red), Double(green), Double(blue), Double(alpha))
    }

    /// A colour from sRGB components in 0…1.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The grey with red = green = blue = `gray`.
    public init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    private init(rgba: SIMD4<Double>) {
        self.rgba = rgba
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black, `(0, 0, 0, 0)`.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// `[red, green, blue, alpha]`. Optional only because Apple's is.
    public var components: [CGFloat]? {
        [CGFloat(rgba.x), CGFloat(rgba.y), CGFloat(rgba.z), CGFloat(rgba.w)]
    }

    /// The number of values in ``components``, colour and alpha: 4.
    public var numberOfComponents: Int { 4 }

    public var alpha: CGFloat { CGFloat(rgba.w) }

    /// The same colour with another alpha. Optional only because Apple's is.
    public func copy(alpha: CGFloat) -> CGColor? {
        var copy = self
        copy.rgba.w = Double(alpha)
        return copy
    }
}

/// Colours animate component by component in straight sRGB, and their
/// distance is the Euclidean distance of the (r, g, b, a) vectors.
extension CGColor: Animatable {
    public func adding(_ other: CGColor) -> CGColor { CGColor(rgba: rgba + other.rgba) }
    public func subtracting(_ other: CGColor) -> CGColor { CGColor(rgba: rgba - other.rgba) }
    public func scaled(by factor: Double) -> CGColor { CGColor(rgba: rgba * factor) }

    public func distance(to other: CGColor) -> Double {
        let difference = other.rgba - rgba
        return (difference * difference).sum().squareRoot()
    }

    /// ``clear``: transparent black is the additive identity.
    public static var zero: CGColor { .clear }
}
