/// The `--ramp "T:V[:NAME] T:V[:NAME] ..."` option: volume breakpoints that
/// the integrator turns into a `CAKeyframeAnimation` of `volume`.
///
/// Each point is a TIME, a LEVEL and optionally a timing function NAME that
/// shapes the segment ending at that point (docs/cli.md#ramps); the value
/// holds before the first point and after the last. Points are separated by
/// spaces or tabs — spaces inside `bezier( … )` are part of the point — and
/// their times must not decrease; two points at the same time make a step.
public struct RampSpec: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        /// Seconds from the start of the stream, ≥ 0.
        public var time: Double
        /// Linear amplitude, ≥ 0.
        public var level: Double
        /// The shape of the segment from the previous point to this one;
        /// nil for the `--timing` default. Always nil on the first point.
        public var timingFunction: TimingFunctionSpec?

        public init(time: Double, level: Double, timingFunction: TimingFunctionSpec? = nil) {
            self.time = time
            self.level = level
            self.timingFunction = timingFunction
        }
    }

    /// At least one point, in non-decreasing time order.
    public private(set) var points: [Point]

    public init(parsing text: String) throws(ValueSyntaxError) {
        let tokens = Self.tokens(of: text)
        guard !tokens.isEmpty else {
            throw ValueSyntaxError(
                subject: "ramp", value: text,
                reason: "no points; expected \"TIME:LEVEL[:NAME] ...\", e.g. \"0:0 2:1 10:1 12:0\"")
        }
        points = []
        var previousTimeText = ""
        for (index, token) in tokens.enumerated() {
            func failure(_ reason: String) -> ValueSyntaxError {
                ValueSyntaxError(
                    subject: "ramp point", value: token.text, reason: reason,
                    point: index + 1, column: token.column)
            }
            let fields = token.text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2 else { throw failure("expected TIME:LEVEL or TIME:LEVEL:NAME") }
            let point: Point
            do throws(ValueSyntaxError) {
                point = Point(
                    time: try TimeSpec(parsing: String(fields[0])).seconds(atSampleRate: nil),
                    level: try LevelSpec(parsing: String(fields[1])).amplitude,
                    timingFunction: fields.count == 3 ? try TimingFunctionSpec(parsing: String(fields[2])) : nil)
            } catch {
                throw failure(error.description)
            }
            if let previous = points.last, point.time < previous.time {
                throw failure(
                    "time \(fields[0].quotedForMessage) is before the previous point's \(previousTimeText.quotedForMessage); ramp times must not decrease")
            }
            if points.isEmpty, point.timingFunction != nil {
                throw failure("the first point ends no segment, so it takes no timing function; a NAME shapes the segment that ends at its point")
            }
            points.append(point)
            previousTimeText = String(fields[0])
        }
    }

    /// The whitespace-separated points of `text` with their 1-based columns;
    /// whitespace inside parentheses does not separate.
    private static func tokens(of text: String) -> [(text: String, column: Int)] {
        var tokens: [(text: String, column: Int)] = []
        var current = ""
        var start = 0
        var depth = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if depth == 0, scalar == " " || scalar == "\t" || scalar == "\n" {
                if !current.isEmpty { tokens.append((current, start + 1)) }
                current = ""
                continue
            }
            if current.isEmpty { start = offset }
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth = max(0, depth - 1) }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { tokens.append((current, start + 1)) }
        return tokens
    }
}
