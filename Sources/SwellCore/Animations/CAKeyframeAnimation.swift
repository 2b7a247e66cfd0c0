import Foundation

/// How a keyframe animation computes the frames between keyframes
/// (`CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = Self(rawValue: "linear")
    public static let discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced")
    public static let cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether an object moving along a path turns to follow it
/// (`CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The object is rotated to the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// The object is rotated to the path's tangent plus 180°.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// An animation through a sequence of values, or along a path.
///
/// `keyTimes` place the keyframes as fractions of the duration. Following
/// Apple's documentation, for `linear` and `cubic` there must be one key time
/// per value (or per path point), the first 0 and the last 1; for `discrete`
/// one more than there are values (one per value is also accepted); each no
/// smaller than the one before. Key times that break these rules are ignored
/// — the keyframes are then spaced evenly, as Core Animation does — and
/// `paced` and `cubicPaced` ignore them always. `timingFunctions` pace each
/// segment (one fewer than the values; missing ones are linear).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    /// A path for a point property; when set, `values` is ignored. Its
    /// elements are read when the animation is added to a layer, which
    /// adds a copy.
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe (cubic modes).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe (cubic modes).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe (cubic modes).
    open var biasValues: [NSNumber]?
    /// Whether an object animated along `path` turns to follow it.
    open var rotationMode: CAAnimationRotationMode?

    public required init() {
        super.init()
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    override func makeContribution<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> Effect<Value> {
        if let path {
            let curve = CurveContribution(curve: try PathCurve(animation: self, path: path.value),
                                          isAdditive: isAdditive, isCumulative: isCumulative)
            guard let contribution = curve as? any PropertyContribution<Value> else {
                throw AnimationCompiler.Failure("a path animates a point, not '\(keyPath ?? "")'")
            }
            return .custom(contribution)
        }
        guard let values, !values.isEmpty else {
            throw AnimationCompiler.Failure("keyframe animation of '\(keyPath ?? "")' has no values")
        }
        let converted = try values.enumerated().map { try convert($1, to: type, named: "values[\($0)]") }
        return .curve(.keyframe(makeCurve(converted)), isAdditive: isAdditive, isCumulative: isCumulative)
    }

    override func makeOrientationContribution(on layer: CALayer) throws -> (any PropertyContribution<CATransform3D>)? {
        guard let path, let rotationMode else { return nil }
        return PathOrientationContribution(curve: try PathCurve(animation: self, path: path.value),
                                           reversed: rotationMode == .rotateAutoReverse)
    }

    private func makeCurve<Value: Animatable>(_ values: [Value]) -> KeyframeCurve<Value> {
        let n = values.count
        let functions = segmentFunctions(count: max(n - 1, 1))
        let parameters = splineParameters()
        switch calculationMode {
        case .discrete:
            return KeyframeCurve(values: values, keyTimes: validKeyTimes(forSegments: n, discrete: true)
                ?? (0..<n).map { Double($0) / Double(n) }, functions: functions, interpolation: .discrete)
        case .paced:
            return KeyframeCurve(values: values, keyTimes: KeyframeCurve.pacedKeyTimes(values),
                                 functions: Array(repeating: nil, count: functions.count), interpolation: .linear)
        case .cubic:
            let times = validKeyTimes(forSegments: n - 1, discrete: false) ?? KeyframeCurve<Value>.evenKeyTimes(n)
            let spline = KochanekBartelsSpline(points: values, keyTimes: times, tension: parameters.tension,
                                               continuity: parameters.continuity, bias: parameters.bias)
            return KeyframeCurve(values: values, keyTimes: times, functions: functions, interpolation: .cubic(spline))
        case .cubicPaced:
            let times = KeyframeCurve<Value>.evenKeyTimes(n)
            let spline = KochanekBartelsSpline(points: values, keyTimes: times, tension: parameters.tension,
                                               continuity: parameters.continuity, bias: parameters.bias)
            let table = ArcLengthTable(segments: max(n - 1, 1)) { n > 1 ? spline.value(segment: $0, parameter: $1) : values[0] }
            return KeyframeCurve(values: values, keyTimes: times, functions: functions,
                                 interpolation: .cubicPaced(spline, table))
        default:
            if calculationMode != .linear {
                CADiagnostics.warn("unknown calculationMode '\(calculationMode.rawValue)'; using linear")
            }
            return KeyframeCurve(values: values, keyTimes: validKeyTimes(forSegments: n - 1, discrete: false)
                ?? KeyframeCurve<Value>.evenKeyTimes(n), functions: functions, interpolation: .linear)
        }
    }

    /// The key times when they follow Apple's rules for `segments` spans
    /// (values or path points minus one for continuous modes; the number of
    /// values for discrete), else nil, with a warning.
    func validKeyTimes(forSegments segments: Int, discrete: Bool) -> [Double]? {
        guard let keyTimes else { return nil }
        let times = keyTimes.map(\.doubleValue)
        let counts = discrete ? [segments + 1, segments] : [segments + 1]
        let valid = counts.contains(times.count)
            && times.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }
            && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
            && times.first == 0
            && (discrete && times.count == segments ? true : times.last == 1)
        if !valid {
            CADiagnostics.warn("keyTimes \(times) ignored for '\(keyPath ?? "")': keyframes spaced evenly")
            return nil
        }
        return times
    }

    /// One timing function per segment; missing ones are linear.
    func segmentFunctions(count: Int) -> [CAMediaTimingFunction?] {
        let given = timingFunctions ?? []
        return (0..<count).map { $0 < given.count ? given[$0] : nil }
    }

    private func splineParameters() -> (tension: [Double], continuity: [Double], bias: [Double]) {
        func doubles(_ numbers: [NSNumber]?) -> [Double] {
            (numbers ?? []).map { $0.doubleValue.isFinite ? $0.doubleValue : 0 }
        }
        return (doubles(tensionValues), doubles(continuityValues), doubles(biasValues))
    }
}
