import ArgumentParser
import Foundation
import SampleTerminal
import SwellALSA
import SwellScript
import SwellSndFile

/// Crossfade — two ``AudioLayer``s, one fading out as the other fades in,
/// with equal power (see ``EqualPowerCrossfade``): played on an ALSA
/// device, or rendered to a file as fast as the machine allows.
@main
struct Crossfade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Crossfade",
        abstract: "Crossfade two sound files with equal power.",
        discussion: """
        The first file plays; DURATION before its end the second starts, and the two volumes \
        follow cos(πp/2) and sin(πp/2) as the crossfade progresses (p from 0 to 1), so the \
        power of the mix stays constant. Both files must have the same sample rate.

        EXAMPLES:
          Crossfade a.flac b.flac --duration 5s
          Crossfade a.wav b.wav -o mix.wav
        """)

    @Argument(help: "The file that fades out.")
    var first: String

    @Argument(help: "The file that fades in.")
    var second: String

    @Option(help: ArgumentHelp("How long the crossfade lasts (default 3s).", valueName: "time"),
            transform: { try TimeSpec(parsing: $0).seconds(atSampleRate: nil) })
    var duration = 3.0

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("Render to this file (its extension picks the format) instead of playing.",
                               valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The ALSA PCM to play on (default: default).", valueName: "pcm"))
    var device: String?

    @Flag(help: "Replace an existing output file.")
    var overwrite = false

    func validate() throws {
        guard duration > 0 else { throw ValidationError("--duration must be longer than 0") }
        if output != nil && device != nil { throw ValidationError("give -o or --device, not both") }
        if overwrite && output == nil { throw ValidationError("--overwrite goes with -o") }
    }

    func run() throws {
        Interruption.install()
        if let output {
            try render(to: output)
        } else {
            try play(on: device ?? "default")
        }
        if Interruption.isRequested { throw ExitCode(Interruption.exitStatus) }
    }

    /// Renders the mix into `path`, which appears only once complete.
    private func render(to path: String) throws {
        let crossfade = try EqualPowerCrossfade(from: first, to: second, duration: duration, mode: .offline)
        let engine = crossfade.engine
        let writer = try SoundFileWriter(path: path, sampleRate: engine.sampleRate,
                                         channelCount: engine.channelCount, overwrite: overwrite)
        do {
            try OfflineRenderer.render(engine, frameCount: crossfade.frameCount, to: writer) { _ in
                if Interruption.isRequested { throw ExitCode(Interruption.exitStatus) }
            }
            try writer.commit()
        } catch {
            writer.abandon()
            throw error
        }
        print("\(path): \(seconds(engine.time(ofFrame: crossfade.frameCount))), "
            + "crossfade from \(seconds(crossfade.startTime)) over \(seconds(duration))")
    }

    private func seconds(_ value: Double) -> String {
        String(format: "%.6f s", value)
    }

    /// Plays the mix on `device`; Ctrl-C fades out over 20 ms and stops.
    private func play(on device: String) throws {
        let crossfade = try EqualPowerCrossfade(from: first, to: second, duration: duration, mode: .live)
        let engine = crossfade.engine
        let output = try AudioOutput(engine: engine, device: device)
        let status = StatusLine()
        defer { status.finish() }
        try output.start()
        try output.run {
            let a = crossfade.outgoing.presentation()?.volume ?? 1
            let b = crossfade.incoming.presentation()?.volume ?? 0
            status.update("\(StatusLine.clock(engine.currentTime)) / \(StatusLine.clock(engine.time(ofFrame: crossfade.frameCount)))"
                + "   \(crossfade.outgoing.name ?? first) \(String(format: "%.3f", a))"
                + "   \(crossfade.incoming.name ?? second) \(String(format: "%.3f", b))")
            return Interruption.isRequested || engine.renderedFrames >= crossfade.frameCount
        }
        if let failure = engine.sourceFailure { throw failure }
        if Interruption.isRequested {
            try output.fadeOut()
            try output.stop(drain: false)
        } else {
            try output.stop(drain: true)
        }
    }
}
