import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// A layer's `"filters"`: named biquads whose parameters are layer
/// properties at `filters.NAME.KEY` (docs/filters.md). Every reference
/// here is independent of the code under test: SoX's biquad effects and
/// FFmpeg's filters run on the same input, the Audio EQ Cookbook's analog
/// prototypes |H(s)| taken through the bilinear transform, and a Direct
/// Form I written here whose coefficients are recomputed at every sample
/// from the parameter's closed form.
@Suite("filters: the Cookbook's biquads as SoX computes them, swept per sample")
struct FilterTests {
    static let sampleRate = 48_000

    /// `seconds` of interleaved white noise, uniform in ±`amplitude`, from
    /// a seeded generator: the same on every run.
    static func noise(seconds: Double, channels: Int, amplitude: Double = 0.1, seed: UInt64 = 11) -> [Double] {
        var generator = SplitMix64(seed: seed)
        let count = Int(seconds * Double(sampleRate)) * channels
        // Rounded to Float as the file stores them, so that a reference
        // computed from these is computed from what swell reads.
        return (0..<count).map { _ in Double(Float(Double.random(in: -amplitude...amplitude, using: &generator))) }
    }

    /// A script of one audio layer `music` playing `file`, with `filters`
    /// (the JSON array's members), and `events`.
    static func script(file: String, filters: String, events: String = "") -> String {
        """
        {"version": 1, "layers": [{"name": "music", "type": "audio", "file": "\(file)",
          "filters": [\(filters)]}],
         "events": [\(events)]}
        """
    }

    /// Runs `swell render --script SCRIPT -o NAME --encoding float` in the
    /// workspace and reads what it wrote.
    static func render(_ script: String, in workspace: Workspace, to name: String = "swell.wav") throws -> WAVFile {
        let path = try workspace.write(script, to: "filters.json")
        let output = workspace.path(name)
        let result = try SwellProcess.run(["render", "--script", path, "-o", output, "--encoding", "float", "--overwrite"],
                                          directory: workspace.directory)
        guard result.status == 0 else { throw TestSupportError("swell render failed: \(result)") }
        return try WAVFile(contentsOf: URL(fileURLWithPath: output))
    }

    /// `sox -D INPUT -e float -b 32 OUTPUT EFFECT…`, read back. `-D`: no
    /// dither, so that the output is the effect's alone.
    static func sox(_ input: String, _ effect: [String], in workspace: Workspace, to name: String = "sox.wav") throws -> WAVFile {
        let output = workspace.path(name)
        try Subprocess.run("sox", ["-D", input, "-e", "float", "-b", "32", output] + effect).requireSuccess()
        return try WAVFile(contentsOf: URL(fileURLWithPath: output))
    }

    // MARK: (a) Each type against SoX and FFmpeg

    /// One filter: Swell's JSON for it, and the SoX effect and FFmpeg
    /// filter of the same shape (docs/filters.md#types). The parameters are
    /// none of the defaults.
    struct Peer: CustomTestStringConvertible, Sendable {
        var type: String
        var parameters: String
        var sox: [String]
        var ffmpeg: String

        var json: String { #"{"name": "f", "type": "\#(type)", \#(parameters)}"# }
        var testDescription: String { "\(type) ↔ sox \(sox.joined(separator: " ")) ↔ ffmpeg \(ffmpeg)" }
    }

    static let peers = [
        Peer(type: "lowpass", parameters: #""frequency": 1234.5, "Q": 2.5"#, sox: ["lowpass", "1234.5", "2.5q"],
             ffmpeg: "lowpass=f=1234.5:width_type=q:width=2.5"),
        Peer(type: "highpass", parameters: #""frequency": 3210, "Q": 0.6"#, sox: ["highpass", "3210", "0.6q"],
             ffmpeg: "highpass=f=3210:width_type=q:width=0.6"),
        Peer(type: "bandpass", parameters: #""frequency": 2000, "Q": 4"#, sox: ["bandpass", "2000", "4q"],
             ffmpeg: "bandpass=f=2000:width_type=q:width=4"),
        Peer(type: "notch", parameters: #""frequency": 5000, "Q": 3"#, sox: ["bandreject", "5000", "3q"],
             ffmpeg: "bandreject=f=5000:width_type=q:width=3"),
        Peer(type: "allpass", parameters: #""frequency": 700, "Q": 0.9"#, sox: ["allpass", "700", "0.9q"],
             ffmpeg: "allpass=f=700:width_type=q:width=0.9"),
        Peer(type: "peaking", parameters: #""frequency": 1500, "Q": 1.8, "gain": -7.5"#, sox: ["equalizer", "1500", "1.8q", "-7.5"],
             ffmpeg: "equalizer=f=1500:width_type=q:width=1.8:gain=-7.5"),
        // FFmpeg's `bass` and `treble` are not these: their shelves use
        // √(2A) where the Cookbook (and SoX) use 2√A; its `lowshelf` and
        // `highshelf` are the Cookbook's.
        Peer(type: "lowshelf", parameters: #""frequency": 300, "Q": 0.8, "gain": 6"#, sox: ["bass", "6", "300", "0.8q"],
             ffmpeg: "lowshelf=f=300:width_type=q:width=0.8:gain=6"),
        Peer(type: "highshelf", parameters: #""frequency": 6000, "Q": 0.5, "gain": -9"#, sox: ["treble", "-9", "6000", "0.5q"],
             ffmpeg: "highshelf=f=6000:width_type=q:width=0.5:gain=-9"),
    ]

    @Test("each type, held still, renders what its SoX effect and FFmpeg filter render from 2 s of stereo noise, to 1e-5",
          arguments: peers)
    func matchesPeers(peer: Peer) throws {
        let workspace = try Workspace()
        let input = try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                                samples: Self.noise(seconds: 2, channels: 2)), to: "noise.wav")
        let ours = try Self.render(Self.script(file: "noise.wav", filters: peer.json), in: workspace)
        #expect(ours.channelCount == 2 && ours.sampleRate == Self.sampleRate && ours.frameCount == 2 * Self.sampleRate,
                "\(ours.channelCount) channels, \(ours.sampleRate) Hz, \(ours.frameCount) frames")
        let sox = try Self.sox(input, peer.sox, in: workspace)
        let ffmpegPath = workspace.path("ffmpeg.wav")
        try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-i", input, "-af", peer.ffmpeg, "-c:a", "pcm_f32le", "-y",
                                      ffmpegPath]).requireSuccess()
        let ffmpeg = try WAVFile(contentsOf: URL(fileURLWithPath: ffmpegPath))
        for (name, theirs) in [("SoX", sox), ("FFmpeg", ffmpeg)] {
            #expect(theirs.frameCount == ours.frameCount, "\(name): \(theirs.frameCount) frames")
            let deviation = Deviation(ours.samples, theirs.samples)
            #expect(deviation.error <= 1e-5, "\(name), \(peer.testDescription): \(deviation) (interleaved sample index)")
        }
        // The filter did something: the output is not the input.
        let unfiltered = try WAVFile(contentsOf: URL(fileURLWithPath: input))
        #expect(Deviation(ours.samples, unfiltered.samples).error > 1e-3)
    }

    /// A layer's filters act in order, then its group's; a group's act on
    /// each layer below it, so the mix of two layers under a filtered group
    /// is the sum of each one's filtered sound — SoX's effects chained on
    /// each file, added here.
    @Test("a layer's filters in order, then its group's on each layer below it: SoX's chains, summed, to 1e-5")
    func chainAndGroup() throws {
        let workspace = try Workspace()
        let a = try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                            samples: Self.noise(seconds: 2, channels: 2, seed: 1)), to: "a.wav")
        let b = try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                            samples: Self.noise(seconds: 2, channels: 2, seed: 2)), to: "b.wav")
        let ours = try Self.render("""
            {"version": 1, "layers": [
              {"name": "bus", "type": "layer", "filters": [{"name": "air", "type": "highshelf", "frequency": 8000, "Q": 0.7, "gain": -4}]},
              {"name": "a", "type": "audio", "file": "a.wav", "parent": "bus", "filters": [
                {"name": "cut", "type": "highpass", "frequency": 150, "Q": 0.9},
                {"name": "bell", "type": "peaking", "frequency": 2500, "Q": 2, "gain": 5}]},
              {"name": "b", "type": "audio", "file": "b.wav", "parent": "bus"}]}
            """, in: workspace)
        let soxA = try Self.sox(a, ["highpass", "150", "0.9q", "equalizer", "2500", "2q", "5", "treble", "-4", "8000", "0.7q"],
                                in: workspace, to: "sox-a.wav")
        let soxB = try Self.sox(b, ["treble", "-4", "8000", "0.7q"], in: workspace, to: "sox-b.wav")
        #expect(ours.frameCount == soxA.frameCount && ours.frameCount == soxB.frameCount)
        let deviation = Deviation(ours.samples, zip(soxA.samples, soxB.samples).map(+))
        #expect(deviation.error <= 1e-5, "\(deviation) (interleaved sample index)")
    }

    /// A layer's filters act on its voice before its gain: a fade-in, which
    /// multiplies after them, gives SoX's `lowpass … fade t`, not `fade t
    /// lowpass …` — which differ by 1e-3 here, the fade being short and the
    /// filter's delay long.
    @Test("filters act before the layer's gain: --fade-in 0.05 --timing linear is SoX's `lowpass 200 2q fade t 0.05`, to 1e-5")
    func beforeGain() throws {
        let workspace = try Workspace()
        let input = try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                                samples: Self.noise(seconds: 1, channels: 2)), to: "noise.wav")
        let script = try workspace.write(Self.script(file: "noise.wav", filters: #"{"name": "lp", "type": "lowpass", "frequency": 200, "Q": 2}"#),
                                         to: "filters.json")
        let output = workspace.path("swell.wav")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--encoding", "float",
                                           "--fade-in", "0.05", "--timing", "linear"], directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let ours = try WAVFile(contentsOf: URL(fileURLWithPath: output))
        let theirs = try Self.sox(input, ["lowpass", "200", "2q", "fade", "t", "0.05"], in: workspace)
        #expect(ours.frameCount == theirs.frameCount)
        let deviation = Deviation(ours.samples, theirs.samples)
        #expect(deviation.error <= 1e-5, "\(deviation) (interleaved sample index)")
    }

    // MARK: (b) Magnitude response against the analog prototype

    /// A complex number, for |H(jΩ)|.
    struct Complex {
        var re, im: Double
        static func + (a: Complex, b: Complex) -> Complex { Complex(re: a.re + b.re, im: a.im + b.im) }
        static func * (a: Complex, b: Complex) -> Complex {
            Complex(re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re)
        }
        static func * (a: Double, b: Complex) -> Complex { Complex(re: a * b.re, im: a * b.im) }
        var magnitude: Double { (re * re + im * im).squareRoot() }
    }

    /// |H(s)| of the Cookbook's analog prototype of `type` (normalised to
    /// a corner or centre at Ω = 1) at s = jΩ, with A = 10^(gain/40).
    static func prototypeMagnitude(_ type: String, omega: Double, q: Double, gain: Double) -> Double {
        let s = Complex(re: 0, im: omega), s2 = s * s, one = Complex(re: 1, im: 0)
        let a = pow(10, gain / 40)
        let poles = s2 + (1 / q) * s + one
        let (numerator, denominator): (Complex, Complex)
        switch type {
        case "lowpass": (numerator, denominator) = (one, poles)
        case "highpass": (numerator, denominator) = (s2, poles)
        case "bandpass": (numerator, denominator) = ((1 / q) * s, poles)
        case "notch": (numerator, denominator) = (s2 + one, poles)
        case "allpass": (numerator, denominator) = (s2 + (-1 / q) * s + one, poles)
        case "peaking": (numerator, denominator) = (s2 + (a / q) * s + one, s2 + (1 / (a * q)) * s + one)
        case "lowshelf":
            (numerator, denominator) = (a * (s2 + (a.squareRoot() / q) * s + Complex(re: a, im: 0)),
                                        a * s2 + (a.squareRoot() / q) * s + one)
        case "highshelf":
            (numerator, denominator) = (a * (a * s2 + (a.squareRoot() / q) * s + one),
                                        s2 + (a.squareRoot() / q) * s + Complex(re: a, im: 0))
        default: fatalError("no prototype for \(type)")
        }
        return numerator.magnitude / denominator.magnitude
    }

    /// The digital filter's response in dB at `frequency`, as the bilinear
    /// transform with prewarping at f0 gives it: H(s) at s = j·tan(ω/2) /
    /// tan(ω0/2).
    static func expectedResponse(_ type: String, at frequency: Double, f0: Double, q: Double, gain: Double) -> Double {
        let fs = Double(sampleRate)
        let omega = tan(Double.pi * frequency / fs) / tan(Double.pi * f0 / fs)
        return 20 * log10(prototypeMagnitude(type, omega: omega, q: q, gain: gain))
    }

    /// The amplitude of the sinusoid at `frequency` in `samples[range]`, by
    /// least squares on sin and cos of the sample index (the phase the
    /// input started with at index 0).
    static func amplitude(of samples: [Double], in range: Range<Int>, frequency: Double) -> Double {
        let w = 2 * Double.pi * frequency / Double(sampleRate)
        var (ss, sc, cc, ys, yc) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for n in range {
            let (s, c) = (sin(w * Double(n)), cos(w * Double(n)))
            (ss, sc, cc, ys, yc) = (ss + s * s, sc + s * c, cc + c * c, ys + samples[n] * s, yc + samples[n] * c)
        }
        let determinant = ss * cc - sc * sc
        let (a, b) = ((ys * cc - yc * sc) / determinant, (yc * ss - ys * sc) / determinant)
        return (a * a + b * b).squareRoot()
    }

    struct Response: CustomTestStringConvertible, Sendable {
        var type: String
        var frequency: Double
        var q: Double
        var gain: Double

        var json: String {
            #"{"name": "f", "type": "\#(type)", "frequency": \#(frequency), "Q": \#(q)\#(gain != 0 ? ", \"gain\": \(gain)" : "")}"#
        }
        var testDescription: String { "\(type) at \(frequency) Hz, Q \(q)\(gain != 0 ? ", \(gain) dB" : "")" }
    }

    static let responses = [
        Response(type: "lowpass", frequency: 1000, q: 2, gain: 0),
        Response(type: "highpass", frequency: 1000, q: 0.6, gain: 0),
        Response(type: "bandpass", frequency: 1000, q: 3, gain: 0),
        Response(type: "notch", frequency: 1000, q: 2, gain: 0),
        Response(type: "allpass", frequency: 1000, q: 0.9, gain: 0),
        Response(type: "peaking", frequency: 1000, q: 1.5, gain: 9),
        Response(type: "lowshelf", frequency: 500, q: 0.7, gain: -6),
        Response(type: "highshelf", frequency: 3000, q: 0.9, gain: 6),
    ]

    /// The probe frequencies: 0.5 s of a sine each, one after another.
    static let probes: [Double] = [60, 250, 700, 1300, 3000, 7000, 15_000]

    @Test("the response to sines, after the transient, is the Cookbook prototype's |H(j·tan(ω/2)/tan(ω0/2))|, to 0.01 dB",
          arguments: responses)
    func magnitudeResponse(response: Response) throws {
        let workspace = try Workspace()
        let segment = Self.sampleRate / 2
        let input = Self.probes.flatMap { f in
            (0..<segment).map { n in Double(Float(0.25 * sin(2 * Double.pi * f * Double(n) / Double(Self.sampleRate)))) }
        }
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: input),
                            to: "sines.wav")
        let output = try Self.render(Self.script(file: "sines.wav", filters: response.json), in: workspace).channel(0)
        #expect(output.count == input.count)
        for (k, f) in Self.probes.enumerated() {
            // The last half of each segment: the poles' transient, at most
            // a few milliseconds here, is long gone. The index restarts in
            // each segment, as the sine's phase does.
            let offset = k * segment
            let range = segment / 2..<segment
            let measured = 20 * log10(Self.amplitude(of: Array(output[offset..<offset + segment]), in: range, frequency: f)
                                          / Self.amplitude(of: Array(input[offset..<offset + segment]), in: range, frequency: f))
            let expected = Self.expectedResponse(response.type, at: f, f0: response.frequency, q: response.q, gain: response.gain)
            #expect(abs(measured - expected) <= 0.01, "\(response.testDescription), at \(f) Hz: \(measured) dB, expected \(expected) dB")
        }
    }

    // MARK: (c) A sweep, per sample

    /// `filters.lp.frequency` from 20 kHz to 200 Hz: a linear implicit
    /// animation begun by the event at 0.5 s, 2 s long, in the layer's time
    /// (which is the mix's here).
    static let sweep = (at: 0.5, duration: 2.0, from: 20_000.0, to: 200.0, q: 0.707)

    static var sweepScript: String {
        script(file: "in.wav", filters: #"{"name": "lp", "type": "lowpass", "frequency": \#(sweep.from), "Q": \#(sweep.q)}"#,
               events: #"{"at": \#(sweep.at), "layer": "music", "set": {"filters.lp.frequency": \#(sweep.to)}, "duration": \#(sweep.duration), "timingFunction": "linear"}"#)
    }

    /// The sweep's closed form at layer time `t`.
    static func sweepFrequency(_ t: Double) -> Double {
        let progress = min(max((t - sweep.at) / sweep.duration, 0), 1)
        return sweep.from + (sweep.to - sweep.from) * progress
    }

    /// Direct Form I over one channel, with the Cookbook's lowpass
    /// coefficients recomputed at every sample from the frequency there.
    static func referenceLowpass(_ x: [Double], q: Double, frequency: (Int) -> Double) -> [Double] {
        var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
        return x.indices.map { n in
            let w0 = 2 * Double.pi * frequency(n) / Double(sampleRate)
            let alpha = sin(w0) / (2 * q)
            let (b0, b1, b2) = ((1 - cos(w0)) / 2, 1 - cos(w0), (1 - cos(w0)) / 2)
            let (a0, a1, a2) = (1 + alpha, -2 * cos(w0), 1 - alpha)
            let y = (b0 * x[n] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0
            (x2, x1, y2, y1) = (x1, x[n], y1, y)
            return y
        }
    }

    @Test("a sweep from 20 kHz to 200 Hz is Direct Form I with the coefficients of every sample's frequency, to 1e-5, without a click")
    func sweepPerSample() throws {
        let workspace = try Workspace()
        let frames = 3 * Self.sampleRate
        // Left: noise. Right: a 100 Hz sine, in the pass band all along.
        let noise = Self.noise(seconds: 3, channels: 1)
        let (amplitude, tone) = (0.5, 100.0)
        let sine = (0..<frames).map { n in Double(Float(amplitude * sin(2 * Double.pi * tone * Double(n) / Double(Self.sampleRate)))) }
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                    samples: zip(noise, sine).flatMap { [$0, $1] }), to: "in.wav")
        let output = try Self.render(Self.sweepScript, in: workspace)
        #expect(output.frameCount == frames)
        let frequency = { (n: Int) in Self.sweepFrequency(Double(n) / Double(Self.sampleRate)) }
        for (channel, input) in [noise, sine].enumerated() {
            let expected = Self.referenceLowpass(input, q: Self.sweep.q, frequency: frequency)
            let deviation = Deviation(output.channel(channel), expected)
            #expect(deviation.error <= 1e-5, "channel \(channel): \(deviation)")
        }
        // The sweep did something: at its end the noise is lowpassed at 200 Hz.
        let tail = output.channel(0).suffix(Self.sampleRate / 2)
        let noiseTail = noise.suffix(Self.sampleRate / 2)
        let rms = { (x: ArraySlice<Double>) in (x.map { $0 * $0 }.reduce(0, +) / Double(x.count)).squareRoot() }
        #expect(rms(tail) < 0.2 * rms(noiseTail), "the tail is quieter: \(rms(tail)) vs \(rms(noiseTail))")

        // No click: a sinusoid of peak P at ω per sample has second
        // differences of at most 4·sin²(ω/2)·P. After the first 0.25 s —
        // the filter's start from rest — the output keeps within that, 5%
        // over for the slow change of gain and phase the sweep makes.
        let y = output.channel(1)
        let start = Self.sampleRate / 4
        let peak = y[start...].map(abs).max() ?? 0
        let bound = 4 * pow(sin(Double.pi * tone / Double(Self.sampleRate)), 2) * peak
        var (steepest, at) = (0.0, 0)
        for n in start + 1..<y.count - 1 {
            let d = abs(y[n + 1] - 2 * y[n] + y[n - 1])
            if d > steepest { (steepest, at) = (d, n) }
        }
        #expect(steepest <= 1.05 * bound, "a click at frame \(at): second difference \(steepest), a sinusoid's at most \(bound)")
        #expect(peak <= amplitude * 1.001 && peak >= amplitude * 0.9, "the sine stays in the pass band: peak \(peak)")
    }

    /// Where the swept filter is, and when the file starts.
    struct Placement: CustomTestStringConvertible, Sendable {
        var what: String
        var layers: String
        var layer: String
        /// Frames of silence before the file's first.
        var delay: Int

        var testDescription: String { what }
    }

    static let placements = [
        Placement(what: "a group's filter acts on the layer below it, swept in the group's time", layers: """
            {"name": "bus", "type": "layer", "filters": [{"name": "lp", "type": "lowpass", "frequency": \(sweep.from), "Q": \(sweep.q)}]},
            {"name": "music", "type": "audio", "file": "in.wav", "parent": "bus"}
            """, layer: "bus", delay: 0),
        Placement(what: "a layer that begins at 1 s: the sweep runs from the event's time, the file from 1 s", layers: """
            {"name": "music", "type": "audio", "file": "in.wav", "beginTime": 1,
             "filters": [{"name": "lp", "type": "lowpass", "frequency": \(sweep.from), "Q": \(sweep.q)}]}
            """, layer: "music", delay: sampleRate),
    ]

    @Test("the sweep per sample, to 1e-5, wherever the filter is", arguments: placements)
    func sweepPlacement(placement: Placement) throws {
        let workspace = try Workspace()
        let noise = Self.noise(seconds: 3, channels: 1, seed: 5)
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float, samples: noise), to: "in.wav")
        let output = try Self.render("""
            {"version": 1, "layers": [\(placement.layers)],
             "events": [{"at": \(Self.sweep.at), "layer": "\(placement.layer)", "set": {"filters.lp.frequency": \(Self.sweep.to)},
                         "duration": \(Self.sweep.duration), "timingFunction": "linear"}]}
            """, in: workspace).channel(0)
        let input = Array(repeating: 0.0, count: placement.delay) + noise
        #expect(output.count == input.count)
        let expected = Self.referenceLowpass(input, q: Self.sweep.q) { Self.sweepFrequency(Double($0) / Double(Self.sampleRate)) }
        let deviation = Deviation(output, expected)
        #expect(deviation.error <= 1e-5, "\(deviation)")
    }

    // MARK: (d) Key paths: curve and ctl

    @Test("curve shows music.filters.lp.frequency on the sweep's closed form, to 1e-6, and Q held")
    func curve() throws {
        let workspace = try Workspace()
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float,
                                    samples: Self.noise(seconds: 3, channels: 1)), to: "in.wav")
        let script = try workspace.write(Self.sweepScript, to: "sweep.json")
        let result = try SwellProcess.run(["curve", "--script", script, "--key", "music.filters.lp.frequency",
                                           "--key", "music.filters.lp.Q", "--rate", "100", "--duration", "3"],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "time,music.filters.lp.frequency,music.filters.lp.Q", "\(lines.first ?? "")")
        let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count == 301 && rows.allSatisfy { $0.count == 3 }, "\(result.standardOutput)")
        for row in rows where row.count == 3 {
            let expected = Self.sweepFrequency(row[0])
            #expect(abs(row[1] - expected) <= 1e-6, "at \(row[0]) s: \(row[1]) Hz, expected \(expected)")
            #expect(row[2] == Self.sweep.q, "Q at \(row[0]) s: \(row[2])")
        }
    }

    @Test("ctl set and get reach a playing layer's filter by its key path; an out-of-range value is refused")
    func ctl() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 2, encoding: .float,
                                    samples: Self.noise(seconds: 20, channels: 2)), to: "in.wav")
        let script = try workspace.write(
            Self.script(file: "in.wav", filters: #"{"name": "lp", "type": "lowpass", "frequency": 5000}"#), to: "live.json")
        let session = try LiveSession(["play", "--script", script, "--device", ALSATestConfiguration.realtimePCM, "--quiet"],
                                      workspace: workspace, alsa: alsa)
        #expect(try session.ctl(["get", "music.filters.lp.frequency"]).standardOutput == "5000\n")
        #expect(try session.ctl(["get", "music.filters.lp.Q"]).standardOutput == "0.707106781\n")
        let set = try session.ctl(["set", "filters.lp.frequency=400", "--layer", "music", "--duration", "0"])
        #expect(set.status == 0 && set.standardError.isEmpty, "\(set)")
        try waitUntil("the set is heard") {
            try session.ctl(["get", "music.filters.lp.frequency"]).standardOutput == "400\n"
        }
        let refused = try session.ctl(["set", "filters.lp.frequency=-5", "--layer", "music"])
        refused.expectFailure(.badInput, naming: ["frequency", "greater than 0"])
        let unknown = try session.ctl(["set", "filters.nope.frequency=400", "--layer", "music"])
        unknown.expectFailure(.badInput, naming: ["filters.nope.frequency"])
        #expect(!session.process.hasExited, "the session plays on")
        #expect(try session.ctl(["stop"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
    }

    // MARK: (e) Bad input

    /// A script with one problem in its filters, the text where it is,
    /// and what the message must say.
    struct BadFilter: CustomTestStringConvertible, Sendable {
        var what: String
        var text: String
        var marker: String
        var reason: String

        var testDescription: String { what }

        /// The 1-based line and column of `marker` in `text`.
        var location: String { text.location(of: marker) }
    }

    static func layer(_ filters: String, type: String = #""type": "audio", "file": "in.wav""#) -> String {
        """
        {"version": 1, "layers": [
          {"name": "music", \(type),
           "filters": [\(filters)]}]}
        """
    }

    static let badFilters = [
        BadFilter(what: "an unknown type, with a suggestion",
                  text: layer(#"{"name": "lp", "type": "lowpas"}"#), marker: #""lowpas""#,
                  reason: #"unknown type "lowpas"; did you mean "lowpass"?"#),
        BadFilter(what: "Q of 0", text: layer(#"{"name": "lp", "type": "lowpass", "Q": 0}"#), marker: "0}",
                  reason: #""Q" must be greater than 0"#),
        BadFilter(what: "a negative Q", text: layer(#"{"name": "lp", "type": "lowpass", "Q": -0.5}"#), marker: "-0.5",
                  reason: #""Q" must be greater than 0"#),
        BadFilter(what: "a negative frequency", text: layer(#"{"name": "lp", "type": "lowpass", "frequency": -5}"#),
                  marker: "-5", reason: #""frequency" must be greater than 0 and at most 96000"#),
        BadFilter(what: "a frequency of 0", text: layer(#"{"name": "lp", "type": "lowpass", "frequency": 0}"#),
                  marker: "0}", reason: #""frequency" must be greater than 0"#),
        BadFilter(what: "a frequency above 96 kHz", text: layer(#"{"name": "lp", "type": "lowpass", "frequency": 1e6}"#),
                  marker: "1e6", reason: #""frequency" must be greater than 0 and at most 96000"#),
        BadFilter(what: "a frequency too large to be finite",
                  text: layer(#"{"name": "lp", "type": "lowpass", "frequency": 1e999}"#), marker: "1e999", reason: ""),
        BadFilter(what: "a gain beyond +60 dB",
                  text: layer(#"{"name": "bell", "type": "peaking", "gain": 61}"#), marker: "61", reason: #""gain" must be within"#),
        BadFilter(what: "a filter on a layer with no sound",
                  text: layer(#"{"name": "lp", "type": "lowpass"}"#, type: #""type": "shape""#), marker: #"[{"name""#,
                  reason: "no sound to filter"),
        BadFilter(what: "two filters of one name",
                  text: layer(#"{"name": "lp", "type": "lowpass"}, {"name": "lp", "type": "highpass"}"#),
                  marker: #"{"name": "lp", "type": "highpass"}"#, reason: #"two filters are named "lp""#),
        BadFilter(what: "a parameter the type lacks", text: layer(#"{"name": "lp", "type": "lowpass", "gain": 3}"#),
                  marker: #""gain""#, reason: #"a lowpass filter has no "gain"; it has frequency, Q"#),
        BadFilter(what: "a name with a dot", text: layer(#"{"name": "l.p", "type": "lowpass"}"#), marker: #""l.p""#,
                  reason: "without '.'"),
        BadFilter(what: "a filter without a type", text: layer(#"{"name": "lp", "frequency": 300}"#), marker: #"{"name": "lp""#,
                  reason: #"missing required key "type""#),
        BadFilter(what: "an event setting a filter the layer lacks", text: """
            {"version": 1, "layers": [{"name": "music", "type": "audio", "file": "in.wav",
              "filters": [{"name": "lp", "type": "lowpass"}]}],
             "events": [{"at": 1, "layer": "music", "set": {"filters.nope.frequency": 400}}]}
            """, marker: #""filters.nope.frequency""#, reason: "filters.nope.frequency"),
        BadFilter(what: "an event setting a parameter the filter's type lacks", text: """
            {"version": 1, "layers": [{"name": "music", "type": "audio", "file": "in.wav",
              "filters": [{"name": "lp", "type": "lowpass"}]}],
             "events": [{"at": 1, "layer": "music", "set": {"filters.lp.gain": 3}}]}
            """, marker: #""filters.lp.gain""#, reason: "filters.lp.gain"),
        BadFilter(what: "an event setting a frequency out of range", text: """
            {"version": 1, "layers": [{"name": "music", "type": "audio", "file": "in.wav",
              "filters": [{"name": "lp", "type": "lowpass"}]}],
             "events": [{"at": 1, "layer": "music", "set": {"filters.lp.frequency": -5}}]}
            """, marker: "-5", reason: #""filters.lp.frequency" must be greater than 0"#),
    ]

    @Test("a bad filter is one line at its FILE:LINE:COL, exit 2, nothing written, from render and curve", arguments: badFilters)
    func badFilter(script: BadFilter) throws {
        let workspace = try Workspace()
        try workspace.write(WAVFile(sampleRate: Self.sampleRate, channelCount: 1, encoding: .float,
                                    samples: Array(repeating: 0.25, count: 4_800)), to: "in.wav")
        try workspace.write(script.text, to: "bad.json")
        let subjects = ["bad.json:\(script.location): "] + (script.reason.isEmpty ? [] : [script.reason])
        let before = try workspace.entries()
        let render = try SwellProcess.run(["render", "--script", "bad.json", "-o", "out.wav"], directory: workspace.directory)
        render.expectFailure(.badInput, naming: subjects)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("out.wav")))
        let curve = try SwellProcess.run(["curve", "--script", "bad.json", "--duration", "1"], directory: workspace.directory)
        curve.expectFailure(.badInput, naming: subjects)
        let after = try workspace.entries()
        #expect(after == before, "left behind: \(after.subtracting(before))")
    }
}
