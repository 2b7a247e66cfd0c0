import ArgumentParser
import Foundation
import SampleTerminal
import SwellALSA
import SwellScript

/// SleepTimer — a slow fade of a sound card's mixer control: a
/// ``MixerLayer``'s `volume` set inside a 30-minute transaction, driven by
/// a display link on the main run loop, as an iOS app would drive a layer.
@main
struct SleepTimer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "SleepTimer",
        abstract: "Fade a sound card's mixer control down slowly, then leave it there.",
        discussion: """
        The control's level is a MixerLayer's animated volume, written up to 100 times a second \
        while it moves — in dB when the control has dB data — so the card fades without the \
        zipper steps of a loop of amixer calls. LEVEL is 0.5 (linear amplitude), 50% or -6dB; \
        100% is the control's maximum.

        q or Ctrl-C cancels: the level stays where the fade had taken it, or, with --restore, \
        returns to where it was over 0.25 s. At the end of the fade the level stays at --to.

        EXAMPLES:
          SleepTimer                                   (Master to 0% over 30 minutes)
          SleepTimer --duration 45m --to -30dB --control PCM --restore
        """)

    @Option(help: ArgumentHelp("The ALSA control device.", valueName: "ctl"))
    var device = "default"

    @Option(help: ArgumentHelp("The simple mixer control.", valueName: "name"))
    var control = "Master"

    @Option(help: ArgumentHelp("How long the fade lasts (default 30m).", valueName: "time"),
            transform: { try TimeSpec(parsing: $0).seconds(atSampleRate: nil) })
    var duration = 30.0 * 60

    // Unconditional, so that a level in dB below 0 (`--to -30dB`) is taken
    // as the value rather than as an unknown option.
    @Option(parsing: .unconditional, help: ArgumentHelp("The level to fade to (default 0%).", valueName: "level"),
            transform: { try LevelSpec(parsing: $0).amplitude })
    var to = 0.0

    @Option(help: ArgumentHelp("The shape of the fade (default easeInEaseOut).", valueName: "name"),
            transform: { try TimingFunctionSpec(parsing: $0) })
    var timing = TimingFunctionSpec.named("easeInEaseOut")

    @Flag(help: "When cancelled, put the level back where it was.")
    var restore = false

    func validate() throws {
        guard duration > 0 else { throw ValidationError("--duration must be longer than 0") }
    }

    func run() throws {
        Interruption.install()
        let mixer = try MixerControl(device: device, name: control)
        let status = StatusLine()
        let terminal = try RawTerminal()
        defer {
            status.finish()
            terminal?.restore()
        }
        let timer = try FadeTimer(control: mixer, to: to, duration: duration, timing: timing.timingFunction,
                                  restoresOnCancel: restore, status: status)
        status.print("\(mixer.id.name): \(FadeTimer.describe(level: timer.original)) → \(FadeTimer.describe(level: to)) "
            + "over \(StatusLine.clock(duration)) (\(timing)); q cancels")
        let outcome = try timer.run()
        let level = FadeTimer.describe(level: try mixer.level())
        switch outcome {
        case .finished:
            status.print("\(mixer.id.name) is at \(level)")
        case .cancelled(let exitStatus):
            status.print("cancelled: \(mixer.id.name) is at \(level)")
            if exitStatus != 0 { throw ExitCode(exitStatus) }
        }
    }
}
