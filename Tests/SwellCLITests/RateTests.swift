import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// An audio layer's `rate`, and its `speed`: varispeed, the file read at
/// position ∫ rate over the layer's local time, pitch following
/// (docs/rate.md). Every reference here is a closed form of the file
/// position, independent of the code under test.
///
/// The input is a stereo quadrature tone — channel 0 A·cos(2πf·i/fs),
/// channel 1 A·sin(2πf·i/fs) — so that an output frame's phase,
/// atan2(y₁, y₀), says which position of the file it plays, P = phase ·
/// fs/(2πf), whatever its amplitude; and its amplitude, √(y₀² + y₁²), says
/// its gain. Output frame n should play P(n) = Σ_{k<n} ρ(k), ρ(k) the rate
/// at the middle of frame k times the layer's time rate — for the linear
/// pieces used here, fs·∫₀^{n/fs} rate, the midpoint rule being exact on
/// them — to within a fifth of a frame. libsoxr's variable-rate passband
/// ripples by ~1.6e-4 and rings at a file's abrupt start and end, so the
/// phase is compared, not the samples, and the first and last
/// ``edge`` frames of a resampled file are left out.
@Suite("rate: varispeed at ∫ rate, the layer's speed multiplying, to a fifth of a frame")
struct RateTests {
    static let sampleRate = 48_000
    static let fs = Double(sampleRate)
    /// The tone: 500 Hz, a 96-frame period; 0.5 peak. Low, because the
    /// engine's output filter delays treble beyond the group delay the
    /// reader allows for: a tone's phase lags by a function of its output
    /// frequency alone, whatever the ratio — measured 0.014 rad at 4 kHz,
    /// 0.12 at 8 kHz, 1.2 at 16 kHz (0.03, 0.11, 0.59 output frames) — so
    /// "to a fifth of a frame" holds for the low part of the band. At the
    /// ≤ 1 kHz this tone reaches here, the lag is under 0.004 frames.
    static let frequency = 500.0
    static let amplitude = 0.5
    /// How far the position may be off, in frames of the file.
    static let tolerance = 0.2
    /// Frames left out at a resampled file's start and end: the onset
    /// ringing of its abrupt edges.
    static let edge = 1_024

    /// `seconds` of the quadrature tone, stereo float.
    static func quadrature(seconds: Double) -> WAVFile {
        let w = 2 * Double.pi * frequency / fs
        let frames = Int((seconds * fs).rounded())
        let samples = (0..<frames).flatMap { i in [amplitude * cos(w * Double(i)), amplitude * sin(w * Double(i))] }
        return WAVFile(sampleRate: sampleRate, channelCount: 2, encoding: .float, samples: samples)
    }

    // MARK: Measuring

    /// How far an output's position and gain are from the closed form,
    /// over some frames: the worst of each, and where.
    struct Measure: CustomStringConvertible {
        var position = 0.0, positionFrame = -1
        var gain = 0.0, gainFrame = -1
        var count = 0

        var description: String {
            "position off by at most \(String(format: "%.4f", position)) frames (at frame \(positionFrame)), "
                + "gain by at most \(String(format: "%.2e", gain)) (at frame \(gainFrame)), over \(count) frames"
        }
    }

    /// The position error of `output`'s frames `range` against `position`
    /// (file frames at output frame n), and its gain error against `gain`:
    /// the phase difference wrapped to ±π, in frames of the file — a 96-frame
    /// period leaves ±48 frames unambiguous.
    static func measure(_ output: WAVFile, over range: Range<Int>, position: (Int) -> Double,
                        gain: (Int) -> Double = { _ in 1 }) -> Measure {
        let framesPerRadian = fs / (2 * Double.pi * frequency)
        var measure = Measure()
        let samples = output.samples
        for n in range.clamped(to: 0..<output.frameCount) {
            let (y0, y1) = (samples[2 * n], samples[2 * n + 1])
            let expected = 2 * Double.pi * frequency * position(n) / fs
            let error = abs(remainder(atan2(y1, y0) - expected, 2 * Double.pi)) * framesPerRadian
            let gainError = abs((y0 * y0 + y1 * y1).squareRoot() / amplitude - gain(n))
            if !(error <= measure.position) { (measure.position, measure.positionFrame) = (error.isNaN ? .infinity : error, n) }
            if !(gainError <= measure.gain) { (measure.gain, measure.gainFrame) = (gainError.isNaN ? .infinity : gainError, n) }
            measure.count += 1
        }
        return measure
    }

    /// The slope of `output`'s unwrapped phase over `range`, in file frames
    /// per output frame: least squares, for a peer whose latency is not
    /// known but whose rate is.
    static func phaseSlope(_ output: WAVFile, over range: Range<Int>) -> Double {
        let samples = output.samples
        var unwrapped: [Double] = []
        var previous = 0.0, turns = 0.0
        for n in range {
            let phase = atan2(samples[2 * n + 1], samples[2 * n])
            if !unwrapped.isEmpty {
                if phase - previous > .pi { turns -= 1 } else if phase - previous < -.pi { turns += 1 }
            }
            previous = phase
            unwrapped.append(phase + 2 * .pi * turns)
        }
        let count = Double(unwrapped.count)
        let meanX = (count - 1) / 2, meanY = unwrapped.reduce(0, +) / count
        var (sxy, sxx) = (0.0, 0.0)
        for (i, y) in unwrapped.enumerated() {
            sxy += (Double(i) - meanX) * (y - meanY)
            sxx += (Double(i) - meanX) * (Double(i) - meanX)
        }
        return sxy / sxx * fs / (2 * Double.pi * frequency)
    }

    // MARK: Running swell

    /// `swell render ARGUMENTS -o NAME --encoding float`, read back; throws
    /// with swell's message when it fails.
    static func render(_ arguments: [String], in workspace: Workspace, to name: String = "out.wav") throws -> WAVFile {
        let output = workspace.path(name)
        let result = try SwellProcess.run(["render"] + arguments + ["-o", output, "--encoding", "float", "--overwrite"],
                                          directory: workspace.directory)
        guard result.status == 0 else { throw TestSupportError("swell render failed: \(result)") }
        #expect(result.standardError.isEmpty, "no warning: \(result.standardError)")
        return try WAVFile(contentsOf: URL(fileURLWithPath: output))
    }

    /// A script of `layers` (JSON objects) and `events`.
    static func script(_ layers: String, events: String = "") -> String {
        #"{"version": 1, "layers": [\#(layers)], "events": [\#(events)]}"#
    }

    // MARK: (a), (b) Constant rates, and speed

    /// A way of playing the file at a constant ρ file frames per output
    /// frame: a script's `rate`, `speed` on the layer or its parent, both,
    /// or the command line's `--speed`.
    struct Constant: CustomTestStringConvertible, Sendable {
        var what: String
        var ratio: Double
        /// The script's layers, or nil for `render in.wav`.
        var layers: String?
        var options: [String] = []

        var testDescription: String { "\(what): ρ = \(ratio)" }
    }

    static let constants: [Constant] = [
        Constant(what: "script rate 0.5", ratio: 0.5, layers: #"{"name": "a", "type": "audio", "file": "in.wav", "rate": 0.5}"#),
        Constant(what: "script rate 1.5", ratio: 1.5, layers: #"{"name": "a", "type": "audio", "file": "in.wav", "rate": 1.5}"#),
        Constant(what: "script rate 2", ratio: 2, layers: #"{"name": "a", "type": "audio", "file": "in.wav", "rate": 2}"#),
        Constant(what: "--speed 0.5", ratio: 0.5, options: ["--speed", "0.5"]),
        Constant(what: "--speed 1.5", ratio: 1.5, options: ["--speed", "1.5"]),
        Constant(what: "--speed 150%", ratio: 1.5, options: ["--speed", "150%"]),
        Constant(what: "--speed 2", ratio: 2, options: ["--speed", "2"]),
        Constant(what: "the audio layer's speed 0.5", ratio: 0.5,
                 layers: #"{"name": "a", "type": "audio", "file": "in.wav", "speed": 0.5}"#),
        Constant(what: "a parent group's speed 0.5", ratio: 0.5, layers: """
            {"name": "g", "type": "layer", "speed": 0.5}, {"name": "a", "type": "audio", "file": "in.wav", "parent": "g"}
            """),
        Constant(what: "speed 0.5 × rate 2: the file's own rate, through the resampler", ratio: 1,
                 layers: #"{"name": "a", "type": "audio", "file": "in.wav", "speed": 0.5, "rate": 2}"#),
        Constant(what: "a group's speed 2 × a layer's speed 1.5 × rate 0.25", ratio: 0.75, layers: """
            {"name": "g", "type": "layer", "speed": 2},
            {"name": "a", "type": "audio", "file": "in.wav", "parent": "g", "speed": 1.5, "rate": 0.25}
            """),
    ]

    @Test("a constant rate plays the file at P(n) = ρ·n to 0.2 frame, in round(N/ρ) frames", arguments: constants)
    func constant(_ play: Constant) throws {
        let workspace = try Workspace()
        let input = Self.quadrature(seconds: 3)
        try workspace.write(input, to: "in.wav")
        let arguments: [String]
        if let layers = play.layers {
            try workspace.write(Self.script(layers), to: "rate.json")
            arguments = ["--script", "rate.json"]
        } else {
            arguments = ["in.wav"] + play.options
        }
        let output = try Self.render(arguments, in: workspace)
        #expect(output.channelCount == 2 && output.sampleRate == Self.sampleRate)
        let frames = (Double(input.frameCount) / play.ratio).rounded()
        #expect(abs(Double(output.frameCount) - frames) <= 1, "\(output.frameCount) frames, expected \(Int(frames))")
        let measured = Self.measure(output, over: Self.edge..<output.frameCount - Self.edge) { play.ratio * Double($0) }
        #expect(measured.position <= Self.tolerance, "\(play.testDescription): \(measured)")
        #expect(measured.gain <= 1e-3, "\(play.testDescription): \(measured)")
    }

    /// SoX's `speed` as a peer, loosely: its latency and edges are its own,
    /// but the pitch of its middle — the tone's phase slope — is ρ·f, as
    /// ours is.
    @Test("--speed 1.5 and SoX's `speed 1.5` agree on the tone's new pitch, and on the length within 0.1%")
    func soxSpeed() throws {
        let workspace = try Workspace()
        let input = try workspace.write(Self.quadrature(seconds: 3), to: "in.wav")
        let ours = try Self.render(["in.wav", "--speed", "1.5"], in: workspace)
        let sox = workspace.path("sox.wav")
        try Subprocess.run("sox", ["-D", input, "-e", "float", "-b", "32", sox, "speed", "1.5"]).requireSuccess()
        let theirs = try WAVFile(contentsOf: URL(fileURLWithPath: sox))
        #expect(abs(Double(theirs.frameCount) - Double(ours.frameCount)) <= 0.001 * Double(ours.frameCount),
                "SoX: \(theirs.frameCount) frames, ours \(ours.frameCount)")
        let middle = Self.edge..<min(ours.frameCount, theirs.frameCount) - Self.edge
        let (slope, peer) = (Self.phaseSlope(ours, over: middle), Self.phaseSlope(theirs, over: middle))
        #expect(abs(slope - 1.5) <= 1e-6, "ours: \(slope) file frames a frame")
        #expect(abs(peer - 1.5) <= 1e-4, "SoX: \(peer) file frames a frame")
    }

    // MARK: (c), (e) A ramp, four ways

    /// rate 1 until 1 s, straight down to 0.25 at 3 s, held: the position
    /// in seconds, ∫₀ᵗ rate.
    static func rampPosition(_ t: Double) -> Double {
        switch t {
        case ..<1: return t
        case ..<3: let u = t - 1; return 1 + u - 0.1875 * u * u
        default: return 2.25 + 0.25 * (t - 3)
        }
    }

    static func rampRate(_ t: Double) -> Double {
        switch t {
        case ..<1: 1
        case ..<3: 1 - 0.375 * (t - 1)
        default: 0.25
        }
    }

    struct Ramp: CustomTestStringConvertible, Sendable {
        var what: String
        var event: String
        /// Whether the layer's rate moves from 0 s — a schedule is on it
        /// from its first event — so that it is resampled from its start,
        /// which rings; else it reads its file directly until 1 s.
        var resampledFromStart = false
        var testDescription: String { what }
    }

    static let ramps = [
        Ramp(what: "a set with a linear 2 s animation", event: """
            {"at": 1, "layer": "a", "set": {"rate": 0.25}, "duration": 2, "timingFunction": "linear"}
            """),
        Ramp(what: "a basic animation, filled forwards", event: """
            {"at": 1, "layer": "a", "add": {"type": "basic", "keyPath": "rate", "fromValue": 1, "toValue": 0.25,
             "duration": 2, "fillMode": "forwards", "removedOnCompletion": false}}
            """),
        Ramp(what: "a keyframe animation, filled forwards", event: """
            {"at": 1, "layer": "a", "add": {"type": "keyframe", "keyPath": "rate", "values": [1, 0.625, 0.25],
             "duration": 2, "fillMode": "forwards", "removedOnCompletion": false}}
            """),
        Ramp(what: "a schedule: setValueAtTime, linearRampToValueAtTime", event: """
            {"at": 0, "layer": "a", "automate": "rate", "calls": [["setValueAtTime", 1, 1], ["linearRampToValueAtTime", 0.25, 3]]}
            """, resampledFromStart: true),
    ]

    @Test("rate 1 → 0.25 linearly over [1, 3] s: P(t) = t, 1 + u − 3u²/16, 2.25 + (t − 3)/4, to 0.2 frame", arguments: ramps)
    func ramp(_ ramp: Ramp) throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 6), to: "in.wav")
        try workspace.write(Self.script(#"{"name": "a", "type": "audio", "file": "in.wav"}"#, events: ramp.event), to: "ramp.json")
        let output = try Self.render(["--script", "ramp.json"], in: workspace)
        // The default end is the file's length at the rate it is declared
        // with, 1; the file is not used up (at 6 s, 3 s of it is played).
        #expect(output.frameCount == 6 * Self.sampleRate, "\(output.frameCount) frames")
        let position = { (n: Int) in Self.fs * Self.rampPosition(Double(n) / Self.fs) }
        // A file read directly from its start has no edge to leave out;
        // it does not end.
        let measured = Self.measure(output, over: (ramp.resampledFromStart ? Self.edge : 0)..<output.frameCount,
                                    position: position)
        #expect(measured.position <= Self.tolerance, "\(ramp.what): \(measured)")
        #expect(measured.gain <= 1e-3, "\(ramp.what): \(measured)")
        // No click where the file goes from being read directly to being
        // resampled, at 1 s, nor after: the tone only falls in pitch.
        let bound = 4 * pow(sin(Double.pi * Self.frequency / Self.fs), 2) * Self.amplitude
        for channel in 0..<2 {
            let steepest = Self.steepestSecondDifference(output.channel(channel),
                                                         over: (ramp.resampledFromStart ? Self.edge : 1)..<output.frameCount - 1)
            #expect(steepest.value <= 1.05 * bound,
                    "\(ramp.what), channel \(channel): a click at frame \(steepest.frame): \(steepest.value), bound \(bound)")
        }
    }

    // MARK: (f) curve

    @Test("curve shows a.rate on the ramp's closed form, to 1e-9", arguments: ramps)
    func curve(_ ramp: Ramp) throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 6), to: "in.wav")
        let script = try workspace.write(Self.script(#"{"name": "a", "type": "audio", "file": "in.wav"}"#, events: ramp.event),
                                         to: "ramp.json")
        let result = try SwellProcess.run(["curve", "--script", script, "--key", "a.rate", "--rate", "100", "--duration", "4"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "time,a.rate", "\(lines.first ?? "")")
        let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count == 401 && rows.allSatisfy { $0.count == 2 }, "\(result.standardOutput)")
        var worst = (error: 0.0, time: 0.0)
        for row in rows where row.count == 2 {
            let error = abs(row[1] - Self.rampRate(row[0]))
            if error > worst.error { worst = (error, row[0]) }
        }
        #expect(worst.error <= 1e-9, "\(ramp.what): \(worst.error) at \(worst.time) s")
    }

    // MARK: (d) A tape stop

    /// A tape stop of `D` seconds at the end of 5: rate 1, then straight
    /// down to 0 over [5 − D, 5].
    struct TapeStop: CustomTestStringConvertible, Sendable {
        var what: String
        var duration: Double
        var layers: String?
        var events: String = ""
        var options: [String] = []
        var testDescription: String { what }

        var begin: Double { 5 - duration }

        func rate(_ t: Double) -> Double { min(1, max(0, 1 - (t - begin) / duration)) }

        /// ∫₀ᵗ rate, in seconds: t, then 5 − D + u − u²/2D, u = t − (5 − D).
        func position(_ t: Double) -> Double {
            let u = min(max(t - begin, 0), duration)
            return min(t, begin) + u - u * u / (2 * duration)
        }

        /// When the rate reaches `rate`.
        func time(atRate rate: Double) -> Double { begin + duration * (1 - rate) }
    }

    static let tapeStops = [
        TapeStop(what: "--tape-stop 2", duration: 2, options: ["--tape-stop", "2"]),
        TapeStop(what: "a script's set of rate 0 over 2 s from 3 s", duration: 2,
                 layers: #"{"name": "a", "type": "audio", "file": "in.wav"}"#,
                 events: #"{"at": 3, "layer": "a", "set": {"rate": 0}, "duration": 2, "timingFunction": "linear"}"#),
        TapeStop(what: "--tape-stop 0.25, a fast one", duration: 0.25, options: ["--tape-stop", "0.25"]),
    ]

    @Test("a tape stop at the end of 5 s: P = 5 − D + u − u²/2D; faded out below 1/8, silent below 1/16; no click",
          arguments: tapeStops)
    func tapeStop(_ stop: TapeStop) throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 5), to: "in.wav")
        let arguments: [String]
        if let layers = stop.layers {
            try workspace.write(Self.script(layers, events: stop.events), to: "stop.json")
            arguments = ["--script", "stop.json"]
        } else {
            arguments = ["in.wav"] + stop.options
        }
        let output = try Self.render(arguments, in: workspace)
        #expect(output.frameCount == 5 * Self.sampleRate, "the length is the file's: \(output.frameCount) frames")
        let time = { (n: Int) in Double(n) / Self.fs }
        let position = { (n: Int) in Self.fs * stop.position(time(n)) }
        let gain = { (n: Int) in min(1, max(0, 16 * stop.rate(time(n)) - 1)) }
        let frame = { (t: Double) in Int((t * Self.fs).rounded()) }
        // While the rate is at least 1/8: at full gain, at the closed
        // form's position — but for the block of 16 frames (with the 2 of
        // lookahead) whose mean is the first below 1/8. The file starts as
        // it is (rate 1, read directly): from frame 0.
        let fade = frame(stop.time(atRate: 1.0 / 8))..<frame(stop.time(atRate: 1.0 / 16))
        let measured = Self.measure(output, over: 0..<fade.lowerBound - 18, position: position)
        #expect(measured.position <= Self.tolerance, "\(stop.what): \(measured)")
        #expect(measured.gain <= 1e-3, "\(stop.what): \(measured)")
        // The fade, 1/8 > rate > 1/16: gain 16ρ − 1, as a 16-frame block's
        // mean gives it — within 16·16·|ρ′| per frame, 256/(D·fs) — and
        // the position while the gain is above 0.2.
        let blockError = 256 / (stop.duration * Self.fs)
        let fading = Self.measure(output, over: fade, position: position, gain: gain)
        #expect(fading.gain <= blockError + 1e-3, "\(stop.what), the fade: \(fading)")
        let heard = Self.measure(output, over: fade.lowerBound..<frame(stop.time(atRate: 1.2 / 16)), position: position)
        #expect(heard.position <= Self.tolerance, "\(stop.what), the fade while its gain is above 0.2: \(heard)")
        // Silent from rate 1/16 on, a 16-frame block later at most.
        let silent = fade.upperBound + 16
        let loudest = output.samples[(2 * silent)...].map(abs).max() ?? 0
        #expect(loudest < 1e-6, "\(stop.what): silent from frame \(silent): peak \(loudest)")

        // No click: a sinusoid of peak A and ω per sample has second
        // differences of at most 4·sin²(ω/2)·A; the tone's ω only falls
        // (ω = 2πf·ρ/fs, ρ ≤ 1) and its gain only falls, so the output keeps
        // within that — 5% over for the slow change of frequency and gain
        // — through the switch at 5 − D from reading the file directly to
        // resampling it, and through the fade into silence.
        let bound = 4 * pow(sin(Double.pi * Self.frequency / Self.fs), 2) * Self.amplitude
        for channel in 0..<2 {
            let steepest = Self.steepestSecondDifference(output.channel(channel), over: 1..<fade.lowerBound)
            #expect(steepest.value <= 1.05 * bound,
                    "\(stop.what), channel \(channel): a click at frame \(steepest.frame): \(steepest.value), bound \(bound)")
            let fadeSteepest = Self.steepestSecondDifference(output.channel(channel), over: fade.lowerBound..<output.frameCount - 1)
            #expect(fadeSteepest.value <= 1.05 * bound,
                    "\(stop.what), channel \(channel), from the fade on: a click at frame \(fadeSteepest.frame): \(fadeSteepest.value), bound \(bound)")
        }
    }

    /// The largest |y[n+1] − 2y[n] + y[n−1]| for n in `range`, and where.
    static func steepestSecondDifference(_ y: [Double], over range: Range<Int>) -> (value: Double, frame: Int) {
        var steepest = (value: 0.0, frame: -1)
        for n in range.clamped(to: 1..<max(1, y.count - 1)) {
            let d = abs(y[n + 1] - 2 * y[n] + y[n - 1])
            if !(d <= steepest.value) { steepest = (d.isNaN ? .infinity : d, n) }
        }
        return steepest
    }

    // MARK: Below 1/16 and back

    /// A keyframe animation of rate 1 → 0 → 1 over [1, 3] s: rate |t − 2|
    /// there, position ∫ rate = 1 + u − u²/2 (u = t − 1) to 2 s, 1.5 + (t −
    /// 2)²/2 to 3 s, t − 1 after.
    static func dipPosition(_ t: Double) -> Double {
        switch t {
        case ..<1: return t
        case ..<2: let u = t - 1; return 1 + u - u * u / 2
        case ..<3: return 1.5 + (t - 2) * (t - 2) / 2
        default: return t - 1
        }
    }

    static func dipRate(_ t: Double) -> Double { t >= 1 && t < 3 ? abs(t - 2) : 1 }

    @Test("rate 1 → 0 → 1: faded, silent below 1/16, then the ground covered meanwhile made up; no click")
    func dip() throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 6), to: "in.wav")
        try workspace.write(Self.script(#"{"name": "a", "type": "audio", "file": "in.wav"}"#, events: """
            {"at": 1, "layer": "a", "add": {"type": "keyframe", "keyPath": "rate", "values": [1, 0, 1], "duration": 2}}
            """), to: "dip.json")
        let output = try Self.render(["--script", "dip.json"], in: workspace)
        #expect(output.frameCount == 6 * Self.sampleRate, "\(output.frameCount) frames")
        let position = { (n: Int) in Self.fs * Self.dipPosition(Double(n) / Self.fs) }
        let gain = { (n: Int) in min(1, max(0, 16 * Self.dipRate(Double(n) / Self.fs) - 1)) }
        let frame = { (t: Double) in Int((t * Self.fs).rounded()) }
        // Down to rate 1/8 (1.875 s): full gain, on the closed form.
        let before = Self.measure(output, over: 0..<frame(1.875), position: position)
        #expect(before.position <= Self.tolerance && before.gain <= 1e-3, "before the fade: \(before)")
        // The fades either side of the silence, within 16·16·|ρ′| = 256/fs.
        for fade in [frame(1.875)..<frame(1.9375), frame(2.0625)..<frame(2.125)] {
            let fading = Self.measure(output, over: fade, position: position, gain: gain)
            #expect(fading.gain <= 256 / Self.fs + 1e-3, "the fade over \(fade): \(fading)")
        }
        // Silent where the rate is below 1/16, but for a 16-frame block at
        // either end.
        let silence = frame(1.9375) + 16..<frame(2.0625) - 16
        let loudest = output.samples[2 * silence.lowerBound..<2 * silence.upperBound].map(abs).max() ?? 0
        #expect(loudest < 1e-6, "silent over \(silence): peak \(loudest)")
        // The ground covered below 1/16 — ∫ |t − 2| over |t − 2| < 1/16,
        // 1/256 s, 187.5 frames — is made up at 1/16 of a frame a frame
        // once the rate is back: 3000 frames after 2.0625 s (and a block),
        // the output is on the closed form again, and at full gain from
        // 2.125 s (and a block).
        let after = Self.measure(output, over: frame(2.0625) + 3_000 + 32..<output.frameCount, position: position)
        #expect(after.position <= Self.tolerance, "after the silence: \(after)")
        let full = Self.measure(output, over: frame(2.125) + 16..<output.frameCount, position: position)
        #expect(full.gain <= 1e-3, "at full gain again: \(full)")
        // No click anywhere: the tone never goes above f, nor its gain
        // above 1.
        let bound = 4 * pow(sin(Double.pi * Self.frequency / Self.fs), 2) * Self.amplitude
        for channel in 0..<2 {
            let steepest = Self.steepestSecondDifference(output.channel(channel), over: 1..<output.frameCount - 1)
            #expect(steepest.value <= 1.05 * bound, "channel \(channel): a click at frame \(steepest.frame): \(steepest.value), bound \(bound)")
        }
    }

    // MARK: speed × an animated rate

    /// Under `"speed": 0.5`, a rate ramp 1 → 0.25 set at 1 s over 2 s of the
    /// layer's time runs over [1, 5] s of the mix (curve shows it so): rate
    /// 1 − 3(t − 1)/16 there, and the file at 0.5·∫ rate — 0.5·(1 + u −
    /// 3u²/32), u = t − 1, then 0.5·(3.5 + (t − 5)/4).
    static func slowRampPosition(_ t: Double) -> Double {
        switch t {
        case ..<1: return 0.5 * t
        case ..<5: let u = t - 1; return 0.5 * (1 + u - 3 * u * u / 32)
        default: return 0.5 * (3.5 + 0.25 * (t - 5))
        }
    }

    @Test("speed 0.5 × a rate ramp in the layer's time: P = 0.5·∫ rate, to 0.2 frame, and curve shows the ramp over [1, 5] s")
    func speedTimesRamp() throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 6), to: "in.wav")
        let script = try workspace.write(Self.script(#"{"name": "a", "type": "audio", "file": "in.wav", "speed": 0.5}"#, events: """
            {"at": 1, "layer": "a", "set": {"rate": 0.25}, "duration": 2, "timingFunction": "linear"}
            """), to: "slow.json")
        let output = try Self.render(["--script", "slow.json"], in: workspace)
        // The file's 6 s at the declared rate 1, at half speed.
        #expect(output.frameCount == 12 * Self.sampleRate, "\(output.frameCount) frames")
        let measured = Self.measure(output, over: Self.edge..<output.frameCount) { Self.fs * Self.slowRampPosition(Double($0) / Self.fs) }
        #expect(measured.position <= Self.tolerance && measured.gain <= 1e-3, "\(measured)")
        let result = try SwellProcess.run(["curve", "--script", script, "--key", "a.rate", "--rate", "100", "--duration", "6"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count == 601 && rows.allSatisfy { $0.count == 2 })
        for row in rows where row.count == 2 {
            let expected = row[0] < 1 ? 1 : row[0] < 5 ? 1 - 3 * (row[0] - 1) / 16 : 0.25
            #expect(abs(row[1] - expected) <= 1e-9, "a.rate at \(row[0]) s: \(row[1]), expected \(expected)")
        }
    }

    // MARK: (g) play

    @Test("play --speed 1.5 is heard at P(n) = 1.5·n, as render writes it")
    func play() throws {
        let workspace = try Workspace()
        let input = Self.quadrature(seconds: 3)
        try workspace.write(input, to: "in.wav")
        let alsa = try ALSATestConfiguration()
        let result = try SwellProcess.run(["play", "in.wav", "--speed", "1.5", "--device", ALSATestConfiguration.capturePCM],
                                          environment: alsa.environment, directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let frames = Int((Double(input.frameCount) / 1.5).rounded())
        // The device may record silence after the file.
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.count >= 2 * frames, "\(captured.count / 2) frames captured, \(frames) played")
        let heard = WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                            samples: Array(captured.prefix(2 * frames)))
        let measured = Self.measure(heard, over: Self.edge..<frames - Self.edge) { 1.5 * Double($0) }
        #expect(measured.position <= Self.tolerance, "play: \(measured)")
        #expect(measured.gain <= 1e-3, "play: \(measured)")
    }

    // MARK: (h) Bad input

    /// A script with a bad rate; `before` is the text just before the
    /// value at fault, once in the script, and `reason` the message.
    struct BadRate: CustomTestStringConvertible, Sendable {
        var what: String
        var text: String
        var before: String
        var reason: String

        var testDescription: String { what }

        /// The 1-based line and column of the value after `before`.
        var location: String { text.location(following: before) }
    }

    static let held = #""rate" must be greater than 0 and at most 16 unless animated; it is a playback rate"#
    static let animated = #""rate" must be within 0…16; it is a playback rate"#

    static func layerWithRate(_ value: String) -> String {
        """
        {"version": 1, "layers": [
          {"name": "a", "type": "audio", "file": "in.wav",
           "rate": \(value)}]}
        """
    }

    static func event(_ event: String) -> String {
        """
        {"version": 1, "layers": [{"name": "a", "type": "audio", "file": "in.wav"}],
         "events": [
           \(event)]}
        """
    }

    static let badRates = [
        BadRate(what: "a layer declared with rate 0", text: layerWithRate("0"), before: #""rate": "#, reason: held),
        BadRate(what: "a layer declared with rate -1", text: layerWithRate("-1"), before: #""rate": "#, reason: held),
        BadRate(what: "a layer declared with rate 17", text: layerWithRate("17"), before: #""rate": "#, reason: held),
        BadRate(what: "a set of rate 0 without a duration", text: event(#"{"at": 1, "layer": "a", "set": {"rate": 0}}"#),
                before: #""set": {"rate": "#, reason: held),
        BadRate(what: "a set of rate 0 with duration 0",
                text: event(#"{"at": 1, "layer": "a", "set": {"rate": 0}, "duration": 0}"#),
                before: #""set": {"rate": "#, reason: held),
        BadRate(what: "a set of rate -0.5, animated",
                text: event(#"{"at": 1, "layer": "a", "set": {"rate": -0.5}, "duration": 1}"#),
                before: #""set": {"rate": "#, reason: animated),
        BadRate(what: "a set of rate 17, animated",
                text: event(#"{"at": 1, "layer": "a", "set": {"rate": 17}, "duration": 1}"#),
                before: #""set": {"rate": "#, reason: animated),
        BadRate(what: "a schedule's ramp to -1",
                text: event(#"{"at": 0, "layer": "a", "automate": "rate", "calls": [["linearRampToValueAtTime", -1, 1]]}"#),
                before: #"["linearRampToValueAtTime", "#, reason: animated),
    ]

    @Test("a bad rate in a script is one line at its FILE:LINE:COL, exit 2, nothing written, from render and curve",
          arguments: badRates)
    func badRate(_ bad: BadRate) throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 0.1), to: "in.wav")
        try workspace.write(bad.text, to: "bad.json")
        let subjects = ["bad.json:\(bad.location): \(bad.reason)"]
        let before = try workspace.entries()
        let render = try SwellProcess.run(["render", "--script", "bad.json", "-o", "out.wav"], directory: workspace.directory)
        render.expectFailure(.badInput, naming: subjects)
        let curve = try SwellProcess.run(["curve", "--script", "bad.json", "--duration", "1"], directory: workspace.directory)
        curve.expectFailure(.badInput, naming: subjects)
        let after = try workspace.entries()
        #expect(after == before, "left behind: \(after.subtracting(before))")
    }

    @Test("--speed 0, 20, -1, 0% or abc is refused, exit 2, one line, nothing written",
          arguments: [("0", "--speed"), ("20", "--speed"), ("-1", "--speed"), ("0%", "--speed"), ("abc", "abc")])
    func badSpeed(_ value: String, _ subject: String) throws {
        let workspace = try Workspace()
        try workspace.write(Self.quadrature(seconds: 0.1), to: "in.wav")
        let before = try workspace.entries()
        try SwellProcess.run(["render", "in.wav", "--speed", value, "-o", "out.wav"], directory: workspace.directory)
            .expectFailure(.badInput, naming: [subject])
        try SwellProcess.run(["play", "in.wav", "--speed", value, "--device", "null"], directory: workspace.directory)
            .expectFailure(.badInput, naming: [subject])
        try SwellProcess.run(["curve", "--speed", value, "--duration", "1"], directory: workspace.directory)
            .expectFailure(.badInput, naming: [subject])
        let after = try workspace.entries()
        #expect(after == before, "left behind: \(after.subtracting(before))")
    }
}
