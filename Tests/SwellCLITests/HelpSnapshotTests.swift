import Foundation
import TestSupport
import Testing

/// What `swell --help` and each subcommand's `--help` print, compared with
/// the whole expected text, the way swift-argument-parser's own tests check
/// its examples' help (`AssertHelp`, `AssertExecuteCommand`): a changed
/// option, default, value list or wrap shows up here as a failure.
///
/// The width is fixed with `COLUMNS=80`, which swift-argument-parser reads
/// before it asks the terminal, so the wrapping does not depend on where the
/// tests run. Each expected text is what `swell` prints without the final
/// newline; a subcommand's help ends with an empty line.
@Suite("help: swell --help and each subcommand's help, as printed")
struct HelpSnapshotTests {
    /// Runs `swell ARGUMENTS` at a width of 80 columns and checks that it
    /// printed `expected` and a newline on standard output, nothing on
    /// standard error, and exited with status 0.
    static func expectHelp(
        _ arguments: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try SwellProcess.run(arguments, environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.standardError.isEmpty, "nothing on standard error: \(result)", sourceLocation: sourceLocation)
        #expect(result.standardOutput == expected + "\n", "\(firstDifference(result.standardOutput, expected + "\n"))",
                sourceLocation: sourceLocation)
    }

    /// The first line where `actual` and `expected` differ, for a message
    /// that points at the change rather than quoting two pages of help.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? String(actualLines[index]) : "(no line)"
            let wanted = index < expectedLines.count ? String(expectedLines[index]) : "(no line)"
            if got != wanted {
                return "line \(index + 1): printed \(got.debugDescription), expected \(wanted.debugDescription)"
            }
        }
        return "no line differs"
    }

    /// The help of the automation options `play`, `render` and `curve`
    /// share (one option group), which each prints under OPTIONS.
    static let automationOptions = """
          --volume <level>        The volume: linear amplitude, percent or dB (0.5,
                                  50%, -6dB).
          --fade-in <time>        Fade in from silence over TIME.
          --fade-out <time>       Fade out to silence over the last TIME.
          --timing <name>         The shape of fades and ramp segments (default linear).
          --ramp <spec>           A volume ramp: "T:V[:NAME] T:V[:NAME] ..."; NAME
                                  shapes the segment ending at its point: a timing
                                  function, or Web Audio's exp or target(τ).
          --script <file>         A JSON script of layers and timed events (version 1).
          --duration <time>       The length: without an input file (curve), or to play
                                  or render less or more (in silence) than the input.
          --loudness <lufs>       Bring each file's integrated loudness (EBU R128) to
                                  LUFS, measured before it plays.
          --true-peak <dbtp>      With --loudness: the true peak a gain may lift a file
                                  to (default -1dBTP).
          --speed <rate>          Play each file at RATE: 2 twice as fast and an octave
                                  up, as tape (1/16 to 16).
          --tape-stop <time>      Slow the files to a stop over the last TIME, as a
                                  tape machine switched off.
          --duck-under <file>     Mix FILE in, and duck the rest 12 dB under it while
                                  it speaks.
        """

    /// The help of `--rate` and `--channels`, which `play` and `render`
    /// share (one option group) after the automation options.
    static let mixFormatOptions = """
          --rate <hz>             The sample rate to mix at; files at other rates are
                                  resampled (default: the input's).
          --channels <n>          The channels to mix into, 1 to 8 (default: the widest
                                  file's).
        """

    @Test("swell --help") func swellHelp() throws {
        try Self.expectHelp(["--help"], """
        OVERVIEW: Fade audio and script volume ramps with Core Animation's timing
        model.

        Every fade, ramp and script is a Core Animation animation of a layer's
        `volume`, evaluated at every sample (or, with --gain display, once per audio
        period as Core Animation's display link would).

        TIME is 2, 2.5s, 500ms, 30m or 1h. LEVEL is 0.5 (linear amplitude), 50% or
        -6dB. NAME is linear, easeIn, easeOut, easeInEaseOut, default,
        bezier(x1,y1,x2,y2) or a SoX/FFmpeg fade shape: tri qsin hsin esin iqsin ihsin
        exp log par ipar qua cub squ cbr dese desi losi sinc isinc. A fade-out uses the
        mirrored shape, as SoX does.

        Exit status: 0 done, 1 device or I/O failure, 2 bad input, 130 interrupted (143
        for SIGTERM).

        EXAMPLES:
          swell play song.flac --fade-in 3
          swell render in.wav -o out.wav --fade-in 2 --fade-out 2 --timing qsin
          swell play alarm.wav --ramp "0:0 30s:1:easeIn"
          swell mixer --to 20% --duration 30m --timing easeInEaseOut     (a sleep
        timer)
          swell curve --fade-in 2 --duration 5 --format svg -o fade.svg
          swell demo

        USAGE: swell <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          play                    Play files (one after another) with their automation.
          render                  Render files through their automation into a new file.
          mixer                   Ramp a sound card's mixer control, or another
                                  program's volume, in real time.
          curve                   Print or draw the presentation values of layer
                                  properties over time.
          ctl                     Drive a running swell play or mixer session from
                                  another shell.
          devices                 List playback PCMs (like aplay -L), mixer controls
                                  (like amixer scontrols), and the sound server's
                                  playback streams and sinks (like pactl list).
          demo                    Play ten seconds of synthesised music with a scripted
                                  fade-in, dip and fade-out.

          See 'swell help <subcommand>' for detailed help.
        """)
    }

    @Test("swell play --help") func playHelp() throws {
        try Self.expectHelp(["play", "--help"], """
        OVERVIEW: Play files (one after another) with their automation.

        Sound goes to an ALSA PCM (any name `aplay -L` lists). The gain follows the
        automation exactly at every sample (--gain sample, the default), or is set once
        per audio period by the layer's display() and ramped across the period (--gain
        display), as Core Animation's display link would. Ctrl-C fades out over 20 ms
        before stopping.

        With --window, a script's scene (its "canvas") is shown in a window at the
        display's refresh, on the sound's clock: space pauses and resumes everything,
        sound included; the left and right arrows step a frame while paused; S saves
        the frame on screen as a PNG; Q or closing the window stops. A scene without
        sound stays on screen when it is still, until Q (--autoexit closes it there,
        --duration sets when). A Lottie animation (anim.json, or a .lottie archive) as
        the input is such a scene, with its audio layers' sound.

        Another shell drives a running session with swell ctl (swell ctl set
        volume=-12dB --duration 300ms ducks it); --hold keeps it open, playing silence,
        after the last file, until swell ctl stop or Ctrl-C. --loop plays the files in
        sequence over and over, without a gap, until swell ctl stop, Ctrl-C or
        --duration.

        EXAMPLES:
          swell play song.flac --fade-in 3
          swell play alarm.wav --ramp "0:0 30s:1:easeIn" --device plughw:0
          swell play song.flac --rate 48000 --device hw:0
          swell play --script mix.json
          swell play --script scene.json --window
          swell play anim.json --window
          swell play a.flac b.flac c.flac --crossfade 3
          swell play rain.flac --loop --duration 1h --fade-out 5m

        USAGE: swell play [<options>] [<inputs> ...]

        ARGUMENTS:
          <inputs>                Files to play (- is standard input); none when the
                                  script names its own.

        OPTIONS:
          --input-type <type>     Read the inputs as raw samples:
                                  raw:RATE:CHANNELS:ENCODING, e.g. raw:48000:2:s16le.
        \(Self.automationOptions)
          --start <time>          Start each input at TIME into it (SoX's trim,
                                  FFmpeg's -ss).
          --end <time>            Stop each input at TIME into it (FFmpeg's -to).
          --crossfade <time>      Play the inputs in sequence, each crossing into the
                                  next over TIME with equal power.
          --rate <hz>             The sample rate to mix at; files at other rates are
                                  resampled (default: the input's).
          --channels <n>          The channels to mix into, 1 to 8 (default: the widest
                                  file's).
          --device <pcm>          The ALSA PCM to play on. (default: default)
          --gain <gain>           Which gain path applies the volume. (values: sample,
                                  display; default: sample)
          --period <frames>       Frames per ALSA period. (default: 256)
          --allow-boost           Allow gain above 0 dB (up to +24 dB).
          -q, --quiet             No progress line.
          --window                Show the script's scene in a window while its sound
                                  plays (needs a display).
          --hold                  After the last file, keep playing silence until swell
                                  ctl stop or Ctrl-C.
          --loop                  Play the files over and over, gapless, until swell
                                  ctl stop, Ctrl-C or --duration.
          --osc <address>         Listen for OSC on [HOST:]PORT (loopback unless HOST
                                  is given): /LAYER/KEY value [duration] sets a
                                  property.
          --autoexit              With --window, close the window where a scene without
                                  sound ends (ffplay's -autoexit); without it the
                                  window stays open on the last frame until Q or
                                  closing it.
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    @Test("swell render --help") func renderHelp() throws {
        try Self.expectHelp(["render", "--help"], """
        OVERVIEW: Render files through their automation into a new file.

        The output's format follows its extension (wav, aiff, flac, ogg, opus, mp3,
        caf, au, w64, rf64, raw) or --type. It is written beside the target under a
        temporary name and renamed when complete, so an interrupted render leaves
        nothing behind; an existing file is only replaced with --overwrite. - is
        standard input or output, as for SoX and FFmpeg.

        A --script with a "canvas" is a scene, drawn as PNG: -o FILE.png one frame at
        --at; -o 'frames/%04d.png' (one %d or %0Nd) or -o DIR/ (0000.png, 0001.png…) a
        sequence, frame k the scene at START + k/FPS, from --start (default 0) up to
        --end (default: where its animations end), which trim the inputs of a sound.

        -o FILE.mp4, .webm, .mkv or .gif exports the same frames as one video, with the
        script's audio layers mixed in: H.264 and AAC in MP4, VP9 and Opus in WebM,
        lossless FFV1 and FLAC in MKV, and a GIF (50 fps at most, its default) with one
        palette and no sound.

        A Lottie animation (anim.json, or a .lottie archive) as the input is a scene of
        its own, at its size (or --size, fitted and centred), --at counted from its
        first frame, a sequence or a video at its frame rate to its end with its audio
        layers' sound.

        EXAMPLES:
          swell render in.wav -o out.wav --fade-in 2 --fade-out 2 --timing qsin
          swell render talk.flac -o quiet.flac --volume -6dB
          swell render song.wav -o ducked.wav --script duck.json --encoding float
          swell render live.flac -o cut.flac --start 1:30 --end 2:45 --fade-out 2
          swell render a.flac b.flac c.flac -o mix.flac --crossfade 3
          swell render lecture.flac -o lecture.opus --channels 1
          sox in.flac -t wav - | swell render - -o - --fade-in 2 | aplay
          swell render - --input-type raw:48000:2:s16le -o out.flac < in.raw
          swell render --script scene.json -o frame.png --at 1.5
          swell render --script scene.json -o 'frames/%04d.png' --fps 30 --end 2
          swell render --script scene.json -o scene.mp4
          swell render --script scene.json -o loop.gif --fps 25 --size 320x180
          swell render anim.json -o anim.mp4
          swell render anim.json -o frame.png --at 1.5 --size 1920x1080

        USAGE: swell render [<options>] [<inputs> ...] --output <out>

        ARGUMENTS:
          <inputs>                The input files (any format libsndfile reads; - is
                                  standard input); several play one after another.

        OPTIONS:
          --at <time>             For a scene's picture (-o FILE.png): the time it
                                  shows (default 0).
          --fps <fps>             For a scene's frame sequence or video: frames per
                                  second (default 60; a GIF's 50).
          --size <size>           For a scene's pictures and video: the canvas in
                                  points, WxH (default: the script's).
          --scale <scale>         For a scene's pictures and video: pixels per point
                                  (default: the script's).
          -o, --output <out>      The output file; - is standard output.
          -t, --type <type>       The output's type, whatever its name (default: its
                                  extension; wav for -).
          --input-type <type>     Read the input as raw samples:
                                  raw:RATE:CHANNELS:ENCODING, e.g. raw:48000:2:s16le.
        \(Self.automationOptions)
          --start <time>          Start each input at TIME into it (SoX's trim,
                                  FFmpeg's -ss).
          --end <time>            Stop each input at TIME into it (FFmpeg's -to).
          --crossfade <time>      Play the inputs in sequence, each crossing into the
                                  next over TIME with equal power.
          --rate <hz>             The sample rate to mix at; files at other rates are
                                  resampled (default: the input's).
          --channels <n>          The channels to mix into, 1 to 8 (default: the widest
                                  file's).
          --encoding <encoding>   The output encoding (default: the input's, where the
                                  format allows). (values: pcm16, pcm24, pcm32, float)
          --quality <q>           For Ogg Vorbis, Opus and MP3: 0 (smallest file) to 10
                                  (best sound).
          --bitrate <rate>        For Opus and MP3: the bit rate in kbit/s, e.g. 128k
                                  (MP3: constant, at MPEG's nearest rate).
          --compression-level <n> For FLAC: 0 (fastest) to 8 (smallest file), as flac
                                  -0 … -8.
          --dither <dither>       Dither integer words with triangular noise of ±1
                                  step, as SoX does when it reduces the word length.
                                  (values: tpdf)
          -y, --overwrite         Replace the output if it exists.
          --allow-boost           Allow gain above 0 dB (up to +24 dB).
          -q, --quiet             No progress line.
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    @Test("swell mixer --help") func mixerHelp() throws {
        try Self.expectHelp(["mixer", "--help"], """
        OVERVIEW: Ramp a sound card's mixer control, or another program's volume, in
        real time.

        The control's level is a layer's animated `volume`, written at up to 100 times
        a second while it moves and never while it rests — in dB when the control has
        dB data, so a ramp sounds the way its timing function says, else in raw steps.
        LEVEL 1 (100%, 0dB) is the control's maximum. Ctrl-C stops, leaving the level
        where it is unless --restore.

        Another shell drives a running session with swell ctl (swell ctl set
        volume=-6dB --duration 1s moves the level from where it is); --hold keeps it
        open after the ramp until swell ctl stop or Ctrl-C.

        EXAMPLES:
          swell mixer --to 50% --duration 2
          swell mixer --to -30dB --duration 30m --timing easeInEaseOut      (sleep
        timer)
          swell mixer --ramp "0:10% 10m:100%:easeIn" --control PCM          (alarm)
          swell mixer --script card.json --restore
          swell mixer --to 50% --hold                                      (then swell
        ctl)
          swell mixer --app spotify --to 0 --duration 30m --then pause --restore
          swell mixer --sink @DEFAULT_SINK@ --to -20dB --duration 5s

        USAGE: swell mixer <options>

        OPTIONS:
          --device <ctl>          The ALSA control device. (default: default)
          --control <name>        The simple mixer control. (default: Master)
          --app <name>            Another program's playback volume instead of a
                                  card's: its streams, by application name or binary,
                                  on PulseAudio or PipeWire.
          --role <role>           The playback streams of a media role (music, video,
                                  phone…).
          --stream <index>        One playback stream, by index (swell devices lists
                                  them).
          --sink <name>           An output device's volume, by name (@DEFAULT_SINK@:
                                  the default one).
          --then <action>         When the ramp ends, tell the application's player to
                                  pause, stop or go to the next track (MPRIS). (values:
                                  pause, stop, next)
          --to <level>            Animate to LEVEL.
          --ramp <spec>           A ramp: "T:V[:NAME] ...".
          --script <file>         A JSON script with mixer, OSC, stream or sink layers.
          --duration <time>       How long --to takes (default 0.25 s).
          --timing <name>         The shape of the ramp (default linear).
          --restore               Put the original level back at the end.
          --hold                  After the ramp, stay until swell ctl stop or Ctrl-C.
          -q, --quiet             No progress line.
          --osc <address>         Listen for OSC on [HOST:]PORT (loopback unless HOST
                                  is given): /LAYER/KEY value [duration] sets a
                                  property.
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    @Test("swell curve --help") func curveHelp() throws {
        try Self.expectHelp(["curve", "--help"], """
        OVERVIEW: Print or draw the presentation values of layer properties over time.

        Samples the automation on a grid t_k = start + k/rate, k = 0 … ⌊(end −
        start)·rate⌋, without playing anything. CSV has the header `time,LAYER.KEY,...`
        and 9 significant digits; svg and png draw the curves with labelled axes.

        EXAMPLES:
          swell curve --fade-in 2 --fade-out 2 --timing qsin --duration 10
          swell curve --script mix.json --key music.volume --key bus.volume -o mix.svg

        USAGE: swell curve <options>

        OPTIONS:
        \(Self.automationOptions)
          --start <t>             The first time of the grid (default 0).
          --end <t>               The last time of the grid (default --duration, or
                                  when the automation ends).
          --rate <hz>             Grid points per second. (default: 100.0)
          --key <layer.keypath>   A property to sample, e.g. music.volume (repeatable;
                                  default every layer's volume).
          --format <format>       The output format (default: OUT's extension, else
                                  csv). (values: csv, json, svg, png)
          -o, --output <out>      Write to OUT instead of standard output (- is
                                  standard output).
          -y, --overwrite         Replace OUT if it exists.
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    @Test("swell devices --help") func devicesHelp() throws {
        try Self.expectHelp(["devices", "--help"], """
        OVERVIEW: List playback PCMs (like aplay -L), mixer controls (like amixer
        scontrols), and the sound server's playback streams and sinks (like pactl list).

        USAGE: swell devices [--device <ctl>]

        OPTIONS:
          --device <ctl>          The control device whose mixer controls to list
                                  (default: default).
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    @Test("swell demo --help") func demoHelp() throws {
        try Self.expectHelp(["demo", "--help"], """
        OVERVIEW: Play ten seconds of synthesised music with a scripted fade-in, dip
        and fade-out.

        Plays on the default device. Where no device can be opened (a machine without a
        sound card) it says so, renders the same to swell-demo.wav and draws the volume
        curve to swell-demo.svg in the current directory.

        USAGE: swell demo [--device <pcm>]

        OPTIONS:
          --device <pcm>          The ALSA PCM to play on. (default: default)
          --version               Show the version.
          -h, --help              Show help information.

        """)
    }

    /// `swell help SUBCOMMAND`, which `swell --help` points to, prints the
    /// same text as `swell SUBCOMMAND --help`; `swell help` the same as
    /// `swell --help`.
    @Test("swell help [SUBCOMMAND] prints what --help prints",
          arguments: [[], ["play"], ["render"], ["mixer"], ["curve"], ["devices"], ["demo"]])
    func helpSubcommand(subcommand: [String]) throws {
        let environment = ["COLUMNS": "80"]
        let help = try SwellProcess.run(["help"] + subcommand, environment: environment)
        let dashDashHelp = try SwellProcess.run(subcommand + ["--help"], environment: environment)
        #expect(help.status == 0 && help.standardError.isEmpty, "\(help)")
        #expect(help.standardOutput == dashDashHelp.standardOutput,
                "\(Self.firstDifference(help.standardOutput, dashDashHelp.standardOutput))")
    }
}
