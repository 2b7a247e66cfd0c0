/// The names of the predefined timing functions.
///
/// Apple's five names (`CAMediaTimingFunctionName`, raw values as on Apple
/// platforms) name cubic Bézier curves. Swell adds the classic fade curves of
/// SoX's `fade` effect and FFmpeg's `afade` filter under their FFmpeg `curve`
/// names, so that `--timing qsin` shapes a volume ramp exactly as
/// `afade=curve=qsin` (and `sox fade q`) does.
///
/// Every value names a curve that exists: `init(rawValue:)` returns `nil`
/// for any other string, which is how command-line and script parsers reject
/// an unknown name.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable, CaseIterable {
    enum Kind: Hashable, Sendable {
        case bezier(BezierPreset)
        case fade(FadeShape)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    public init?(rawValue: String) {
        if let preset = BezierPreset(rawValue: rawValue) {
            kind = .bezier(preset)
        } else if let shape = FadeShape(rawValue: rawValue) {
            kind = .fade(shape)
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch kind {
        case .bezier(let preset): preset.rawValue
        case .fade(let shape): shape.rawValue
        }
    }

    /// Every name: Apple's five, then the fade curves in the order of
    /// FFmpeg's documentation.
    public static let allCases: [CAMediaTimingFunctionName] =
        BezierPreset.allCases.map { Self(.bezier($0)) } + FadeShape.allCases.map { Self(.fade($0)) }

    // MARK: Apple's names

    /// Linear pacing: the animation runs evenly through its duration.
    public static let linear = Self(.bezier(.linear))
    /// Ease-in pacing: the animation begins slowly and speeds up.
    public static let easeIn = Self(.bezier(.easeIn))
    /// Ease-out pacing: the animation begins quickly and slows down.
    public static let easeOut = Self(.bezier(.easeOut))
    /// Ease-in-ease-out pacing: slow at the beginning and the end.
    public static let easeInEaseOut = Self(.bezier(.easeInEaseOut))
    /// The system default timing function, a slight ease-in-ease-out.
    public static let `default` = Self(.bezier(.default))

    // MARK: Fade curves (FFmpeg `afade` names; SoX letters in brackets)

    /// Linear slope [SoX `t`]: F(x) = x.
    public static let tri = Self(.fade(.tri))
    /// Quarter of a sine wave [SoX `q`]: F(x) = sin(πx/2).
    public static let qsin = Self(.fade(.qsin))
    /// Half of a sine wave [SoX `h`]: F(x) = (1 − cos πx)/2.
    public static let hsin = Self(.fade(.hsin))
    /// Exponential sine wave: F(x) = 1 − cos(π/4·((2x − 1)³ + 1)).
    public static let esin = Self(.fade(.esin))
    /// Inverted quarter of a sine wave: F(x) = (2/π)·asin x.
    public static let iqsin = Self(.fade(.iqsin))
    /// Inverted half of a sine wave: F(x) = acos(1 − 2x)/π.
    public static let ihsin = Self(.fade(.ihsin))
    /// Exponential [SoX `l`]: F(x) = 0.1^(5(1 − x)), −100 dB to 0 dB.
    public static let exp = Self(.fade(.exp))
    /// Logarithmic: F(x) = 1 + 0.2·log₁₀ x, clamped to 0…1.
    public static let log = Self(.fade(.log))
    /// Parabola: F(x) = 1 − √(1 − x).
    public static let par = Self(.fade(.par))
    /// Inverted parabola [SoX `p`]: F(x) = 1 − (1 − x)².
    public static let ipar = Self(.fade(.ipar))
    /// Quadratic: F(x) = x².
    public static let qua = Self(.fade(.qua))
    /// Cubic: F(x) = x³.
    public static let cub = Self(.fade(.cub))
    /// Square root: F(x) = √x.
    public static let squ = Self(.fade(.squ))
    /// Cubic root: F(x) = ∛x.
    public static let cbr = Self(.fade(.cbr))
    /// Double-exponential seat: ∛(2x)/2, then 1 − ∛(2(1 − x))/2.
    public static let dese = Self(.fade(.dese))
    /// Double-exponential sigmoid: (2x)³/2, then 1 − (2(1 − x))³/2.
    public static let desi = Self(.fade(.desi))
    /// Logistic sigmoid, rescaled to run from 0 to 1.
    public static let losi = Self(.fade(.losi))
    /// Sine cardinal: F(x) = sinc(1 − x) = sin(π(1 − x))/(π(1 − x)).
    public static let sinc = Self(.fade(.sinc))
    /// Inverted sine cardinal: F(x) = 1 − sin(πx)/(πx).
    public static let isinc = Self(.fade(.isinc))
}

/// Apple's named Bézier timing functions and their control points.
enum BezierPreset: String, CaseIterable, Hashable, Sendable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`

    /// The curve Core Animation uses for the name, with the control points
    /// published in Apple's "Timing Functions" reference and measured with
    /// `getControlPoint(at:values:)` on macOS and iOS. The curves are built
    /// once and shared, so `CAMediaTimingFunction(name:)` is cheap.
    var curve: CubicBezierCurve {
        switch self {
        case .linear: Self.linearCurve
        case .easeIn: Self.easeInCurve
        case .easeOut: Self.easeOutCurve
        case .easeInEaseOut: Self.easeInEaseOutCurve
        case .default: Self.defaultCurve
        }
    }

    private static let linearCurve = CubicBezierCurve(0, 0, 1, 1)
    private static let easeInCurve = CubicBezierCurve(0.42, 0, 1, 1)
    private static let easeOutCurve = CubicBezierCurve(0, 0, 0.58, 1)
    private static let easeInEaseOutCurve = CubicBezierCurve(0.42, 0, 0.58, 1)
    private static let defaultCurve = CubicBezierCurve(0.25, 0.1, 0.25, 1)
}
