import Foundation
import Testing
import TestSupport

/// The sound of an exported video (docs/video.md#export): the script's
/// audio layers mixed as `swell render --script s.json -o out.wav` mixes
/// them, sample n at n/fs from the video's first frame. The references are
/// that WAV and FFmpeg's decoding of both files.
@Suite("render: a scene's sound in its video")
struct SceneVideoSoundTests {
    /// Silence to 0.5 s, then a linear sweep from 300 Hz up 1800 Hz a
    /// second at 0.3: an onset and a signal whose correlation has one sharp
    /// peak, which lossy codecs keep well — a lag of one sample shows.
    private static func sweep(sampleRate: Int = 48_000, channels: Int = 2, seconds: Double = 2) -> WAVFile {
        let frames = Int(seconds * Double(sampleRate))
        let samples = (0 ..< frames * channels).map { i -> Double in
            let t = Double(i / channels) / Double(sampleRate) - 0.5
            return t < 0 ? 0 : 0.3 * sin(2 * .pi * (300 * t + 900 * t * t))
        }
        return WAVFile(sampleRate: sampleRate, channelCount: channels, encoding: .float, samples: samples)
    }

    /// A 32×24 scene with the sweep as an audio layer that dips to a
    /// quarter from 1 s to 1.5 s.
    private static let scene = ##"""
        {"version": 1,
         "canvas": {"width": 32, "height": 24, "backgroundColor": "#102030"},
         "layers": [
          {"name": "box", "type": "layer", "position": [16, 12], "bounds": [0, 0, 8, 8], "backgroundColor": "#ffffff"},
          {"name": "sweep", "type": "audio", "file": "sweep.wav"}
         ],
         "events": [{"at": 1, "layer": "sweep", "set": {"volume": 0.25}, "duration": 0.5},
                    {"at": 1, "layer": "box", "set": {"opacity": 0}, "duration": 1}]}
        """##

    private func setUp() throws -> (Workspace, String) {
        let workspace = try Workspace()
        try workspace.write(Self.sweep(), to: "sweep.wav")
        return (workspace, try workspace.write(Self.scene, to: "scene.json"))
    }

    /// FFmpeg's decoding of the first audio stream of `path` as 32-bit words.
    private func words(_ path: String) throws -> [Int32] {
        let data = try SoundFileFixtures.ffmpeg("-i", path, "-map", "0:a:0", "-f", "s32le", "-")
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) }
    }

    @Test("MKV's FLAC decodes to the samples of `-o out.wav --encoding pcm24`, sample for sample, from --start to --end")
    func losslessSound() throws {
        let (workspace, script) = try setUp()
        let video = workspace.path("out.mkv"), sound = workspace.path("out.wav")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", video, "--start", "0.5", "--end", "1.8",
                                      "--fps", "30"]).status == 0)
        #expect(try SwellProcess.run(["render", "--script", script, "-o", sound, "--encoding", "pcm24"]).status == 0)
        let probe = try VideoProbe(video)
        #expect(VideoProbe.text(probe.stream("audio"), "codec_name") == "flac")
        #expect(VideoProbe.number(probe.stream("audio"), "start_time") == 0)
        let exported = try words(video), reference = try words(sound)
        // 1.3 s from 0.5 s: frames 24,000 … 86,399 of the WAV, two channels.
        #expect(exported.count == 62_400 * 2)
        #expect(exported == Array(reference[48_000 ..< 48_000 + 62_400 * 2]))
    }

    /// The lag, in frames, at which `decoded` (left channel) best matches
    /// `reference`, and the normalised correlation there.
    private func alignment(_ decoded: [Float], _ reference: [Float]) -> (lag: Int, correlation: Double) {
        let left = { (samples: [Float]) in stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) } }
        let x = left(decoded), y = left(reference)
        var best = (lag: 0, correlation: -1.0)
        // The sweep's first 0.4 s and the dip, well inside both.
        let window = 6_000 ..< 40_000
        for lag in -200...200 {
            var dot = 0.0, xx = 0.0, yy = 0.0
            for i in window {
                dot += x[i + lag] * y[i]
                xx += x[i + lag] * x[i + lag]
                yy += y[i] * y[i]
            }
            let correlation = dot / (xx * yy).squareRoot()
            if correlation > best.correlation { best = (lag, correlation) }
        }
        return best
    }

    @Test("AAC in MP4 and Opus in WebM: the mix, aligned to the sample with the pictures' origin",
          arguments: [("mp4", "aac", 0.0), ("webm", "opus", -0.007)])
    func lossySound(format: String, codec: String, audioStart: Double) throws {
        let (workspace, script) = try setUp()
        let video = workspace.path("out.\(format)"), sound = workspace.path("out.wav")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", video, "--start", "0.25", "--end", "1.5"])
            .status == 0)
        #expect(try SwellProcess.run(["render", "--script", script, "-o", sound]).status == 0)
        let probe = try VideoProbe(video)
        let audio = probe.stream("audio")
        #expect(VideoProbe.text(audio, "codec_name") == codec)
        #expect(VideoProbe.text(audio, "sample_rate") == "48000")
        #expect(VideoProbe.number(probe.stream("video"), "start_time") == 0)
        // MP4 cuts AAC's priming with an edit list; WebM stores Opus's 312
        // samples of pre-skip as the track's CodecDelay, which FFmpeg
        // shows as a start 6.5 ms (rounded to the millisecond) early.
        #expect(VideoProbe.number(audio, "start_time") == audioStart)
        let decoded = try SoundFileFixtures.ffmpegSamples(video)
        let reference = Array(try SoundFileFixtures.soxSamples(sound).dropFirst(12_000 * 2))
        // 1.25 s, give or take the codec's last frame.
        #expect(abs(decoded.count / 2 - 60_000) < 1_024, "\(decoded.count / 2) frames")
        let (lag, correlation) = alignment(decoded, reference)
        #expect(lag == 0, "the sound is \(lag) samples late")
        #expect(correlation > 0.9, "correlation \(correlation)")
    }

    @Test("an hour at 1 fps, MKV and MP4: the last picture and the last sample end at exactly 3600 s")
    func hourWithoutDrift() throws {
        let workspace = try Workspace()
        try workspace.write(Self.sweep(sampleRate: 8_000, channels: 1, seconds: 1), to: "sweep.wav")
        let script = try workspace.write(##"""
            {"version": 1, "sampleRate": 8000,
             "canvas": {"width": 16, "height": 16, "backgroundColor": "#000000"},
             "layers": [{"name": "sweep", "type": "audio", "file": "sweep.wav"}]}
            """##, to: "scene.json")
        let video = workspace.path("hour.mkv")
        let result = try SwellProcess.run(["render", "--script", script, "-o", video, "--end", "1h", "--fps", "1"],
                                          timeout: 600)
        #expect(result.status == 0, "\(result)")
        let pictures = try VideoProbe.packets(video, stream: "v"), sounds = try VideoProbe.packets(video, stream: "a")
        #expect(pictures.count == 3_600)
        #expect(pictures.last.map { $0.time + $0.duration } == 3_600)
        #expect(sounds.last.map { $0.time + $0.duration } == 3_600)
        #expect(sounds.first?.time == 0)
        // MP4: AAC's priming and last frame's padding cut by the edit list,
        // both streams last exactly an hour, in their own time bases.
        let mp4 = workspace.path("hour.mp4")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", mp4, "--end", "1h", "--fps", "1"],
                                     timeout: 600).status == 0)
        let durations = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,duration_ts,time_base",
                                                       "-of", "csv=p=0", mp4]).requireSuccess().standardOutput
        let lines = durations.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        for line in lines {
            guard line.count == 3, let ticks = Double(line[2]) else {
                Issue.record("ffprobe said \(line)")
                continue
            }
            let base = line[1].split(separator: "/").compactMap { Double($0) }
            #expect(base.count == 2 && ticks * base[0] / base[1] == 3_600, "\(line)")
        }
        #expect(lines.map(\.first) == ["h264", "aac"])
    }
}
