import ArgumentParser
import Foundation
import SampleTerminal
import SwellALSA
import SwellScript
import SwellSndFile

/// AudioFader — the `AudioLayer` demo of objc.io's "Animating Custom Layer
/// Properties" (issue 12) as a terminal program: the view controller's
/// buttons become keys, and the layer plays on an ALSA device through an
/// ``AudioEngine``.
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

    func run() throws {
        Interruption.install()
        let controller = try FaderController(contentsOfFile: file)
        let source = controller.audioLayer.source!
        let engine = AudioEngine(sampleRate: source.sampleRate, channelCount: source.channelCount,
                                 gainPath: gain, mode: .live)
        engine.rootLayer = controller.view
        let output = try AudioOutput(engine: engine, device: device)

        let status = StatusLine()
        let terminal = try RawTerminal()
        defer {
            status.finish()
            terminal?.restore()
        }
        status.print("\(file): space play/pause · i fade in · o fade out · q quit")
        let session = FaderSession(controller: controller, engine: engine, fadeDuration: fade, status: status)
        try output.start()
        let keyboard = Keyboard()
        var exitStatus: Int32?
        try output.run {
            for key in keyboard.pendingKeys() where exitStatus == nil {
                switch FaderSession.Command(key: key) {
                case .quit(let status): exitStatus = status
                case .press(let button): session.press(button)
                case nil: break
                }
            }
            if exitStatus == nil && Interruption.isRequested { exitStatus = Interruption.exitStatus }
            session.showStatus()
            return exitStatus != nil || engine.sourcesHaveEnded
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
