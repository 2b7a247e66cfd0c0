import SwellCommands
import SwellSession
import Foundation
import SwellALSA
import SwellRender
import SwellScript
import SwellSndFile
import SwellWindow

/// `swell play --script scene.json --window`: the script's scene in a
/// window at the display's refresh while its sound plays
/// (docs/video.md#the-live-window).
///
/// With audio layers, a video layer's sound track or input files, the tree is hosted by the audio
/// engine and the window runs on the audio clock (``PlayingScene``);
/// without, on a headless host following the monotonic clock
/// (``HostClockScene``), until `--duration`, or Q — the window stays open
/// on a still scene, as ffplay's does — or, with ``autoexit``, where its
/// animations end (never, when one repeats forever). The window opens
/// before anything plays, so without a display nothing is heard.
package struct WindowJob {
    package var play: PlayJob
    /// The script's file name: the window's title, and the stem of saved
    /// frames.
    package var name = "scene"
    /// Print frame statistics to standard error at the end
    /// (`SWELL_FRAME_STATS`).
    package var reportsStatistics = false
    /// `--autoexit`: a scene without sound closes its window where it
    /// stops moving, as ffplay's `-autoexit`; without it the window stays
    /// open on the last frame until Q, closing it, or a `stop` request.
    package var autoexit = false

    /// Shows the scene until it ends, Q, the window closes or a `stop`
    /// request (returns), or `shouldContinue` returns false (fades out and
    /// throws ``RenderInterrupted``). Control requests are answered once a
    /// refresh, on the window's thread, which owns the tree
    /// (docs/control.md).
    package func run(shouldContinue: () -> Bool, saved: (Result<LiveWindow.SavedFrame, RenderError>) -> Void) throws {
        guard let script = play.script, let canvas = script.canvas else {
            throw AutomationError("--window shows a scene: give a --script with a \"canvas\"")
        }
        let hasSound = !play.inputs.isEmpty || script.layers.contains(where: \.makesSound)
        // Everything that can be bad input is checked before the window
        // opens, and the window before anything plays.
        let sources = try play.inputs.map { path throws(SoundFileError) in try SoundFileSource(path: path, raw: play.raw) }
        let session = hasSound ? try makeSession(sources, script: script) : nil
        let silentStage = hasSound ? nil : try AutomationStage(script: script, options: play.options, sampleRate: nil,
                                                                openMixer: nil)
        let end = try silentStage.flatMap(silentEnd)
        let window: LiveWindow
        do {
            window = try LiveWindow(canvas: canvas, name: name)
        } catch {
            throw WindowUnavailable(reason: error.description)
        }
        defer { if reportsStatistics { report(window) } }
        let savePath = { (time: Double) in Self.savePath(name: name, sceneTime: time) }
        let services = SessionServices(control: play.control, layers: script.layers)
        defer { services.close() }
        var stopped = false
        /// Answers the requests waiting, then asks `shouldContinue`.
        func continues(_ responder: ControlResponder) -> Bool {
            stopped = stopped || services.answer(with: responder)
            return !stopped && shouldContinue()
        }
        guard let session, silentStage == nil else {
            let stage = silentStage!
            let clock = ManualClock()
            let host = HeadlessHost(clock: clock)
            stage.install(on: host)
            let scene = HostClockScene(host: host, clock: clock, end: end)
            let responder = ControlResponder(stage: stage, host: host, files: [])
            services.answerGets(from: host, stage: stage)
            let ending = try window.run(scene, shouldContinue: { continues(responder) }, savePath: savePath, saved: saved)
            if ending == .interrupted && !stopped { throw RenderInterrupted() }
            return
        }
        let output = try AudioOutput(engine: session.engine, device: play.device, configuration: play.configuration)
        try output.start()
        play.options.warnOfLimitedLevels(allowsBoost: play.allowsBoost)
        let scene = PlayingScene(session: session, output: output, refreshInterval: window.refreshInterval)
        services.answerGets(from: session.engine, stage: session.stage)
        let responder = ControlResponder(stage: session.stage, host: session.engine, files: play.inputs,
                                         xruns: { output.xrunCount })
        let ending = try window.run(scene, shouldContinue: { continues(responder) }, savePath: savePath, saved: saved)
        guard ending == .finished else {
            try output.fadeOut()
            try output.stop(drain: false)
            if ending == .interrupted && !stopped { throw RenderInterrupted() }
            return
        }
        try output.stop(drain: true)
        if let failure = session.engine.sourceFailure { throw failure }
    }

    /// Where a scene without sound ends: at `--duration`, else, with
    /// `--autoexit`, where its
    /// animations end (``SceneEnd``); nil — never — when one repeats
    /// forever.
    private func silentEnd(_ stage: AutomationStage) throws -> Double? {
        if let duration = play.options.duration { return try duration.seconds(atSampleRate: nil) }
        guard autoexit else { return nil }
        let end = try SceneEnd(of: stage)
        return end.unending == nil ? end.time : nil
    }

    /// The inputs and the script's own files on a live engine, as `play`
    /// builds them; the inputs play one after another (or crossfaded) in
    /// one show.
    private func makeSession(_ sources: [SoundFileSource], script: ScriptSpec) throws -> Session {
        try Session(inputs: sources, inputOptions: play.inputOptions, script: script, options: play.options,
                    format: play.format, mode: .live, gainPath: play.gainPath, periodFrames: play.periodFrames,
                    allowsBoost: play.allowsBoost,
                    openMixer: { device, control in
                        try MixerControl(device: device ?? "default", name: control ?? "Master")
                    })
    }

    /// `scene.json-1.234s.png` in the current directory, `-2`, `-3`… added
    /// rather than overwriting a file.
    package static func savePath(name: String, sceneTime: Double) -> String {
        let stem = "\((name as NSString).deletingPathExtension)-\(String(format: "%.3f", sceneTime))s"
        var path = stem + ".png", count = 1
        while FileManager.default.fileExists(atPath: path) {
            count += 1
            path = "\(stem)-\(count).png"
        }
        return path
    }

    private func report(_ window: LiveWindow) {
        FileHandle.standardError.write(Data("swell: window: \(window.presentation); \(window.statistics)\n".utf8))
    }
}

/// No display to open a window on: a runtime failure (exit status 1).
package struct WindowUnavailable: Error, CustomStringConvertible {
    package let reason: String
    package var description: String { "--window needs a display: \(reason)" }
}
