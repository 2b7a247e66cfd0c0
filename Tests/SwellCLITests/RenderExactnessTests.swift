import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell render … --encoding float` against the analytic gain curve, to
/// 1e-6 (docs/performance.md#rendered-gain): the input is a constant 0.5, so
/// the gain of frame n is the output sample over 0.5, and the reference is
/// computed here from the curve's definition at the frame's time n / fs.
@Suite("render: rendered gain equals the analytic curve")
struct RenderExactnessTests {
    static let tolerance = 1e-6
    static let sampleRate = 48_000

    /// Every NAME the command line takes: Core Animation's, SoX's and
    /// FFmpeg's, and custom Bézier curves — one with spaces, two with x at
    /// the ends of 0…1, and one whose y leaves 0…1 (the gain is then
    /// clamped to 0…1, docs/audio.md#ear-safety).
    ///
    /// No curve here has x′(s) = 0 inside 0…1 (`bezier(1,0,0,1)` has, at
    /// s = ½): there x(s) − x ∝ (s − ½)³, so rounding x(s) to a `Double`
    /// moves s, and y, by about 10⁻⁶ — the value is not defined to 1e-6 in
    /// double precision, by any inversion.
    static let names: [String] = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
        + ReferenceCurve.fadeNames
        + ["bezier(0.1,0.7,0.9,0.2)", "bezier(0.5, 0, 0.5, 1)", "bezier(1,0,0.5,1)", "bezier(0,1,1,0)",
           "bezier(0.3,-0.4,0.7,1.5)"]

    /// The reference for a NAME, Bézier curves by bisection.
    static func reference(_ name: String) throws -> @Sendable (Double) -> Double {
        if let curve = ReferenceCurve.named(name) { return curve }
        let numbers = name.dropFirst("bezier(".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard name.hasPrefix("bezier("), numbers.count == 4 else { throw TestSupportError("no reference for \(name)") }
        return ReferenceCurve.bezier(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    @Test("a fade-in and a fade-out with every timing function", arguments: names)
    func fades(name: String) throws {
        let curve = try Self.reference(name)
        let workspace = try Workspace()
        // L = 6000 frames; fade-in over N = 0.05·48000 = 2400 frames, fade-out
        // over M = 1500 frames ending at L.
        let length = 6_000, fadeIn = 2_400, fadeOut = 1_500
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        let (gains, file) = try workspace.renderedGains(of: input, ["--fade-in", "50ms", "--fade-out", "0.03125", "--timing", name])
        #expect(file.encoding == .float)
        #expect(file.sampleRate == Self.sampleRate)
        #expect(gains.count == length)
        // docs/cli.md#fades: fade-in gain at frame n is F(n/N); the fade-out
        // is the mirror image, frame L − k gets F(k/M).
        let expected = (0..<length).map { n in
            ReferenceCurve.limited(
                n < fadeIn ? curve(Double(n) / Double(fadeIn))
                    : n >= length - fadeOut ? curve(Double(length - n) / Double(fadeOut)) : 1)
        }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= Self.tolerance, "\(name): \(deviation)")
    }

    @Test("overlapping fades multiply, as FFmpeg's two afade filters do: no step where the fade-out begins",
          arguments: ["linear", "qsin", "easeInEaseOut"])
    func overlappingFades(name: String) throws {
        let curve = try Self.reference(name)
        let workspace = try Workspace()
        // L = 3000 frames, both fades 2400 frames: they overlap in 600…2400.
        let length = 3_000, fade = 2_400
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        let (gains, _) = try workspace.renderedGains(of: input, ["--fade-in", "50ms", "--fade-out", "50ms", "--timing", name])
        let expected = (0..<length).map { n in
            (n < fade ? curve(Double(n) / Double(fade)) : 1)
                * (n >= length - fade ? curve(Double(length - n) / Double(fade)) : 1)
        }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= Self.tolerance, "\(name): \(deviation)")
        // Continuous: no step between neighbours larger than the steepest
        // slope of the product allows (a jump to 1 would be about 0.5).
        let steps = zip(gains, gains.dropFirst()).map { abs($1 - $0) }
        #expect(steps.max()! < 5.0 / Double(fade), "largest step \(steps.max()!)")
    }

    @Test("overlapping fades against FFmpeg: afade in, then afade out")
    func overlappingFadesMatchFFmpeg() throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 14_400)
        let (gains, _) = try workspace.renderedGains(of: input, ["--fade-in", "0.2", "--fade-out", "0.2"])
        let reference = workspace.path("ffmpeg.wav")
        let ffmpeg = try Subprocess.run("ffmpeg", ["-v", "error", "-y", "-i", input, "-af",
                                        "afade=t=in:d=0.2,afade=t=out:st=0.1:d=0.2", "-c:a", "pcm_f32le", reference])
        #expect(ffmpeg.status == 0, "\(ffmpeg)")
        let peer = try WAVFile(contentsOf: URL(fileURLWithPath: reference)).channel(0).map { $0 / Workspace.level }
        #expect(gains.count == peer.count)
        let deviation = Deviation(gains, peer)
        #expect(deviation.error <= 1e-6, "\(deviation)")
    }

    @Test("fades longer than the file: the fade-out still ends at the last frame, the first frame is silent")
    func fadesLongerThanTheFile() throws {
        let workspace = try Workspace()
        // L = 4800 frames (0.1 s), both fades N = 12000 frames (0.25 s).
        let length = 4_800, fade = 12_000
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        let (gains, _) = try workspace.renderedGains(of: input, ["--fade-in", "0.25", "--fade-out", "0.25"])
        let expected = (0..<length).map { n in Double(n) / Double(fade) * Double(length - n) / Double(fade) }
        #expect(gains.first! == 0)
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= Self.tolerance, "\(deviation)")
    }

    @Test("a keyframe --ramp: each point's NAME shapes the segment ending there, values hold outside")
    func ramp() throws {
        let workspace = try Workspace()
        let points: [(time: Double, level: Double, name: String?)] = [
            (0.01, 0.1, nil), (0.02, 0.8, "easeIn"), (0.05, 0.3, "qsin"), (0.06, 0.6, nil),
            // A ramp point's exp is Web Audio's exponential ramp
            // (ScheduleRenderTests); FFmpeg's exp shape is --timing's.
            (0.0900125, 1.0, "bezier(0.2,0.9,0.3,1)"), (0.1, 0.05, "cub"),
        ]
        let spec = points.map { point in
            "\(point.time):\(point.level)" + (point.name.map { ":\($0)" } ?? "")
        }.joined(separator: " ")
        let length = 6_000
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        // Segments without a NAME take --timing.
        let (gains, _) = try workspace.renderedGains(of: input, ["--ramp", spec, "--timing", "hsin"])
        let shapes = try points.map { try Self.reference($0.name ?? "hsin") }
        let expected = (0..<length).map { n -> Double in
            let t = Double(n) / Double(Self.sampleRate)
            if t <= points[0].time { return points[0].level }
            guard let end = points.firstIndex(where: { $0.time > t }) else { return points.last!.level }
            let (a, b) = (points[end - 1], points[end])
            let u = (t - a.time) / (b.time - a.time)
            return a.level + (b.level - a.level) * shapes[end](u)
        }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= Self.tolerance, "\(deviation)")
    }

    @Test("a one-point --ramp is that level throughout, before its time as after", arguments: ["0.05:0.5", "0:0.25"])
    func onePointRamp(spec: String) throws {
        let workspace = try Workspace()
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 4_800)
        let (gains, _) = try workspace.renderedGains(of: input, ["--ramp", spec])
        let level = try #require(Double(spec.split(separator: ":")[1]))
        let deviation = Deviation(gains, Array(repeating: level, count: gains.count))
        #expect(deviation.error <= Self.tolerance, "\(deviation)")
    }

    @Test("a spring animation in a script follows the damped oscillator")
    func spring() throws {
        let workspace = try Workspace()
        let (mass, stiffness, damping, velocity) = (1.5, 300.0, 8.0, 2.0)
        let (from, to, begin) = (0.9, 0.3, 0.01)
        let script = try workspace.write("""
            {"version": 1, "layers": [{"name": "music", "type": "audio", "volume": \(to)}],
             "events": [{"at": \(begin), "layer": "music", "key": "spring",
                         "add": {"type": "spring", "keyPath": "volume", "fromValue": \(from), "toValue": \(to),
                                 "mass": \(mass), "stiffness": \(stiffness), "damping": \(damping),
                                 "initialVelocity": \(velocity), "duration": 0.5,
                                 "fillMode": "forwards", "removedOnCompletion": false}}]}
            """, to: "spring.json")
        let length = 28_800
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        let (gains, _) = try workspace.renderedGains(of: input, ["--script", script])

        // The event at 0.01 s first affects frame 480
        // (docs/audio.md#time-is-exact); the spring runs from there for 0.5 s
        // (24,000 frames) and then holds.
        let first = 480, active = 24_000
        let x = ReferenceCurve.springDisplacement(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
            step: 1 / Double(Self.sampleRate), count: active + 1)
        let expected = (0..<length).map { n -> Double in
            if n < first { return to }
            return to + (from - to) * x[min(n - first, active)]
        }
        // The motion must be a real spring for the test to mean anything:
        // it overshoots the target and comes back.
        #expect(expected.min()! < to - 0.05)
        let deviation = Deviation(gains, expected.map(ReferenceCurve.limited))
        #expect(deviation.error <= Self.tolerance, "\(deviation)")
    }

    @Test("additive keyframe animations stack on the model value, times an ancestor's animated volume")
    func additiveStack() throws {
        let workspace = try Workspace()
        let script = try workspace.write("""
            {
              "version": 1,
              "layers": [
                {"name": "bus", "type": "layer", "volume": 0.8},
                {"name": "music", "type": "audio", "parent": "bus", "volume": 0.6}
              ],
              "events": [
                {"at": 0, "layer": "music", "key": "wobble",
                 "add": {"type": "keyframe", "keyPath": "volume", "values": [0, 0.3, -0.2, 0],
                         "keyTimes": [0, 0.3, 0.7, 1], "timingFunctions": ["easeIn", "linear", "easeOut"],
                         "additive": true, "duration": 0.04, "repeatCount": 2}},
                {"at": 0.013, "layer": "music", "key": "dip",
                 "add": {"type": "keyframe", "keyPath": "volume", "values": [0, -0.4, 0.1], "additive": true,
                         "duration": 0.05, "fillMode": "forwards", "removedOnCompletion": false}},
                {"at": 0.02, "layer": "bus", "set": {"volume": 0.5}, "duration": 0.05, "timingFunction": "easeInEaseOut"}
              ]
            }
            """, to: "stack.json")
        let length = 5_760
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: length)
        let (gains, _) = try workspace.renderedGains(of: input, ["--script", script])

        let easeIn = try Self.reference("easeIn"), easeOut = try Self.reference("easeOut")
        let easeInEaseOut = try Self.reference("easeInEaseOut")
        /// Linear interpolation between keyframes, each segment shaped.
        func keyframes(_ u: Double, values: [Double], times: [Double], shapes: [(Double) -> Double]) -> Double {
            let end = times.firstIndex { $0 > u } ?? times.count - 1
            let local = (u - times[end - 1]) / (times[end] - times[end - 1])
            return values[end - 1] + (values[end] - values[end - 1]) * shapes[end - 1](min(local, 1))
        }
        let expected = (0..<length).map { n -> Double in
            let t = Double(n) / Double(Self.sampleRate)
            var music = 0.6
            if t < 0.08 {
                let u = t.truncatingRemainder(dividingBy: 0.04) / 0.04
                music += keyframes(u, values: [0, 0.3, -0.2, 0], times: [0, 0.3, 0.7, 1], shapes: [easeIn, { $0 }, easeOut])
            }
            if t >= 0.013 {
                let u = min((t - 0.013) / 0.05, 1)
                music += keyframes(u, values: [0, -0.4, 0.1], times: [0, 0.5, 1], shapes: [{ $0 }, { $0 }])
            }
            let bus = t < 0.02 ? 0.8 : 0.8 + (0.5 - 0.8) * easeInEaseOut(min((t - 0.02) / 0.05, 1))
            return ReferenceCurve.limited(music * bus)
        }
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= Self.tolerance, "\(deviation)")
    }

    @Test("a layer's speed and timeOffset retime the animations below it")
    func retiming() throws {
        let workspace = try Workspace()
        // bus runs at twice the host's speed, 0.5 s ahead, so music's
        // animation (local time 0.502…0.512) runs from host time 0.001 to
        // 0.006 s. At 0.0075 s bus is set back to speed 1 at local time 0.509,
        // back inside the animation. (Pausing it would pause the sound too,
        // leaving no gain to measure: ScriptMediaTimeTests.)
        let script = try workspace.write("""
            {
              "version": 1,
              "layers": [
                {"name": "bus", "type": "layer", "speed": 2, "timeOffset": 0.5},
                {"name": "music", "type": "audio", "parent": "bus"}
              ],
              "events": [
                {"at": 0, "layer": "music", "key": "ramp",
                 "add": {"type": "basic", "keyPath": "volume", "fromValue": 0.2, "toValue": 1, "beginTime": 0.502,
                         "duration": 0.01, "timingFunction": "easeOut", "fillMode": "both", "removedOnCompletion": false}},
                {"at": 0.0075, "layer": "bus", "set": {"speed": 1, "timeOffset": 0.5015}}
              ]
            }
            """, to: "retime.json")
        // music plays its file at its local time, half a second in: the
        // constant input is long enough, and the render is 960 frames.
        let length = 960
        let input = try workspace.constantInput(sampleRate: Self.sampleRate, frames: 30_000)
        let (gains, _) = try workspace.renderedGains(of: input, ["--script", script, "--duration", "0.02"])

        // Core Animation's local time: t_local = (t_parent − beginTime)·speed + timeOffset.
        let easeOut = try Self.reference("easeOut")
        let pauseFrame = 360  // ceil(0.0075 · 48000 − 1e-9)
        let expected = (0..<length).map { n -> Double in
            let t = Double(n) / Double(Self.sampleRate)
            let local = n < pauseFrame ? t * 2 + 0.5 : t + 0.5015
            let u = min(max((local - 0.502) / 0.01, 0), 1)
            return 0.2 + 0.8 * easeOut(u)
        }
        // Not a trivial curve: the animation has run to its end before the
        // change, which takes it back to 70 % of the way.
        #expect(expected[pauseFrame - 1] > expected[pauseFrame] + 0.01)
        // The file plays at bus's speed 2, and so through the varispeed
        // resampler (which it keeps after the change), whose passband holds a constant to within
        // 1.6e-4 (docs/rate.md#how-the-position-is-kept): the gain is
        // exact to that. A frame's error in the retiming would be 100 times
        // more: the curve moves by up to 0.8/240 a frame.
        let deviation = Deviation(gains, expected)
        #expect(deviation.error <= 2e-4, "\(deviation)")
    }
}
