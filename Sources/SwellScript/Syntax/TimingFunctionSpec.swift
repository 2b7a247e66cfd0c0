/// A timing function as the command line (`--timing NAME`, ramp points) and
/// scripts (`"timingFunction"`) name it; the integrator turns it into a
/// `CAMediaTimingFunction`.
///
/// Names are Core Animation's `CAMediaTimingFunctionName` raw values
/// (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) and the fade
/// shapes of SoX and FFmpeg by their FFmpeg `afade` curve names (`qsin`,
/// `exp`, …), matched case-sensitively (a near miss gets a suggestion); SoX's
/// one-letter `fade` types are aliases of the shapes they are (`t` `tri`,
/// `q` `qsin`, `h` `hsin`, `l` `exp`, `p` `ipar`).
/// `bezier(x1,y1,x2,y2)` gives the control points of
/// `CAMediaTimingFunction(controlPoints:_:_:_:)`: the curve runs from (0, 0)
/// to (1, 1) and must be a function of time, so x1 and x2 lie in 0…1 (the
/// CSS `cubic-bezier()` rule); y may leave 0…1 to overshoot.
/// `mirrored(NAME)` is the curve turned half a turn,
/// `CAMediaTimingFunction.mirrored`: the shape a fade-out has, as SoX and
/// FFmpeg mirror a fade-in's (docs/fades.md).
public enum TimingFunctionSpec: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    indirect case mirrored(TimingFunctionSpec)

    /// `CAMediaTimingFunctionName` raw values.
    public static let coreAnimationNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    /// The SoX / FFmpeg fade shapes Swell implements, by FFmpeg `afade`
    /// `curve` name (docs/fades.md#the-shapes).
    public static let fadeShapeNames = [
        "tri", "qsin", "hsin", "esin", "iqsin", "ihsin", "exp", "log", "par", "ipar",
        "qua", "cub", "squ", "cbr", "dese", "desi", "losi", "sinc", "isinc",
    ]

    /// SoX's `fade` types by letter, and the FFmpeg shape each one is
    /// (docs/fades.md#the-shapes).
    public static let soxFadeTypes = ["t": "tri", "q": "qsin", "h": "hsin", "l": "exp", "p": "ipar"]

    /// Parses a NAME or `bezier(x1,y1,x2,y2)`; spaces around the numbers
    /// are allowed.
    public init(parsing text: String) throws(ValueSyntaxError) {
        func failure(_ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "timing function", value: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace
        if trimmed.hasPrefix("mirrored("), trimmed.hasSuffix(")") {
            self = .mirrored(try TimingFunctionSpec(parsing: String(trimmed.dropFirst("mirrored(".count).dropLast())))
            return
        }
        if trimmed.hasPrefix("bezier(") {
            guard trimmed.hasSuffix(")") else { throw failure("expected ')' after the control points") }
            let arguments = trimmed.dropFirst("bezier(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            let numbers = arguments.compactMap { DecimalNumber(exactly: $0.trimmingWhitespace)?.value }
            guard arguments.count == 4, numbers.count == 4 else {
                throw failure("expected four numbers, bezier(x1,y1,x2,y2)")
            }
            if let problem = Self.controlPointProblem(numbers) { throw failure(problem.reason) }
            self = .bezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            return
        }
        if let shape = Self.soxFadeTypes[String(trimmed)] {
            self = .named(shape)
            return
        }
        let names = Self.coreAnimationNames + Self.fadeShapeNames
        guard names.contains(String(trimmed)) else {
            let hint = KeySuggestion.hint(for: String(trimmed), among: names)
            guard hint.isEmpty else { throw failure("unknown name\(hint)") }
            throw failure("unknown name; use \(names.joined(separator: ", ")) or bezier(x1,y1,x2,y2)")
        }
        self = .named(String(trimmed))
    }

    /// The first of the four control-point coordinates `[x1, y1, x2, y2]`
    /// that is not allowed — not finite, or an x outside 0…1 — with the
    /// reason, or nil when all four are fine.
    static func controlPointProblem(_ coordinates: [Double]) -> (index: Int, reason: String)? {
        let names = ["x1", "y1", "x2", "y2"]
        for (index, value) in coordinates.enumerated() {
            if !value.isFinite { return (index, "\(names[index]) is not finite") }
            if index.isMultiple(of: 2), !(0 ... 1).contains(value) {
                return (index, "\(names[index]) is \(value.shortDescription), outside 0…1; the curve must move forward in time")
            }
        }
        return nil
    }

    public var description: String {
        switch self {
        case .named(let name): name
        case let .bezier(x1, y1, x2, y2):
            "bezier(\([x1, y1, x2, y2].map(\.shortDescription).joined(separator: ",")))"
        case .mirrored(let function): "mirrored(\(function))"
        }
    }
}

extension Double {
    /// `2` rather than `2.0`, for messages that quote numbers back.
    var shortDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
