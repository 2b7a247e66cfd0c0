import ArgumentParser
import Foundation
import SwellMPRIS
import SwellSession

package struct DemoCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play ten seconds of synthesised music with a scripted fade-in, dip and fade-out.",
        discussion: """
        Plays on the default device. Where no device can be opened (a machine without a sound \
        card) it says so, renders the same to swell-demo.wav and draws the volume curve to \
        swell-demo.svg in the current directory.
        """)

    @Option(help: ArgumentHelp("The ALSA PCM to play on.", valueName: "pcm"))
    package var device = "default"

    package func run() throws {
        // Where it cannot play, the demo draws its curve: it runs where
        // drawing does, in swell-draw.
        let drawing = try Drawing.required()
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("swell-demo-\(getpid()).wav").path
        try Demo.synthesize(to: source)
        defer { try? FileManager.default.removeItem(atPath: source) }
        let script = try Demo.script()
        var play = PlayJob()
        // Media keys, where there is a session bus; silently none without.
        play.services = [MPRISServer.connect]
        play.inputs = [source]
        play.device = device
        play.script = script
        let line = ProgressLine(quiet: false)
        do {
            try play.run(progress: { line.update(time: $0.time, duration: $0.duration, gainDecibels: $0.gainDecibels, xruns: $0.xruns) },
                         shouldContinue: { !Interrupt.isRequested })
            line.finish()
        } catch let error as ALSAError {
            line.finish()
            print("swell demo: no sound device (\(error)); rendering swell-demo.wav and swell-demo.svg instead")
            var render = RenderJob(inputs: [source], output: "swell-demo.wav")
            render.script = script
            render.overwrite = true
            _ = try render.run()
            var curve = CurveJob()
            curve.script = script
            curve.end = Demo.duration
            curve.keys = ["bus.volume", "music.volume"]
            let svg = try drawing.chart(try curve.sample(), format: .svg, title: "swell demo: volume")
            try PartialFile.write(svg, to: "swell-demo.svg", overwrite: true)
            print("swell demo: wrote swell-demo.wav (\(Demo.duration) s) and swell-demo.svg")
        }
    }
}
