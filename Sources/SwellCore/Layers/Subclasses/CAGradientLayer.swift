import Foundation

/// The geometry of a gradient layer's colour ramp (`CAGradientLayerType`).
public struct CAGradientLayerType: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Colours change along the line from `startPoint` to `endPoint` and
    /// are constant across it.
    public static let axial = Self(rawValue: "axial")
    /// Colours change outward from `startPoint`, the centre, to the ellipse
    /// through `endPoint` whose radii are the x and y distances between the
    /// two points (in the bounds' unit coordinates).
    public static let radial = Self(rawValue: "radial")
    /// Colours change with the angle around `startPoint`, starting along the
    /// direction of `endPoint`.
    public static let conic = Self(rawValue: "conic")

    public static let allCases: [Self] = [.axial, .radial, .conic]
}

/// A layer that fills its bounds with a colour gradient — Core Animation's
/// `CAGradientLayer` ("iOS Core Animation: Advanced Techniques", chapter 6).
///
/// The gradient is drawn under the layer's `contents`. Its points are in the
/// unit coordinates of the bounds — (0, 0) the top-left corner, (1, 1) the
/// bottom-right, in Swell's y-down space as on iOS. Defaults and animatable
/// keys are those of Apple's `CAGradientLayer` reference.
open class CAGradientLayer: CALayer {
    /// The colours of the stops, `CGColor`s as Apple types them (`[Any]?`,
    /// of which only the `CGColor`s are kept); nil by default, drawing
    /// nothing. Animatable, colour by colour between arrays of the same
    /// count. Kept under the key `colors` as `[CGColor]?`.
    public var colors: [Any]? {
        get { colorStops }
        set { colorStops = newValue.map { $0.compactMap { $0 as? CGColor } } }
    }
    @Dynamic("colors", .implicit) var colorStops: [CGColor]? = nil

    /// Where each stop is, 0…1 along the gradient, increasing; nil (the
    /// default) spreads the stops evenly. Animatable. Kept under the key
    /// `locations` as `[CGFloat]?`.
    public var locations: [NSNumber]? {
        get { stopLocations?.numbers }
        set { stopLocations = newValue.map([CGFloat].init) }
    }
    @Dynamic("locations", .implicit) var stopLocations: [CGFloat]? = nil

    /// Where the first stop is drawn, in unit coordinates; (0.5, 0), the
    /// middle of the top edge, by default. Animatable.
    @Dynamic("startPoint", .implicit) public var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where the last stop is drawn, in unit coordinates; (0.5, 1), the
    /// middle of the bottom edge, by default. Animatable.
    @Dynamic("endPoint", .implicit) public var endPoint = CGPoint(x: 0.5, y: 1)
    /// The gradient's geometry; `.axial` by default.
    @Dynamic("type") public var type: CAGradientLayerType = .axial

    /// The stops a renderer draws from presented `colors` and `locations`:
    /// each colour at its location, or, when `locations` is nil or does not
    /// have one location per colour, the colours spread evenly from 0 to 1
    /// (Apple's rule for nil). Empty when there are no colours.
    public static func stops(colors: [CGColor], locations: [CGFloat]?) -> [(location: CGFloat, color: CGColor)] {
        if let locations, locations.count == colors.count {
            return Array(zip(locations, colors))
        }
        let last = CGFloat(max(colors.count - 1, 1))
        return colors.enumerated().map { (CGFloat($0.offset) / last, $0.element) }
    }
}
