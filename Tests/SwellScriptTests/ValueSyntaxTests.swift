import Foundation
import Testing
import SwellScript

@Suite("TIME syntax")
struct TimeSyntaxTests {
    @Test(arguments: [
        ("2", 2.0), ("2.5s", 2.5), ("500ms", 0.5), ("30m", 30 * 60), ("1h", 3600), ("0", 0), (" 2 s ", 2),
        (".5", 0.5), ("1e3ms", 1), ("0.001h", 3.6), ("-0", 0), ("+3", 3), ("90m", 5400),
    ] as [(String, Double)])
    func parses(_ text: String, _ seconds: Double) throws {
        #expect(try TimeSpec(parsing: text).seconds == seconds)
    }

    /// Clock times as SoX (`[[hh:]mm:]ss[.frac]`) and FFmpeg (`[HH:]MM:SS[.m...]`)
    /// write them.
    @Test("clock times", arguments: [
        ("1:30", 90.0), ("0:00.25", 0.25), ("1:02:03.5", 3_723.5), ("90:00", 5_400), ("2:00:00", 7_200),
        ("0:59.5", 59.5), (" 1:00 ", 60),
    ] as [(String, Double)])
    func parsesClockTimes(_ text: String, _ seconds: Double) throws {
        #expect(try TimeSpec(parsing: text).seconds == seconds)
    }

    @Test("malformed clock times", arguments: ["1:60", "1:60:00", "1:2:3:4", "1:-2", "a:30", ":30", "1:", "1.5:00", "1:3e1"])
    func rejectsClockTimes(_ text: String) {
        #expect(throws: ValueSyntaxError.self) { try TimeSpec(parsing: text) }
    }

    @Test func negativeZeroBecomesPositiveZero() throws {
        #expect(try TimeSpec(parsing: "-0").seconds?.sign == .plus)
    }

    /// A sample count, SoX's `NNNs`, spelt `NNN samples`: a length only at a
    /// sample rate.
    @Test("sample counts", arguments: [("44100 samples", 44_100, 1.0), ("1sample", 1, 1 / 44_100.0),
                                       ("0 samples", 0, 0), ("22050samples", 22_050, 0.5)] as [(String, Int64, Double)])
    func parsesSampleCounts(_ text: String, _ count: Int64, _ seconds: Double) throws {
        let time = try TimeSpec(parsing: text)
        #expect(time.sampleCount == count && time.seconds == nil)
        #expect(try time.seconds(atSampleRate: 44_100) == seconds)
        #expect(throws: ValueSyntaxError.self) { try time.seconds(atSampleRate: nil) }
    }

    @Test("a sample count is whole", arguments: ["1.5 samples", "-3 samples", "1e20 samples"])
    func rejectsSampleCounts(_ text: String) {
        #expect(throws: ValueSyntaxError.self) { try TimeSpec(parsing: text) }
    }

    @Test(arguments: [
        ("", "expected a duration such as 2, 2.5s, 500ms, 30m or 1h"),
        ("   ", "expected a duration such as 2, 2.5s, 500ms, 30m or 1h"),
        ("-2", "a duration cannot be negative"),
        ("-1ms", "a duration cannot be negative"),
        ("abc", "expected a number of seconds, optionally followed by s, ms, m or h, or of samples"),
        ("nan", "expected a number of seconds, optionally followed by s, ms, m or h, or of samples"),
        ("inf", "expected a number of seconds, optionally followed by s, ms, m or h, or of samples"),
        ("--2", "expected a number of seconds, optionally followed by s, ms, m or h, or of samples"),
        ("2x", "unknown unit \"x\"; use s, ms, m, h or samples"),
        ("2S", "unknown unit \"S\"; use s, ms, m, h or samples"),
        ("2..5", "unknown unit \".5\"; use s, ms, m, h or samples"),
        ("1e400", "the duration is too large"),
        ("1e308h", "the duration is too large"),
    ])
    func rejects(_ text: String, _ reason: String) {
        #expect(throws: ValueSyntaxError(subject: "time", value: text, reason: reason)) {
            try TimeSpec(parsing: text)
        }
    }

    @Test func errorDescriptionQuotesTheValue() {
        let error = ValueSyntaxError(subject: "time", value: "2x", reason: "unknown unit \"x\"; use s, ms, m, h or samples")
        #expect(error.description == "invalid time \"2x\": unknown unit \"x\"; use s, ms, m, h or samples")
    }
}

@Suite("LEVEL syntax")
struct LevelSyntaxTests {
    @Test(arguments: [
        ("0.5", 0.5), ("50%", 0.5), ("100%", 1), ("0", 0), ("1.5", 1.5), ("0dB", 1), ("-0", 0), (" 25 % ", 0.25),
        // Decibels are a field quantity: amplitude = 10^(dB/20).
        ("-6dB", pow(10, -6.0 / 20)), ("-6 dB", pow(10, -6.0 / 20)), ("-6db", pow(10, -6.0 / 20)),
        ("6DB", pow(10, 6.0 / 20)), ("-20dB", 0.1), ("-60dB", 0.001), ("+12dB", pow(10, 12.0 / 20)),
    ] as [(String, Double)])
    func parses(_ text: String, _ amplitude: Double) throws {
        let parsed = try LevelSpec(parsing: text).amplitude
        #expect(abs(parsed - amplitude) <= 1e-15 * amplitude, "\(text) → \(parsed), expected \(amplitude)")
    }

    @Test func minusSixDecibelsIsAboutHalfAmplitude() throws {
        // The classic rule of thumb, from the closed form 10^(−6/20).
        #expect(abs(try LevelSpec(parsing: "-6dB").amplitude - 0.501_187_233_627_272_2) < 1e-15)
    }

    @Test(arguments: [
        ("-0.5", "a linear amplitude cannot be negative; write decibels to attenuate, e.g. -6dB"),
        ("-5%", "a percentage cannot be negative"),
        ("", "expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        ("x", "expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        ("-infdB", "expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        ("nan", "expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        ("3 dBFS", "unknown unit \"dBFS\"; use %, dB or no unit"),
        ("0.5x", "unknown unit \"x\"; use %, dB or no unit"),
        ("1e400", "the level is too large"),
        ("7000dB", "the level is too large"),
    ])
    func rejects(_ text: String, _ reason: String) {
        #expect(throws: ValueSyntaxError(subject: "level", value: text, reason: reason)) {
            try LevelSpec(parsing: text)
        }
    }
}

@Suite("Timing function NAME syntax")
struct TimingFunctionSyntaxTests {
    static let allNames = [
        "linear", "easeIn", "easeOut", "easeInEaseOut", "default", "tri", "qsin", "hsin", "esin", "iqsin", "ihsin",
        "exp", "log", "par", "ipar", "qua", "cub", "squ", "cbr", "dese", "desi", "losi", "sinc", "isinc",
    ]

    @Test(arguments: allNames)
    func parsesEveryNameOfTheSpec(_ name: String) throws {
        #expect(try TimingFunctionSpec(parsing: name) == .named(name))
    }

    /// SoX's `fade` types: t (triangular, linear), q (quarter sine), h (half
    /// sine), l (logarithmic: FFmpeg's `exp`), p (inverted parabola), as
    /// SoX's manual lists them.
    @Test("SoX's one-letter fade types name FFmpeg's shapes", arguments: [
        ("t", "tri"), ("q", "qsin"), ("h", "hsin"), ("l", "exp"), ("p", "ipar"),
    ])
    func soxLetters(letter: String, name: String) throws {
        #expect(try TimingFunctionSpec(parsing: letter) == .named(name))
    }

    @Test func parsesBezierControlPoints() throws {
        #expect(try TimingFunctionSpec(parsing: "bezier(0.25,0.1,0.25,1)") == .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        // y may overshoot; spaces are allowed around the numbers.
        #expect(
            try TimingFunctionSpec(parsing: "bezier( 0.4 , -0.5 , 0.6 , 1.5 )")
                == .bezier(x1: 0.4, y1: -0.5, x2: 0.6, y2: 1.5))
        #expect(try TimingFunctionSpec(parsing: "bezier(0,0,1,1)") == .bezier(x1: 0, y1: 0, x2: 1, y2: 1))
    }

    @Test func describesItselfInTheSyntaxItParses() throws {
        for text in ["qsin", "bezier(0.25,0.1,0.25,1)", "bezier(0,-2,1,3)"] {
            let spec = try TimingFunctionSpec(parsing: text)
            #expect(spec.description == text)
            #expect(try TimingFunctionSpec(parsing: spec.description) == spec)
        }
    }

    @Test(arguments: [
        ("easein", "unknown name; did you mean \"easeIn\"?"),
        ("EaseInEaseOut", "unknown name; did you mean \"easeInEaseOut\"?"),
        ("qsine", "unknown name; did you mean \"qsin\"?"),
        ("bezier(1.5,0,0.5,1)", "x1 is 1.5, outside 0…1; the curve must move forward in time"),
        ("bezier(0,0,-0.1,1)", "x2 is -0.1, outside 0…1; the curve must move forward in time"),
        ("bezier(0,0,1e999,1)", "x2 is not finite"),
        ("bezier(0,1e999,1,1)", "y1 is not finite"),
        ("bezier(0,0,1)", "expected four numbers, bezier(x1,y1,x2,y2)"),
        ("bezier(0,0,1,1,1)", "expected four numbers, bezier(x1,y1,x2,y2)"),
        ("bezier(0,a,1,1)", "expected four numbers, bezier(x1,y1,x2,y2)"),
        ("bezier(0,0,1,1", "expected ')' after the control points"),
    ])
    func rejects(_ text: String, _ reason: String) {
        #expect(throws: ValueSyntaxError(subject: "timing function", value: text, reason: reason)) {
            try TimingFunctionSpec(parsing: text)
        }
    }

    @Test func listsTheNamesWhenNothingIsClose() {
        let names = Self.allNames.joined(separator: ", ")
        #expect(
            throws: ValueSyntaxError(
                subject: "timing function", value: "wobble",
                reason: "unknown name; use \(names) or bezier(x1,y1,x2,y2)")
        ) {
            try TimingFunctionSpec(parsing: "wobble")
        }
    }
}

@Suite("--ramp syntax")
struct RampSyntaxTests {
    @Test func parsesPointsWithOptionalNames() throws {
        let ramp = try RampSpec(parsing: "0:0 2:1 10:-6dB:easeOut 12:0:qsin")
        #expect(
            ramp.points == [
                RampSpec.Point(time: 0, level: 0),
                RampSpec.Point(time: 2, level: 1),
                RampSpec.Point(time: 10, level: pow(10, -6.0 / 20), shape: .timing(.named("easeOut"))),
                RampSpec.Point(time: 12, level: 0, shape: .timing(.named("qsin"))),
            ])
    }

    @Test func acceptsUnitsStepsAndSpacesInsideBezier() throws {
        let ramp = try RampSpec(parsing: "  500ms:50%\t1m:1  1m:0.5:bezier(0.4, 0, 1, 1) ")
        #expect(
            ramp.points == [
                RampSpec.Point(time: 0.5, level: 0.5),
                RampSpec.Point(time: 60, level: 1),
                RampSpec.Point(time: 60, level: 0.5, shape: .timing(.bezier(x1: 0.4, y1: 0, x2: 1, y2: 1))),
            ])
    }

    @Test("exp and target(τ) make the ramp Web Audio's calls, a target held where it is at its point")
    func webAudioShapes() throws {
        let ramp = try RampSpec(parsing: "0:1 2:0.5 5:0.01:exp 6:0.5:target(300ms) 8:0.25:target(1)")
        #expect(ramp.points[2].shape == .exponential)
        #expect(ramp.points[3].shape == .target(timeConstant: 0.3))
        #expect(ramp.scheduleCalls == [
            .setValueAtTime(value: 1, startTime: 0),
            .linearRampToValueAtTime(value: 0.5, endTime: 2),
            .exponentialRampToValueAtTime(value: 0.01, endTime: 5),
            .setTargetAtTime(target: 0.5, startTime: 5, timeConstant: 0.3),
            .cancelAndHoldAtTime(cancelTime: 6),
            .setTargetAtTime(target: 0.25, startTime: 6, timeConstant: 1),
        ])
        #expect(try RampSpec(parsing: "0:0 2:1:qsin").scheduleCalls == nil, "a keyframe ramp")
    }

    @Test func aSinglePointIsARamp() throws {
        #expect(try RampSpec(parsing: "3:0.2").points == [RampSpec.Point(time: 3, level: 0.2)])
    }

    @Test func rejectsAnEmptyRamp() {
        #expect(
            throws: ValueSyntaxError(
                subject: "ramp", value: " ",
                reason: "no points; expected \"TIME:LEVEL[:NAME] ...\", e.g. \"0:0 2:1 10:1 12:0\"")
        ) {
            try RampSpec(parsing: " ")
        }
    }

    /// Each case marks the bad point with ‸; the error must name that
    /// point's index and column.
    @Test(arguments: [
        ("0:0 ‸2", "expected TIME:LEVEL or TIME:LEVEL:NAME"),
        ("0:0 2:1 ‸1:0", "time \"1\" is before the previous point's \"2\"; ramp times must not decrease"),
        ("0:0  1:1:qsin   ‸0.5:1", "time \"0.5\" is before the previous point's \"1\"; ramp times must not decrease"),
        ("0:0 ‸2:x", "invalid level \"x\": expected a linear amplitude (0.5), a percentage (50%) or decibels (-6dB)"),
        ("0:0 ‸-1:1", "invalid time \"-1\": a duration cannot be negative"),
        ("0:0 ‸1:-2", "invalid level \"-2\": a linear amplitude cannot be negative; write decibels to attenuate, e.g. -6dB"),
        ("0:0 ‸1:1:easeout", "invalid timing function \"easeout\": unknown name; did you mean \"easeOut\"?"),
        ("‸0:0:easeIn 1:1", "the first point ends no segment, so it takes no timing function; a NAME shapes the segment that ends at its point"),
        ("0:0 ‸1:1:exp", "an exponential ramp cannot go from 0 to 1.0 (at 1.0 s): it would hold 0.0 until then; use a linear ramp, or start from a value of the same sign"),
        ("0:1 ‸1:0:exp", "an exponential ramp cannot reach 0"),
        ("0:1 ‸1:0.5:qsin 2:0.1:exp", "a ramp with exp or target(τ) points is a schedule of Web Audio's calls, whose other segments are linear; qsin cannot shape one"),
        ("0:1 ‸1:0.5:target(-1)", "invalid time constant \"-1\": a duration cannot be negative"),
    ])
    func rejectsTheMarkedPoint(_ marked: String, _ reason: String) {
        let source = MarkedSource(marked)
        let points = source.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let column = source.location.column
        // The point's index: how many points start before the marker.
        let prefix = String(source.text.unicodeScalars.prefix(column - 1))
        let index = prefix.split(whereSeparator: { $0 == " " || $0 == "\t" }).count + 1
        let token = String(points[index - 1])
        do {
            _ = try RampSpec(parsing: source.text)
            Issue.record("\(source.text) was accepted")
        } catch {
            #expect(error == ValueSyntaxError(subject: "ramp point", value: token, reason: reason, point: index, column: column))
        }
    }

    @Test func errorDescriptionNamesPointAndColumn() {
        do {
            _ = try RampSpec(parsing: "0:0 2:1 1:0")
            Issue.record("accepted decreasing times")
        } catch {
            #expect(
                error.description
                    == "invalid ramp point \"1:0\" (point 3, column 9): time \"1\" is before the previous point's \"2\"; ramp times must not decrease")
        }
    }
}
