import Foundation
import SwellALSA
import SwellOSC
import SwellScript
import SwellSndFile

/// `swell play`: files (one after the other, each with the automation, like
/// SoX's `play`; or, with `--crossfade`, in one sequence the automation
/// covers) or a script's own files, with their automation, on an ALSA
/// device.
public struct PlayJob {
    public var inputs: [String] = []
    /// How to read inputs that are raw samples (`--input-type`).
    public var raw: RawFormat?
    public var device = "default"
    public var configuration: ALSAConfiguration?
    public var gainPath = GainPath.sample
    public var periodFrames = 256
    public var allowsBoost = false
    public var script: ScriptSpec?
    public var options = AutomationOptions()
    public var inputOptions = InputOptions()
    /// `--rate` and `--channels`.
    public var format = MixFormatOptions()
    /// Where the control socket goes; nil: no socket.
    public var control: ControlDirectory? = ControlDirectory()
    /// The services beside the socket, such as media keys (SwellMPRIS).
    public var services: [PlaybackServiceFactory] = []
    /// `--osc`: where the session listens for OSC requests; nil: nowhere.
    public var osc: String?
    /// Makes the layers of kinds beyond the session's (SwellMPRIS's
    /// `mpris`); nil for a kind it does not make.
    public var makeLayer: AutomationStage.LayerMaker?
    /// `--hold`: after the last file the device stays open, playing
    /// silence, until a `stop` request or a signal ends the session.
    public var holds = false
    /// `--loop`: the inputs, in sequence in one session, over and over
    /// without a gap (``AutomationStage/Loop``), until a `stop` request, a
    /// signal or `--duration` ends the session.
    public var loops = false

    public init() {}

    /// What the progress line shows.
    public struct Status: Sendable {
        public let input: String?
        /// Where the session is (``Session/time(atHostTime:)``).
        public let time: Double
        /// nil while it is not known (a stream).
        public let duration: Double?
        public let gainDecibels: Double?
        public let xruns: Int
    }

    /// Plays every input to its end (with ``holds``, or ``loops`` without
    /// `--duration`, on until a `stop`),
    /// reporting ten times a second to `progress` (nil: no reports, and no
    /// presented gain computed for them), and answering the control
    /// socket's requests between (docs/control.md). When `shouldContinue`
    /// returns false, fades out over 20 ms, stops and throws
    /// ``RenderInterrupted``; after a `stop` request, fades out and returns.
    public func run(progress: ((Status) -> Void)? = nil, shouldContinue: () -> Bool = { true }) throws {
        // Every input is opened before the first plays, so that a missing
        // one is reported before anything is heard.
        let sources = try inputs.map { path throws(SoundFileError) in try SoundFileSource(path: path, raw: raw) }
        let sessions = inputOptions.crossfade != nil || loops || sources.isEmpty ? [sources] : sources.map { [$0] }
        let layers = (script ?? ScriptSpec()).layers
        // Every way out — the end, an error, an interruption — removes the
        // socket (a second signal's immediate exit leaves it for the next
        // session to clear) and leaves the session bus.
        let services = SessionServices(control: control, layers: layers, services: self.services,
                                       osc: try osc.map { endpoint throws(OSCError) in
                                           try OSCInput(endpoint: endpoint, layers: layers)
                                       })
        defer { services.close() }
        var stopped = false
        // The sound server, reached the first time a stream or sink layer
        // asks, for every session of the job.
        var connection: PulseConnection?
        let openServer: AutomationStage.ServerOpener = {
            if let connection { return connection }
            connection = try PulseConnection()
            return connection!
        }
        for (index, files) in sessions.enumerated() where !stopped {
            let holds = self.holds && index == sessions.count - 1
            let file = files.count == 1 ? files[0] : nil
            let session = try Session(inputs: files, inputOptions: inputOptions, script: script, options: options,
                                      format: format, mode: .live, gainPath: gainPath,
                                      periodFrames: periodFrames, allowsBoost: allowsBoost, loops: loops,
                                      openMixer: { device, control in
                                          try MixerControl(device: device ?? "default", name: control ?? "Master")
                                      }, makeLayer: makeLayer, openServer: openServer)
            if files.isEmpty && !session.stage.hasAudioLayers {
                throw AutomationError("nothing to play: give a file, or a script with audio layers")
            }
            let output = try AudioOutput(engine: session.engine, device: device, configuration: configuration)
            services.answerGets(from: session.engine, stage: session.stage)
            try output.start()
            // Once the first file plays: an error before it is the one line.
            if index == 0 {
                options.warnOfLimitedLevels(allowsBoost: allowsBoost)
                services.start(files: sources, playing: session)
            }
            let engine = session.engine
            var lastReport = Date.distantPast
            var interrupted = false
            var failed: (any Error)?
            let stage = session.stage
            var responder = ControlResponder(stage: stage, host: engine, files: files.map(\.format.path),
                                             xruns: { output.xrunCount })
            // What Swell changed in other programs is put back on Ctrl-C
            // and on `ctl stop --restore` (docs/streams.md).
            responder.restore = stage.restoreOutside
            defer { if interrupted { stage.restoreOutside() } }
            try output.run {
                if !shouldContinue() { interrupted = true; return true }
                failed = stage.serviceOutputs(at: engine.currentTime)
                if failed != nil { return true }
                stopped = services.answer(with: responder, playing: session)
                if stopped { return true }
                if let progress, Date().timeIntervalSince(lastReport) >= 0.1 {
                    lastReport = Date()
                    progress(Status(input: file?.format.path, time: session.time(atHostTime: engine.currentTime),
                                    duration: session.duration,
                                    gainDecibels: session.presentedGainDecibels, xruns: output.xrunCount))
                }
                return session.isFinished && !holds
            }
            if interrupted || stopped || failed != nil {
                try output.fadeOut()
                try output.stop(drain: false)
                if interrupted { throw RenderInterrupted() }
                if let failed { throw failed }
                continue
            }
            try output.stop(drain: true)
            if let failure = engine.sourceFailure { throw failure }
            let end = min(session.time(atHostTime: engine.time(ofFrame: engine.renderedFrames)), session.duration ?? .infinity)
            progress?(Status(input: file?.format.path, time: end, duration: session.duration ?? end,
                            gainDecibels: session.presentedGainDecibels, xruns: output.xrunCount))
        }
    }
}
