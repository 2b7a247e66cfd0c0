import ArgumentParser
import Foundation
import SwellSession

/// `swell`: fades and volume ramps, on a PCM stream or a sound card's mixer,
/// with Core Animation's timing model.
package struct Swell: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "Fade audio and script volume ramps with Core Animation's timing model.",
        discussion: """
        Every fade, ramp and script is a Core Animation animation of a layer's `volume`, \
        evaluated at every sample (or, with --gain display, once per audio period as \
        Core Animation's display link would).

        TIME is 2, 2.5s, 500ms, 30m or 1h. LEVEL is 0.5 (linear amplitude), 50% or -6dB. \
        NAME is linear, easeIn, easeOut, easeInEaseOut, default, bezier(x1,y1,x2,y2) or a \
        SoX/FFmpeg fade shape: tri qsin hsin esin iqsin ihsin exp log par ipar qua cub squ \
        cbr dese desi losi sinc isinc. A fade-out uses the mirrored shape, as SoX does.

        Exit status: 0 done, 1 device or I/O failure, 2 bad input, 130 interrupted (143 for SIGTERM).

        EXAMPLES:
          swell play song.flac --fade-in 3
          swell render in.wav -o out.wav --fade-in 2 --fade-out 2 --timing qsin
          swell play alarm.wav --ramp "0:0 30s:1:easeIn"
          swell mixer --to 20% --duration 30m --timing easeInEaseOut     (a sleep timer)
          swell curve --fade-in 2 --duration 5 --format svg -o fade.svg
          swell demo
        """,
        version: "1.0.0",
        subcommands: [PlayCommand.self, RenderCommand.self, MixerCommand.self, CurveCommand.self, CtlCommand.self,
                      DevicesCommand.self, DemoCommand.self])

    /// How an executable draws: with the drawing libraries it links, or by
    /// running its drawing helper, the executable of that name beside it.
    package enum DrawingSource {
        case linked(any SceneDrawing)
        case helper(named: String)
    }

    /// Runs the command the arguments name, drawing as `drawing` says,
    /// reporting any failure as one line and the exit status of
    /// docs/cli.md#exit-codes. In the lean `swell`, a command that needs
    /// drawing is run again, whole, by its helper
    /// (docs/architecture.md#two-executables).
    package static func start(drawing: DrawingSource) {
        let linked: (any SceneDrawing)?
        if case .linked(let libraries) = drawing { linked = libraries } else { linked = nil }
        Drawing.current.withLock { $0 = linked }
        Interrupt.install()
        do {
            try ArgumentCheck.check(arguments, commands: configuration.subcommands.compactMap { $0.configuration.commandName })
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch is NeedsDrawing {
            guard case .helper(let name) = drawing else { preconditionFailure("linked drawing needs none") }
            DrawingExecutable(name: name).replaceProcess(argv: CommandLine.unsafeArgv)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit { exit(withError: error) }
            if isArgumentError(error) {
                report("swell: error: \(message(for: error))")
                Foundation.exit(2)
            }
            report(Failure.line(for: error))
            Foundation.exit(Failure.exitStatus(for: error))
        }
    }

    /// The arguments as the system passed them, each byte that is not
    /// UTF-8 kept (`String(fileSystemBytes:)`): a file may be named
    /// `bad\xffname.wav`, which `CommandLine.arguments` would have turned
    /// into U+FFFD.
    private static var arguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            String(fileSystemBytes: Array(UnsafeRawBufferPointer(start: CommandLine.unsafeArgv[index],
                                                                 count: strlen(CommandLine.unsafeArgv[index]!))))
        }
    }

    /// Writes a line to standard error, bytes that are not UTF-8 written
    /// `\xFF`.
    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line.escapingRawBytes + "\n").utf8))
    }

    /// Whether ArgumentParser raised the error (bad arguments): its exit code
    /// is the usage code rather than a failure code.
    private static func isArgumentError(_ error: any Error) -> Bool {
        exitCode(for: error) == .validationFailure && !(error is ExitCode)
    }
}
