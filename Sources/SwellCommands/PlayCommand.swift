import SwellMPRIS
import SwellSession
import ArgumentParser
import Foundation

package struct PlayCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play files (one after another) with their automation.",
        discussion: """
        Sound goes to an ALSA PCM (any name `aplay -L` lists). The gain follows the automation \
        exactly at every sample (--gain sample, the default), or is set once per audio period \
        by the layer's display() and ramped across the period (--gain display), as Core \
        Animation's display link would. Ctrl-C fades out over 20 ms before stopping.

        With --window, a script's scene (its "canvas") is shown in a window at the display's \
        refresh, on the sound's clock: space pauses and resumes everything, sound included; \
        the left and right arrows step a frame while paused; S saves the frame on screen as \
        a PNG; Q or closing the window stops. A scene without sound stays on screen \
        when it is still, until Q (--autoexit closes it there, --duration sets when). \
        A Lottie animation (anim.json, or a .lottie archive) as the input is such a \
        scene, with its audio layers' sound.

        Another shell drives a running session with swell ctl (swell ctl set \
        volume=-12dB --duration 300ms ducks it); --hold keeps it open, playing silence, \
        after the last file, until swell ctl stop or Ctrl-C. --loop plays the files in \
        sequence over and over, without a gap, until swell ctl stop, Ctrl-C or --duration.

        EXAMPLES:
          swell play song.flac --fade-in 3
          swell play alarm.wav --ramp "0:0 30s:1:easeIn" --device plughw:0
          swell play song.flac --rate 48000 --device hw:0
          swell play --script mix.json
          swell play --script scene.json --window
          swell play anim.json --window
          swell play a.flac b.flac c.flac --crossfade 3
          swell play rain.flac --loop --duration 1h --fade-out 5m
        """)

    @Argument(help: "Files to play (- is standard input); none when the script names its own.")
    package var inputs: [String] = []

    @Option(name: .customLong("input-type"), help: ArgumentHelp(
        "Read the inputs as raw samples: raw:RATE:CHANNELS:ENCODING, e.g. raw:48000:2:s16le.", valueName: "type"),
            transform: Parse.rawFormat)
    package var inputType: RawFormat?

    @OptionGroup package var automation: AutomationArguments

    @OptionGroup package var inputOptions: InputArguments
    @OptionGroup package var mixFormat: MixFormatArguments

    @Option(help: ArgumentHelp("The ALSA PCM to play on.", valueName: "pcm"))
    package var device = "default"

    @Option(help: "Which gain path applies the volume.")
    package var gain: GainPath = .sample

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per ALSA period.", valueName: "frames"))
    package var period = 256

    @Flag(help: "Allow gain above 0 dB (up to +24 dB).")
    package var allowBoost = false

    @Flag(name: [.customShort("q"), .long], help: "No progress line.")
    package var quiet = false

    @Flag(help: "Show the script's scene in a window while its sound plays (needs a display).")
    package var window = false

    @Flag(help: "After the last file, keep playing silence until swell ctl stop or Ctrl-C.")
    package var hold = false

    @Flag(help: "Play the files over and over, gapless, until swell ctl stop, Ctrl-C or --duration.")
    package var loop = false

    @Option(help: ArgumentHelp("Listen for OSC on [HOST:]PORT (loopback unless HOST is given): /LAYER/KEY value [duration] sets a property.", valueName: "address"))
    package var osc: String?

    @Flag(help: "With --window, close the window where a scene without sound ends (ffplay's -autoexit); without it the window stays open on the last frame until Q or closing it.")
    package var autoexit = false

    package func validate() throws {
        guard (16...65536).contains(period) else { throw ValidationError("--period must be 16 to 65536 frames") }
        if hold && window { throw ValidationError("--hold is for sound alone; a --window session ends when the window closes") }
        if loop && window { throw ValidationError("--loop is for sound alone; a --window session ends when the window closes") }
        if autoexit && !window { throw ValidationError("--autoexit closes a --window at the scene's end; give --window") }
        if loop && hold { throw ValidationError("--loop never reaches an end to hold after; give one of --loop and --hold") }
        if loop && inputOptions.crossfade != nil {
            throw ValidationError("--loop joins each pass to the next end to start; it does not take --crossfade")
        }
    }

    package func run() throws {
        var job = PlayJob()
        // Media keys, where there is a session bus; silently none without.
        job.services = [MPRISServer.connect]
        job.makeLayer = MPRISVolumeLayer.make
        job.inputs = inputs
        job.script = try automation.loadScript()
        if let file = LottieInput.file(in: inputs, script: automation.script) {
            job.inputs = []
            job.script = try LottieInput.script(try LottieInput.read(file), file: file, size: nil)
        }
        job.raw = inputType
        job.device = device
        job.gainPath = gain
        job.periodFrames = period
        job.allowsBoost = allowBoost
        job.options = automation.options
        job.inputOptions = inputOptions.options
        job.format = mixFormat.options
        job.holds = hold
        job.loops = loop
        job.osc = osc
        if window { return try Drawing.required().showWindow(self, job: job) }
        let line = ProgressLine(quiet: quiet)
        defer { line.finish() }
        try job.run(progress: quiet ? nil : { status in
            line.update(time: status.time, duration: status.duration, gainDecibels: status.gainDecibels, xruns: status.xruns)
        }, shouldContinue: { !Interrupt.isRequested })
    }
}
