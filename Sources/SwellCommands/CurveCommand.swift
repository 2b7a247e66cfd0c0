import SwellSession
import ArgumentParser
import Foundation

package struct CurveCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Print or draw the presentation values of layer properties over time.",
        discussion: """
        Samples the automation on a grid t_k = start + k/rate, k = 0 … ⌊(end − start)·rate⌋, \
        without playing anything. CSV has the header `time,LAYER.KEY,...` and 9 significant \
        digits; svg and png draw the curves with labelled axes.

        EXAMPLES:
          swell curve --fade-in 2 --fade-out 2 --timing qsin --duration 10
          swell curve --script mix.json --key music.volume --key bus.volume -o mix.svg
        """)

    @OptionGroup package var automation: AutomationArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("The first time of the grid (default 0).", valueName: "t"), transform: Parse.time)
    package var start: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("The last time of the grid (default --duration, or when the automation ends).", valueName: "t"),
            transform: Parse.time)
    package var end: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Grid points per second.", valueName: "hz"))
    package var rate: Double = 100

    @Option(name: .customLong("key"), help: ArgumentHelp("A property to sample, e.g. music.volume (repeatable; default every layer's volume).",
                                                         valueName: "layer.keypath"))
    package var keys: [String] = []

    @Option(help: "The output format (default: OUT's extension, else csv).")
    package var format: CurveFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to OUT instead of standard output (- is standard output).",
                                                    valueName: "out"))
    package var output: String?

    @Flag(name: [.customShort("y"), .long], help: "Replace OUT if it exists.")
    package var overwrite = false

    package func run() throws {
        var job = CurveJob()
        job.script = try automation.loadScript()
        job.options = automation.options
        job.start = start
        job.end = end
        job.rate = rate
        job.keys = keys
        let file = output == "-" ? nil : output
        let format = format ?? file.flatMap(CurveFormat.init(forPath:)) ?? .csv
        let table = try job.sample()
        let data = try format.text(of: table).map { Data($0.utf8) } ?? Drawing.required().chart(table, format: format, title: nil)
        if let file {
            try PartialFile.write(data, to: file, overwrite: overwrite)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
