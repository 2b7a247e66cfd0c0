import SwellSession
import ArgumentParser
import Foundation

package struct CtlCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Drive a running swell play or mixer session from another shell.",
        discussion: """
        Each request runs in the session as a Core Animation transaction at its current \
        time: a set animates from the value being heard (the implicit action), over \
        --duration (default \(CATransaction.defaultAnimationDuration) s). Without --pid, ctl talks to the only session running.

        EXAMPLES:
          swell ctl set volume=-12dB --duration 300ms --timing easeOut
          swell ctl get main.volume
          swell ctl pause
          swell ctl send duck.jsonl
          swell ctl list
        """,
        subcommands: [Set.self, Get.self, Pause.self, Resume.self, Seek.self, Stop.self, Send.self, List.self])

    /// `swell ctl --pid PID set …`: the session, given before the request.
    @OptionGroup package var session: Target

    /// `--pid`, before the request or after it.
    package struct Target: ParsableArguments {
        package init() {}

        @Option(help: ArgumentHelp("The session's process id (see swell ctl list).", valueName: "pid"))
        package var pid: Int32?
    }

    /// The job for a request: the session `--pid` names, after the request
    /// or before it, else the only one.
    package static func job(_ target: Target, _ parent: CtlCommand) -> CtlJob {
        var job = CtlJob()
        job.pid = target.pid ?? parent.session.pid
        return job
    }

    package struct Set: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Set model values, animated from the presented ones.")

        @Argument(help: ArgumentHelp("KEY=VALUE, VALUE as a script writes it: 0.5, -12dB (a LEVEL), #ff0000, [10,20], null.",
                                     valueName: "key=value"))
        package var assignments: [String]

        @Option(help: ArgumentHelp("The layer (default: the session's first layer, main without a script).",
                                   valueName: "name"))
        package var layer: String?

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The animation's length (default \(CATransaction.defaultAnimationDuration) s).", valueName: "time"),
                transform: Parse.time)
        package var duration: Double?

        @Option(help: ArgumentHelp("The animation's timing function (default linear).", valueName: "name"))
        package var timing: String?

        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand

        package func run() throws {
            if let timing { _ = try Parse.timing(timing) }
            let values = try assignments.map { assignment throws -> (key: String, value: JSONValue) in
                guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                    throw ValidationError("\(assignment.quotedForMessage) is not KEY=VALUE")
                }
                // The session reads the value by its property's table: a
                // JSON value as written, else the text as a string.
                let text = String(assignment[assignment.index(after: equals)...])
                let value = (try? JSONParser().parse(text, file: "value")) ?? JSONValue(text)
                return (String(assignment[..<equals]), value)
            }
            _ = try CtlCommand.job(target, ctl).send(.set(values, layer: layer, duration: duration, timingFunction: timing))
        }
    }

    package struct Get: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "Print a key's presented value now.")

        @Argument(help: ArgumentHelp("LAYER.KEY, such as main.volume.", valueName: "layer.key"))
        package var keyPath: String

        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand

        package func run() throws {
            let reply = try CtlCommand.job(target, ctl).send(.get(keyPath))
            // Nine significant digits, as `swell curve` prints values.
            print(String(format: "%.9g", reply.value ?? .nan))
        }
    }

    package struct Pause: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "Pause the session: a 20 ms fade, then its root layer's speed 0.")
        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand
        package func run() throws { _ = try CtlCommand.job(target, ctl).send(.pause) }
    }

    package struct Resume: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "Resume a paused session.")
        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand
        package func run() throws { _ = try CtlCommand.job(target, ctl).send(.resume) }
    }

    package struct Seek: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Move the playing file: to TIME into it, or TIME on (TIME+) or back (TIME-), as playerctl's position.")

        @Argument(help: ArgumentHelp("TIME into the file (90s, 1500ms), or TIME+ and TIME- to move on or back by it.",
                                     valueName: "time"))
        package var time: String

        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand

        package func run() throws {
            let sign = time.last.flatMap { ["+": 1.0, "-": -1.0][$0] }
            let seconds = try Parse.time(sign == nil ? time : String(time.dropLast()))
            let reply = try CtlCommand.job(target, ctl).send(sign.map { .seek($0 * seconds) } ?? .position(seconds))
            // Where the file is now, in seconds.
            print(String(format: "%.3f", reply.position ?? .nan))
        }
    }

    package struct Stop: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "End the session (after a 20 ms fade).")
        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand
        @Flag(help: "Put back first the volumes of other programs' streams the session ramped.")
        package var restore = false
        package func run() throws { _ = try CtlCommand.job(target, ctl).send(.stop(restoring: restore)) }
    }

    package struct Send: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Send requests, one JSON object a line, from a file or - (standard input); print the replies that carry values.")

        @Argument(help: ArgumentHelp("The file of requests, or - for standard input.", valueName: "file"))
        package var file: String

        @OptionGroup package var target: Target
        @ParentCommand package var ctl: CtlCommand

        package func run() throws {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                do {
                    data = Data(try SourceFile.bytes(ofFile: file, kind: "file of requests"))
                } catch {
                    throw ControlError(error.description, isBadInput: true)
                }
            }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            _ = try CtlCommand.job(target, ctl).send(lines: lines.map(String.init), source: file == "-" ? "<stdin>" : file,
                                                     echo: true)
        }
    }

    package struct List: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "List the running sessions: pid, time, volume, files.")

        package func run() throws {
            for (pid, status) in CtlJob().list() {
                let time = status.time.map { String(format: "%.3f", $0) } ?? "-"
                let volume = status.volume.map { String(format: "%.6g", $0) } ?? "-"
                let files = status.files?.joined(separator: " ") ?? ""
                print("\(pid)\t\(time)\t\(volume)\t\(files)")
            }
        }
    }
}
