import Foundation
import Testing
import TestSupport

/// `swell render --script scene.json -o out.mp4|webm|mkv|gif`
/// (docs/video.md#export): the streams FFmpeg's ffprobe reads, the frame
/// count against ⌈(end − start)·fps⌉, and each frame against `swell render
/// --at` of its time as FFmpeg decodes both — exactly for lossless FFV1,
/// within a bound for the lossy codecs and GIF's palette.
@Suite("render: a scene exported as video")
struct SceneVideoTests {
    /// A 64×48 canvas with a red box that slides and fades from 0.5 s to
    /// 2 s, over an opaque background (video carries no alpha).
    static let scene = ##"""
        {"version": 1,
         "canvas": {"width": 64, "height": 48, "backgroundColor": "#204060"},
         "layers": [
          {"name": "box", "type": "shape", "position": [40, 24], "bounds": [0, 0, 20, 12],
           "path": "M 0 0 H 20 V 12 H 0 Z", "fillColor": "#ff2000"}
         ],
         "events": [{"at": 0.5, "layer": "box", "set": {"opacity": 0.2, "position": [16, 20]}, "duration": 1.5}]}
        """##

    /// The frames of `path` as FFmpeg decodes them to RGBA, one array each.
    private func frames(_ path: String, width: Int = 64, height: Int = 48) throws -> [ArraySlice<UInt8>] {
        let bytes = try SoundFileFixtures.ffmpegRGBA(path)
        let size = width * height * 4
        return stride(from: 0, to: bytes.count, by: size).map { bytes[$0 ..< min($0 + size, bytes.count)] }
    }

    /// `swell render --at t` of the scene, decoded by FFmpeg.
    private func single(at t: Double, script: String, in workspace: Workspace) throws -> [UInt8] {
        let path = workspace.path("at-\(t).png")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", path, "--at", "\(t)"]).status == 0)
        return try SoundFileFixtures.ffmpegRGBA(path)
    }

    /// Peak signal-to-noise ratio of the colour channels, in dB.
    private func psnr(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Double {
        var sum = 0.0, count = 0
        for (i, (x, y)) in zip(a, b).enumerated() where i % 4 != 3 {
            sum += (Double(x) - Double(y)) * (Double(x) - Double(y))
            count += 1
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    @Test("each format's streams: codecs, pixel format, ⌈(end − start)·fps⌉ frames, the rate, start 0, the duration",
          arguments: [("mp4", "h264", "yuv420p", 30.0), ("webm", "vp9", "yuv420p", 30), ("mkv", "ffv1", "bgr0", 30),
                      ("gif", "gif", "bgra", 25)])
    func streams(format: String, codec: String, pixelFormat: String, fps: Double) throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let output = workspace.path("out.\(format)")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--start", "0.25", "--end", "1.9",
                                           "--fps", "\(Int(fps))"])
        #expect(result.status == 0, "\(result)")
        let probe = try VideoProbe(output)
        let video = probe.stream("video")
        // ⌈1.65 · 30⌉ = 50; ⌈1.65 · 25⌉ = 42.
        let count = Int((1.65 * fps).rounded(.up))
        #expect(probe.streams.count == 1, "no audio layers, no audio stream: \(probe.streams)")
        #expect(VideoProbe.text(video, "codec_name") == codec)
        #expect(VideoProbe.text(video, "pix_fmt") == pixelFormat)
        #expect(VideoProbe.text(video, "nb_read_frames") == "\(count)")
        #expect(VideoProbe.text(video, "r_frame_rate") == "\(Int(fps))/1")
        #expect(VideoProbe.number(video, "start_time") == 0)
        #expect(abs((probe.duration ?? 0) - Double(count) / fps) < 0.001, "duration \(String(describing: probe.duration))")
        #expect(result.standardOutput.contains("wrote \(output): \(count) frames of 64×48 pixels"), "\(result)")
    }

    @Test("MKV (FFV1) frame k is byte for byte the PNG of `--at start + k/fps`")
    func losslessFrames() throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let output = workspace.path("out.mkv")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--start", "0.25", "--end", "1.9",
                                      "--fps", "30"]).status == 0)
        let decoded = try frames(output)
        #expect(decoded.count == 50)
        for k in [0, 7, 23, 38, 49] {
            let reference = try single(at: 0.25 + Double(k) / 30, script: script, in: workspace)
            #expect(Array(decoded[k]) == reference, "frame \(k)")
        }
    }

    @Test("H.264, VP9 and GIF frames are close to the PNGs of their times, and flat colour keeps its value",
          arguments: [("mp4", 30.0, 30.0), ("webm", 30, 30), ("gif", 25, 28)])
    func lossyFrames(format: String, fps: Double, minimumPSNR: Double) throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let output = workspace.path("out.\(format)")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--start", "0.25", "--end", "1.9",
                                      "--fps", "\(Int(fps))"]).status == 0)
        let decoded = try frames(output)
        for k in [0, 10, 25, 41] {
            let reference = try single(at: 0.25 + Double(k) / fps, script: script, in: workspace)
            let quality = psnr(decoded[k], reference)
            #expect(quality >= minimumPSNR, "frame \(k): PSNR \(quality) dB")
            // The background's corner, far from any edge: #204060 within a
            // few steps, which a wrong colour matrix or range would miss.
            let corner = decoded[k].dropFirst((2 * 64 + 2) * 4).prefix(3)
            #expect(zip(corner, [0x20, 0x40, 0x60]).allSatisfy { abs(Int($0) - $1) <= 3 }, "frame \(k): \(Array(corner))")
        }
    }

    @Test("GIF delays: frame k shows at the hundredth nearest k/fps, without drift")
    func gifDelays() throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let output = workspace.path("out.gif")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--end", "3", "--fps", "30"]).status == 0)
        let packets = try VideoProbe.packets(output, stream: "v")
        #expect(packets.count == 90)
        for (k, packet) in packets.enumerated() {
            #expect(abs(packet.time - (Double(k) * 100 / 30).rounded() / 100) < 1e-9, "frame \(k) at \(packet.time)")
        }
    }

    @Test("a GIF defaults to 50 fps, the fastest its readers show")
    func gifDefaultRate() throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let output = workspace.path("out.gif")
        #expect(try SwellProcess.run(["render", "--script", script, "-o", output, "--end", "1"]).status == 0)
        let video = try VideoProbe(output).stream("video")
        #expect(VideoProbe.text(video, "nb_read_frames") == "50")
        #expect(VideoProbe.text(video, "r_frame_rate") == "50/1")
    }

    @Test("a progress line of the frames' time on a terminal; nothing with --quiet or off a terminal")
    func progress() throws {
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene, to: "scene.json")
        let arguments = ["render", "--script", script, "-o", workspace.path("out.mkv"), "--end", "1.5", "--overwrite"]
        let (transcript, status) = try SwellProcess.runOnTerminal(arguments)
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("\r0:01.5 / 0:01.5 ["), "the last state: \(transcript.debugDescription)")
        let quiet = try SwellProcess.runOnTerminal(arguments + ["--quiet"])
        #expect(quiet.status == 0 && quiet.transcript.isEmpty, "\(quiet.transcript.debugDescription)")
        let piped = try SwellProcess.run(arguments)
        #expect(piped.status == 0 && piped.standardError.isEmpty, "\(piped)")
    }
}
