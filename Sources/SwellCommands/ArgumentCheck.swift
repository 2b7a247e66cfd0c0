import SwellSession
import ArgumentParser

/// What the command line is checked for before ArgumentParser reads it: the
/// cases where ArgumentParser would print help or a vague message where a
/// user of SoX or FFmpeg expects an error that says what is wrong.
package enum ArgumentCheck {
    /// The short options swell's commands have, which may be grouped (`-qy`).
    package static let shortOptions: Set<Character> = ["q", "y", "h", "o", "t"]

    /// Throws a `ValidationError` (exit status 2) for:
    /// - a first word that is no command (`swell rendr`: did you mean
    ///   `render`?), or `swell help` of one;
    /// - a word that starts with `-` and a letter but is not a group of
    ///   short options, such as a file named `-dash.wav` — ArgumentParser
    ///   would read it as `-d -a -s -h` and print the help. Words after
    ///   `--` are operands, as POSIX has it, and are not checked; nor are
    ///   numbers such as `-6dB`.
    package static func check(_ arguments: [String], commands: [String]) throws {
        if let name = commandName(in: arguments), !commands.contains(name) {
            let hint = KeySuggestion.hint(for: name, among: commands)
            let help = hint.isEmpty ? "; the commands are " + commands.joined(separator: ", ") : hint
            throw ValidationError("unknown command " + name.quotedForMessage + help)
        }
        for word in arguments.prefix(while: { $0 != "--" }) where isMistakenOption(word) {
            throw ValidationError("unknown option " + word.quotedForMessage
                                  + "; a file whose name starts with '-' goes after '--', or as ./" + word)
        }
    }

    /// The command the arguments name: the first word, or the word after
    /// `help`; nil when they start with an option.
    private static func commandName(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        guard first == "help" else { return first }
        guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
        return arguments[1]
    }

    /// Whether `word` looks like short options but is not a group of them.
    private static func isMistakenOption(_ word: String) -> Bool {
        guard word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--") else { return false }
        let letters = Array(word.dropFirst())
        guard letters[0].isLetter else { return false }
        return !letters.allSatisfy { shortOptions.contains($0) }
    }
}
