import ArgumentParser
import Foundation
import SampleTerminal
import SwellALSA
import SwellMPRIS
import SwellScript
import SwellSession
import SwellSndFile

/// AudioFader — the `AudioLayer` demo of objc.io's "Animating Custom Layer
/// Properties" (issue 12) as a terminal program: the view controller's
/// buttons become keys, and the layer plays on an ALSA device through an
/// ``AudioEngine``.
///
/// It embeds a Swell session (SwellSession): its layer tree is declared as
/// a script's, so `swell ctl` (`set volume 0.5`, `pause`, `status`, `get
/// music.volume`) and media keys or `playerctl` (MPRIS, SwellMPRIS) drive
/// the same layers the keys do, through the session's one responder.
///
/// The engine's clock is the audio clock, so every change is reported at
/// the audio time it takes effect: a fade from the frame its animation
/// begins (the engine commits a change for the first frame not yet
/// rendered), play and pause from no earlier than the frame given.
@main
struct AudioFader: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "AudioFader",
        abstract: "Play a sound file and fade it with keys, like the AudioLayer view controller of "
            + "objc.io's \"Animating Custom Layer Properties\".",
        discussion: """
        KEYS
          space   play / pause        (AudioLayer.play(), stop(): QA1673)
          i       fade in             (volume = 1)
          o       fade out            (volume = 0)
          q       fade out over 20 ms and quit (also Ctrl-C, Ctrl-D)

        A fade is the layer's implicit animation: linear, from the volume the sound is at \
        (the presentation value), over --fade. The program starts paused, like the article's \
        "Play Music" button, and ends at the end of the file.

        It is a Swell session: `swell ctl` (set volume 0.5, pause, resume, seek 10, status, get \
        music.volume, stop) and MPRIS clients such as playerctl drive it too.
        """)

    @Argument(help: "The sound file (any format libsndfile reads).")
    var file: String

    @Option(help: ArgumentHelp("The ALSA PCM to play on.", valueName: "pcm"))
    var device = "default"

    @Option(help: ArgumentHelp(
        "How the volume reaches the samples: sample (evaluated at every frame) or display "
            + "(set by the layer's display() once per audio period, as in the article).",
        valueName: "path"), transform: parseGainPath)
    var gain = GainPath.sample

    @Option(help: ArgumentHelp("How long a fade takes: Core Animation's implicit 0.25s unless given.",
                               valueName: "time"),
            transform: { try TimeSpec(parsing: $0).seconds(atSampleRate: nil) })
    var fade = 0.25

    func validate() throws {
        guard fade > 0 else { throw ValidationError("--fade must be longer than 0") }
    }

    /// The article's view: one audio layer, `music`, that the file plays
    /// in — the tree a session's requests name.
    static let tree = #"{"version": 1, "layers": [{"name": "music", "type": "audio"}]}"#

    func run() throws {
        Interruption.install()
        let source = try SoundFileSource(path: file)
        let script = try ScriptSpec(parsing: Self.tree, file: "AudioFader", baseDirectory: URL(fileURLWithPath: "/"),
                                    kinds: LayerKind.session)
        let session = try Session(inputs: [source], script: script, options: AutomationOptions(), mode: .live,
                                  gainPath: gain)
        let engine = session.engine
        let output = try AudioOutput(engine: engine, device: device)
        let responder = ControlResponder(stage: session.stage, host: engine, files: [file],
                                         xruns: { output.xrunCount })
        let controller = FaderController(audioLayer: session.stage.inputLayers[0], session: responder)
        // Paused at the first frame until the play button, without a ramp:
        // nothing has been heard yet.
        engine.withTime(engine.commitTime) {
            CATransaction.begin()
            session.stage.root.pause()
            CATransaction.commit()
        }
        // The control socket and MPRIS, closed on every way out.
        let services = SessionServices(control: ControlDirectory(), layers: script.layers,
                                       services: [MPRISServer.connect])
        defer { services.close() }

        let status = StatusLine()
        let terminal = try RawTerminal()
        defer {
            status.finish()
            terminal?.restore()
        }
        status.print("\(file): space play/pause · i fade in · o fade out · q quit")
        let fader = FaderSession(controller: controller, engine: engine, fadeDuration: fade, status: status)
        services.answerGets(from: engine, stage: session.stage)
        try output.start()
        services.start(files: [source], playing: session)
        let keyboard = Keyboard()
        var exitStatus: Int32?
        try output.run {
            for key in keyboard.pendingKeys() where exitStatus == nil {
                switch FaderSession.Command(key: key) {
                case .quit(let status): exitStatus = status
                case .press(let button): fader.press(button)
                case nil: break
                }
            }
            // A `stop` request, or MPRIS's Stop or Quit, is a q.
            if exitStatus == nil && services.answer(with: responder, playing: session) { exitStatus = 0 }
            if exitStatus == nil && Interruption.isRequested { exitStatus = Interruption.exitStatus }
            fader.showStatus()
            return exitStatus != nil || session.isFinished
        }
        if let failure = engine.sourceFailure { throw failure }
        guard let exitStatus else {
            try output.stop(drain: true)
            status.print("end of \(file)")
            return
        }
        status.print("quit from frame \(engine.renderedFrames): fading out over 20 ms")
        try output.fadeOut()
        try output.stop(drain: false)
        if exitStatus != 0 { throw ExitCode(exitStatus) }
    }
}

/// `--gain sample|display`.
private func parseGainPath(_ text: String) throws -> GainPath {
    guard let path = GainPath(rawValue: text) else {
        throw ValidationError("'\(text)' is not a gain path; use sample or display")
    }
    return path
}
