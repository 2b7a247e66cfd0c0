import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell play --script … --window` on an X server of the test's own
/// (Xvfb), driven by xdotool as a user would: keys pressed in the window,
/// its title read, its contents captured by `xwd`. The references are
/// `swell render --at T` of the same scene at the time the window reports
/// (its frames are the renderer's, which the scene tests check against
/// peers), the window's pixels as the X server holds them, and the step
/// of a display refresh, 1/60 s on Xvfb.
///
/// Nothing here waits for a wall-clock moment: every step polls for what
/// it expects (a title, a file) with a generous deadline, since the audio
/// clock on the test capture PCM runs only as fast as swell services it,
/// and the tests share two cores with others.
@Suite("play --window: the scene live in a window", .enabled(if: VirtualDisplay.isInstalled, "Xvfb is not installed"))
struct LiveWindowTests {
    /// A 320×180 scene on an opaque background: a disc crossing it in 4 s,
    /// and a square turning all the time, so that any two times differ.
    static func scene(withSound: Bool) -> String {
        let music = withSound ? #"{"name": "music", "type": "audio", "file": "tone.wav"},"# : ""
        return ##"""
            {"version": 1, "canvas": {"width": 320, "height": 180, "backgroundColor": "#203040"},
             "layers": [\##(music)
               {"name": "disc", "type": "shape", "position": [30, 60], "bounds": [0, 0, 40, 40],
                "cornerRadius": 20, "backgroundColor": "#ffcc00"},
               {"name": "square", "type": "layer", "position": [160, 130], "bounds": [0, 0, 50, 50],
                "backgroundColor": "#e04060", "borderWidth": 3, "borderColor": "#ffffff"}],
             "events": [
               {"at": 0, "layer": "disc", "add": {"type": "basic", "keyPath": "position.x",
                "fromValue": 30, "toValue": 290, "duration": 4}},
               {"at": 0, "layer": "square", "add": {"type": "basic", "keyPath": "transform.rotation.z",
                "fromValue": 0, "toValue": 6.283185307179586, "duration": 2, "repeatCount": "infinity"}}]}
            """##
    }

    /// A saved frame as `swell` reported it.
    struct Saved {
        let path: String
        let time: Double
    }

    /// `saved PATH: the scene at T s` lines.
    static func savedFrames(in output: String) -> [Saved] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("saved "), let colon = line.range(of: ": the scene at "), line.hasSuffix(" s"),
                  let time = Double(line[colon.upperBound...].dropLast(2)) else { return nil }
            return Saved(path: String(line[line.index(line.startIndex, offsetBy: 6)..<colon.lowerBound]), time: time)
        }
    }

    /// The time in a title `scene.json - 1.234 s[ - paused]`.
    static func titleTime(_ title: String) -> Double? {
        let parts = title.components(separatedBy: " - ")
        guard parts.count >= 2, parts[1].hasSuffix(" s") else { return nil }
        return Double(parts[1].dropLast(2))
    }

    /// `swell render --script … --at T` (and `--scale`), decoded.
    static func reference(_ script: String, at time: Double, scale: Int = 1, in workspace: Workspace) throws -> RGBAImage {
        let output = workspace.path("reference-\(UUID().uuidString).png")
        let result = try SwellProcess.run(["render", "--script", script, "-o", output, "--at", "\(time)",
                                           "--scale", "\(scale)"], directory: workspace.directory)
        try #require(result.status == 0, "\(result)")
        return try RGBAImage(decodingPNG: output, width: 320 * scale, height: 180 * scale)
    }

    /// Runs the scene in a window, pauses it, saves the frame, steps a
    /// frame forward and saves again, resumes, and quits with Q; checks
    /// the window's pixels and the saved frames against `swell render
    /// --at` of the times reported.
    private func pauseStepSaveQuit(withSound: Bool) throws {
        let display = try VirtualDisplay()
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene(withSound: withSound), to: "scene.json")
        var environment = display.environment
        var arguments = ["play", "--script", script, "--window"]
        let alsa = try ALSATestConfiguration()
        if withSound {
            // A second of a constant level (never a zero sample, so every
            // frame of it is told from silence), played for ten minutes, the
            // rest silence: the show outlasts the test however fast the
            // capture PCM runs.
            let tone = [Double](repeating: 0.25, count: 2 * 48_000)
            try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float, samples: tone), to: "tone.wav")
            arguments += ["--device", ALSATestConfiguration.capturePCM, "--duration", "10m"]
            environment.merge(alsa.environment) { $1 }
        }
        let swell = try SwellProcess.start(arguments, environment: environment, directory: workspace.directory)
        defer { swell.stop() }
        let window = try display.window(titled: "scene.json", shownBy: swell)

        try display.press("space", in: window)
        var pausedTitle = ""
        try display.wait(for: "the title to say paused") {
            pausedTitle = try display.title(of: window)
            return pausedTitle.hasSuffix(" - paused")
        }
        let screenshot = try display.screenshot(of: window, width: 320, height: 180, into: workspace.directory)
        try display.press("s", in: window)
        try display.wait(for: "the first frame saved") { try workspace.entries().filter { $0.hasSuffix(".png") }.count == 1 }
        try display.press("Right", in: window)
        try display.wait(for: "the title to move a frame on") { try display.title(of: window) != pausedTitle }
        let steppedTitle = try display.title(of: window)
        try display.press("s", in: window)
        try display.wait(for: "the second frame saved") { try workspace.entries().filter { $0.hasSuffix(".png") }.count == 2 }
        try display.press("space", in: window)
        // Past the tone's second, so that all of it has been heard.
        try display.wait(for: "the scene to play on past 1.1 s") {
            let title = try display.title(of: window)
            return !title.hasSuffix(" - paused") && (Self.titleTime(title) ?? 0) > 1.1
        }
        try display.press("q", in: window)
        let result = try swell.wait(timeout: 60)
        #expect(result.status == 0, "Q quits with status 0: \(result)")

        let saved = Self.savedFrames(in: result.standardOutput)
        try #require(saved.count == 2, "two saves reported: \(result.standardOutput)")
        // → moves a paused tree one refresh on: 1/60 s.
        #expect(abs(saved[1].time - saved[0].time - 1.0 / 60) < 1e-9, "\(saved[0].time) → \(saved[1].time)")
        #expect(Self.titleTime(pausedTitle).map { abs($0 - saved[0].time) <= 0.0005 } == true, "\(pausedTitle)")
        #expect(Self.titleTime(steppedTitle).map { abs($0 - saved[1].time) <= 0.0005 } == true, "\(steppedTitle)")
        for frame in saved {
            let reference = try Self.reference(script, at: frame.time, in: workspace)
            let image = try RGBAImage(decodingPNG: workspace.path(frame.path), width: 320, height: 180)
            #expect(image.bytes == reference.bytes, "the frame saved at \(frame.time) s is swell render --at \(frame.time)")
        }
        // The window at 1:1 shows the renderer's pixels over black, which
        // the opaque background makes the pixels themselves.
        let comparison = FuzzyComparison(screenshot, against: try Self.reference(script, at: saved[0].time, in: workspace),
                                         tolerance: FuzzyTolerance(maximumDifference: 2, differingAbove: 1, budget: 0))
        #expect(comparison.passes, "the paused window is swell render --at \(saved[0].time): \(comparison)")
        if withSound {
            // Space holds the sound with the pictures: the second of tone
            // is heard once, with a silence where the tree was paused (its
            // file position is its layer's local time, which stood still),
            // less the 1/60 s (800 frames) → stepped over. A frame either
            // way for where pause and resume round.
            let left = try alsa.captured(by: ALSATestConfiguration.capturePCM).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element)
            let sounding = left.indices.filter { left[$0] != 0 }
            #expect(abs(sounding.count - 47_200) <= 2, "\(sounding.count) frames of tone heard")
            let gaps = zip(sounding, sounding.dropFirst()).map { (start: $0 + 1, length: $1 - $0 - 1) }
            let pause = try #require(gaps.max { $0.length < $1.length })
            #expect(pause.length >= 4_800, "a silence of \(pause.length) frames where the tree was paused")
            // Seen and heard stop together: the sound held at the frame of
            // the picture's time, the saved frame's.
            let heardBeforePause = sounding.prefix { $0 < pause.start }.count
            #expect(abs(Double(heardBeforePause) - saved[0].time * 48_000) <= 1,
                    "\(heardBeforePause) frames heard before the pause; the picture paused at \(saved[0].time) s")
        }
    }

    @Test("a scene without sound: space pauses, → steps 1/60 s, S saves swell render --at's frame, Q quits 0")
    func silentScene() throws {
        try pauseStepSaveQuit(withSound: false)
    }

    @Test("a scene with sound, on the audio clock: the same keys, the same frames")
    func sceneWithSound() throws {
        try pauseStepSaveQuit(withSound: true)
    }

    @Test("resizing the window draws the canvas again at the size that fits, letterboxed in black")
    func resize() throws {
        let display = try VirtualDisplay()
        let workspace = try Workspace()
        let script = try workspace.write(Self.scene(withSound: false), to: "scene.json")
        let swell = try SwellProcess.start(["play", "--script", script, "--window"], environment: display.environment,
                                           directory: workspace.directory)
        defer { swell.stop() }
        let window = try display.window(titled: "scene.json", shownBy: swell)
        try display.press("space", in: window)
        try display.wait(for: "the title to say paused") { try display.title(of: window).hasSuffix(" - paused") }
        // 640×480 holds the 16:9 canvas at twice its size, 640×360, with
        // 60-pixel bars above and below.
        try display.xdotool(["windowmove", "--sync", window, "0", "0"])
        try display.xdotool(["windowsize", "--sync", window, "640", "480"])
        let black = [0, 0, 0, 255]
        var screenshot = RGBAImage(width: 0, height: 0, bytes: [])
        try display.wait(for: "the window to show the canvas letterboxed at 640×480") {
            guard try display.xdotool(["getwindowgeometry", window]).contains("Geometry: 640x480") else { return false }
            screenshot = try display.screenshot(of: window, width: 640, height: 480, into: workspace.directory)
            return screenshot[0, 0] == black && screenshot[0, 60] != black
        }
        try display.press("s", in: window)
        try display.wait(for: "a frame saved") { try workspace.entries().contains { $0.hasSuffix(".png") } }
        try display.press("q", in: window)
        let result = try swell.wait(timeout: 60)
        #expect(result.status == 0, "\(result)")
        let saved = try #require(Self.savedFrames(in: result.standardOutput).first, "\(result.standardOutput)")
        let reference = try Self.reference(script, at: saved.time, scale: 2, in: workspace)
        let image = try RGBAImage(decodingPNG: workspace.path(saved.path), width: 640, height: 360)
        #expect(image.bytes == reference.bytes, "the frame is swell render --scale 2 --at \(saved.time)")
        #expect((0..<640).allSatisfy { x in screenshot[x, 0] == black && screenshot[x, 59] == black
                    && screenshot[x, 420] == black && screenshot[x, 479] == black }, "black bars")
        let picture = RGBAImage(width: 640, height: 360, bytes: Array(screenshot.bytes[(60 * 640 * 4)..<(420 * 640 * 4)]))
        let comparison = FuzzyComparison(picture, against: reference,
                                         tolerance: FuzzyTolerance(maximumDifference: 2, differingAbove: 1, budget: 0))
        #expect(comparison.passes, "\(comparison)")
    }

    @Test("Ctrl-C fades out and exits 130, as play does")
    func interrupt() throws {
        let display = try VirtualDisplay()
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        // Ten seconds of a constant: still playing when the signal comes.
        let tone = [Double](repeating: 0.25, count: 2 * 480_000)
        try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float, samples: tone), to: "tone.wav")
        let script = try workspace.write(Self.scene(withSound: true), to: "scene.json")
        let swell = try SwellProcess.start(
            ["play", "--script", script, "--window", "--device", ALSATestConfiguration.capturePCM, "--duration", "10m"],
            environment: display.environment.merging(alsa.environment) { $1 }, directory: workspace.directory)
        defer { swell.stop() }
        _ = try display.window(titled: "scene.json", shownBy: swell)
        swell.interrupt()
        let result = try swell.wait(timeout: 60)
        #expect(result.status == 130, "\(result)")
        // The sound was playing, and fades to silence rather than stopping.
        let captured = try alsa.captured(by: ALSATestConfiguration.capturePCM)
        #expect(captured.contains { abs($0 - 0.25) < 1e-6 }, "the tone was playing")
        #expect(captured.last.map { abs($0) < 1e-3 } == true, "ends in silence")
        let fading = captured.filter { $0 > 1e-3 && $0 < 0.249 }
        #expect(fading.count >= 100, "the last 20 ms fall gradually: \(fading.count) samples between")
    }

    @Test("without a display: one line, exit 1, and nothing played", arguments: [["DISPLAY": "", "WAYLAND_DISPLAY": ""],
                                                                              ["DISPLAY": ":999", "WAYLAND_DISPLAY": ""]])
    func noDisplay(environment: [String: String]) throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let tone = [Double](repeating: 0.25, count: 2 * 4_800)
        try workspace.write(WAVFile(sampleRate: 48_000, channelCount: 2, encoding: .float, samples: tone), to: "tone.wav")
        let script = try workspace.write(Self.scene(withSound: true), to: "scene.json")
        let result = try SwellProcess.run(["play", "--script", script, "--window", "--device", ALSATestConfiguration.capturePCM],
                                          environment: environment.merging(alsa.environment) { $1 },
                                          directory: workspace.directory)
        #expect(result.status == 1, "\(result)")
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("swell: error: --window needs a display: "),
                "\(result.standardError)")
        #expect(((try? alsa.captured(by: ALSATestConfiguration.capturePCM)) ?? []).isEmpty, "nothing played")
    }

    /// A still scene — nothing timed — stays on screen, as ffplay's window
    /// does, until Q; `--autoexit` (ffplay's `-autoexit`) closes it where
    /// the scene stops moving, here at once.
    @Test("a still scene keeps its window open until Q; --autoexit closes it at the scene's end")
    func stillScene() throws {
        let display = try VirtualDisplay()
        let workspace = try Workspace()
        let script = try workspace.write(##"""
            {"version": 1, "canvas": {"width": 160, "height": 90, "backgroundColor": "#203040"},
             "layers": [{"name": "card", "type": "layer", "position": [80, 45], "bounds": [0, 0, 40, 40],
                         "backgroundColor": "#ffcc00"}]}
            """##, to: "still.json")
        let open = try SwellProcess.start(["play", "--script", script, "--window"], environment: display.environment,
                                          directory: workspace.directory)
        defer { open.stop() }
        let window = try display.window(titled: "still.json", shownBy: open)
        // Frames on the scene's clock: a second of them, shown, with the
        // window still there.
        try display.wait(for: "the title's time to pass 1 s") { (Self.titleTime(try display.title(of: window)) ?? 0) > 1 }
        #expect(!open.hasExited, "the still scene's window stays open")
        try display.press("q", in: window)
        let quit = try open.wait(timeout: 60)
        #expect(quit.status == 0, "\(quit)")

        let closing = try SwellProcess.run(["play", "--script", script, "--window", "--autoexit"],
                                           environment: display.environment, directory: workspace.directory,
                                           timeout: 60)
        #expect(closing.status == 0 && closing.standardError.isEmpty, "--autoexit closes it at once: \(closing)")
    }

    @Test("--window without a script with a canvas: one line, exit 2")
    func noCanvas() throws {
        let workspace = try Workspace()
        let script = try workspace.write(#"{"version": 1, "layers": [{"name": "main", "type": "audio"}]}"#, to: "sound.json")
        for arguments in [["play", "--window"], ["play", "--script", script, "--window"]] {
            let result = try SwellProcess.run(arguments, environment: ["DISPLAY": ""], directory: workspace.directory)
            #expect(result.status == 2, "\(result)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].contains("--window shows a scene"), "\(result.standardError)")
        }
    }
}
