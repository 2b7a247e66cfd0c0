import SwellMPRIS
import SwellSession
import ArgumentParser
import Foundation

package struct MixerCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "mixer",
        abstract: "Ramp a sound card's mixer control, or another program's volume, in real time.",
        discussion: """
        The control's level is a layer's animated `volume`, written at up to 100 times a second \
        while it moves and never while it rests — in dB when the control has dB data, so a ramp \
        sounds the way its timing function says, else in raw steps. LEVEL 1 (100%, 0dB) is the \
        control's maximum. Ctrl-C stops, leaving the level where it is unless --restore.

        Another shell drives a running session with swell ctl (swell ctl set \
        volume=-6dB --duration 1s moves the level from where it is); --hold keeps it \
        open after the ramp until swell ctl stop or Ctrl-C.

        EXAMPLES:
          swell mixer --to 50% --duration 2
          swell mixer --to -30dB --duration 30m --timing easeInEaseOut      (sleep timer)
          swell mixer --ramp "0:10% 10m:100%:easeIn" --control PCM          (alarm)
          swell mixer --script card.json --restore
          swell mixer --to 50% --hold                                      (then swell ctl)
          swell mixer --app spotify --to 0 --duration 30m --then pause --restore
          swell mixer --sink @DEFAULT_SINK@ --to -20dB --duration 5s
        """)

    @Option(help: ArgumentHelp("The ALSA control device.", valueName: "ctl"))
    package var device = "default"

    @Option(help: ArgumentHelp("The simple mixer control.", valueName: "name"))
    package var control = "Master"

    @Option(help: ArgumentHelp("Another program's playback volume instead of a card's: its streams, by application name or binary, on PulseAudio or PipeWire.", valueName: "name"))
    package var app: String?

    @Option(help: ArgumentHelp("The playback streams of a media role (music, video, phone…).", valueName: "role"))
    package var role: String?

    @Option(help: ArgumentHelp("One playback stream, by index (swell devices lists them).", valueName: "index"))
    package var stream: UInt32?

    @Option(help: ArgumentHelp("An output device's volume, by name (@DEFAULT_SINK@: the default one).", valueName: "name"))
    package var sink: String?

    @Option(help: ArgumentHelp("When the ramp ends, tell the application's player to pause, stop or go to the next track (MPRIS).", valueName: "action"))
    package var then: PlayerAction?

    @Option(parsing: .unconditional, help: ArgumentHelp("Animate to LEVEL.", valueName: "level"), transform: Parse.level)
    package var to: Double?

    @Option(help: ArgumentHelp("A ramp: \"T:V[:NAME] ...\".", valueName: "spec"), transform: Parse.ramp)
    package var ramp: RampSpec?

    @Option(help: ArgumentHelp("A JSON script with mixer, OSC, stream or sink layers.", valueName: "file"))
    package var script: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How long --to takes (default \(CATransaction.defaultAnimationDuration) s).", valueName: "time"), transform: Parse.time)
    package var duration: Double?

    @Option(help: ArgumentHelp("The shape of the ramp (default linear).", valueName: "name"), transform: Parse.timing)
    package var timing: TimingFunctionSpec?

    @Flag(help: "Put the original level back at the end.")
    package var restore = false

    @Flag(help: "After the ramp, stay until swell ctl stop or Ctrl-C.")
    package var hold = false

    @Flag(name: [.customShort("q"), .long], help: "No progress line.")
    package var quiet = false

    @Option(help: ArgumentHelp("Listen for OSC on [HOST:]PORT (loopback unless HOST is given): /LAYER/KEY value [duration] sets a property.", valueName: "address"))
    package var osc: String?

    package func validate() throws {
        let targets = [to != nil, ramp != nil, script != nil].filter { $0 }.count
        guard targets == 1 else { throw ValidationError("give exactly one of --to, --ramp and --script") }
        if duration != nil && to == nil { throw ValidationError("--duration goes with --to") }
        let servers = [app != nil, role != nil, stream != nil, sink != nil].filter { $0 }.count
        guard servers <= 1 else { throw ValidationError("give at most one of --app, --role, --stream and --sink") }
        if then != nil && servers == 0 && script == nil {
            throw ValidationError("--then goes with --app, --role, --stream or a script's mpris layers: it tells their player")
        }
        if servers == 1 && script != nil { throw ValidationError("--app, --role, --stream and --sink go with --to or --ramp; a script names its own") }
    }

    package func run() throws {
        let target: MixerJob.Target
        if let to { target = .level(to) } else if let ramp { target = .ramp(ramp) } else {
            target = .script(try ScriptSpec.read(scriptFile: script!))
        }
        var job = MixerJob(target: target)
        job.device = device
        job.control = control
        job.duration = duration
        job.timing = timing ?? .named("linear")
        job.restore = restore
        job.holds = hold
        job.then = then
        job.commandPlayer = MPRISRemote.command
        job.makeLayer = MPRISVolumeLayer.make
        job.server = app.map(PulseTarget.application) ?? role.map(PulseTarget.role) ?? stream.map(PulseTarget.stream)
            ?? sink.map(PulseTarget.sink)
        job.osc = osc
        let line = ProgressLine(quiet: quiet)
        defer { line.finish() }
        try job.run(progress: { status in
            line.update(time: status.time, duration: status.duration,
                        gainDecibels: 20 * log10(max(status.level, 0)))
        }, shouldContinue: { !Interrupt.isRequested })
    }
}
extension PlayerAction: ExpressibleByArgument {}
