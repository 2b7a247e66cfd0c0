/// The `--ramp "T:V[:NAME] T:V[:NAME] ..."` option: volume breakpoints that
/// the integrator turns into a `CAKeyframeAnimation` of `volume` — or,
/// when a point says `exp` or `target(τ)`, into a schedule of Web Audio's
/// calls (docs/cli.md#ramps).
///
/// Each point is a TIME, a LEVEL and optionally a NAME that shapes the
/// segment ending at that point (docs/cli.md#ramps); the value holds
/// before the first point and after the last. Points are separated by
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
        public var shape: Shape?

        public init(time: Double, level: Double, shape: Shape? = nil) {
            self.time = time
            self.level = level
            self.shape = shape
        }
    }

    /// How a segment reaches its point.
    public enum Shape: Hashable, Sendable {
        /// A timing function, as a keyframe animation's segment has one.
        case timing(TimingFunctionSpec)
        /// `exp`: Web Audio's `exponentialRampToValueAtTime`, a geometric
        /// curve — which `--timing exp`, FFmpeg's fade shape, is not.
        case exponential
        /// `target(τ)`: Web Audio's `setTargetAtTime(LEVEL, T₀, τ)` from the
        /// previous point's time T₀, approaching the level, held where it
        /// is at the point's time when another point follows.
        case target(timeConstant: Double)

        init(parsing text: String) throws(ValueSyntaxError) {
            if text == "exp" {
                self = .exponential
            } else if text.hasPrefix("target("), text.hasSuffix(")") {
                let argument = String(text.dropFirst("target(".count).dropLast())
                do throws(ValueSyntaxError) {
                    self = .target(timeConstant: try TimeSpec(parsing: argument).seconds(atSampleRate: nil))
                } catch {
                    throw ValueSyntaxError(subject: "time constant", value: argument, reason: error.reason)
                }
            } else {
                self = .timing(try TimingFunctionSpec(parsing: text))
            }
        }

        /// Whether the segment is one of Web Audio's calls.
        var isScheduled: Bool {
            if case .timing = self { false } else { true }
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
                    shape: fields.count == 3 ? try Shape(parsing: String(fields[2])) : nil)
            } catch {
                throw failure(error.description)
            }
            if let previous = points.last, point.time < previous.time {
                throw failure(
                    "time \(fields[0].quotedForMessage) is before the previous point's \(previousTimeText.quotedForMessage); ramp times must not decrease")
            }
            if points.isEmpty, point.shape != nil {
                throw failure("the first point ends no segment, so it takes no timing function; a NAME shapes the segment that ends at its point")
            }
            points.append(point)
            previousTimeText = String(fields[0])
        }
        if let calls = scheduleCallsByPoint {
            try Self.check(calls, of: points, tokens: tokens)
        }
    }

    /// The ramp as Web Audio's calls, when a point says `exp` or
    /// `target(τ)`: `setValueAtTime` of the first point, then for each
    /// point the call its shape names — `linearRampToValueAtTime` where it
    /// names none — with `cancelAndHoldAtTime` at the point's time after a
    /// `setTargetAtTime` that another point follows. Nil for a keyframe
    /// ramp.
    public var scheduleCalls: [ScheduleCall]? {
        scheduleCallsByPoint.map { $0.map(\.call) }
    }

    private var scheduleCallsByPoint: [(call: ScheduleCall, point: Int)]? {
        guard points.contains(where: { $0.shape?.isScheduled == true }) else { return nil }
        var calls: [(call: ScheduleCall, point: Int)] = [(.setValueAtTime(value: points[0].level, startTime: points[0].time), 0)]
        for index in points.indices.dropFirst() {
            let point = points[index]
            switch point.shape {
            case .exponential?:
                calls.append((.exponentialRampToValueAtTime(value: point.level, endTime: point.time), index))
            case .target(let timeConstant)?:
                let start = points[index - 1].time
                calls.append((.setTargetAtTime(target: point.level, startTime: start, timeConstant: timeConstant), index))
                if index < points.count - 1 { calls.append((.cancelAndHoldAtTime(cancelTime: point.time), index)) }
            case .timing?, nil:
                calls.append((.linearRampToValueAtTime(value: point.level, endTime: point.time), index))
            }
        }
        return calls
    }

    /// Refuses what the schedule would: a timing function in it, and the
    /// calls Web Audio refuses or that would hold — an exponential segment
    /// to or from 0 — at their point.
    private static func check(_ calls: [(call: ScheduleCall, point: Int)], of points: [Point],
                              tokens: [(text: String, column: Int)]) throws(ValueSyntaxError) {
        func failure(_ index: Int, _ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "ramp point", value: tokens[index].text, reason: reason, point: index + 1,
                             column: tokens[index].column)
        }
        for (index, point) in points.enumerated() {
            if case .timing(let timing)? = point.shape, timing != .named("linear") {
                throw failure(index, "a ramp with exp or target(τ) points is a schedule of Web Audio's calls, "
                              + "whose other segments are linear; \(timing) cannot shape one")
            }
        }
        var schedule = AutomationSchedule()
        do throws(ScheduleCallError) {
            try schedule.make(calls.map(\.call), at: AutomationCall(time: 0, value: points[0].level))
        } catch {
            throw failure(error.index.map { calls[$0].point } ?? points.count - 1, error.error.description)
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
