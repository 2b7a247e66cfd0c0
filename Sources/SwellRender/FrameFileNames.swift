import Foundation

/// Where each frame of a sequence is written: a printf-style pattern with
/// one frame number, `frames/%04d.png`, the form FFmpeg's image-sequence
/// reader takes (`ffmpeg -i frames/%04d.png`), or a single file for a
/// sequence of one frame (docs/render.md#frame-sequences).
public struct FrameFileNames: Sendable, Hashable {
    /// What comes before the frame number.
    let prefix: String
    /// The frame number's minimum width, zero-padded (`%04d`: 4; `%d`: 1);
    /// nil for a single file.
    let width: Int?
    /// What comes after the frame number.
    let suffix: String

    /// Every frame written to `path`: one frame's file.
    public static func single(_ path: String) -> FrameFileNames {
        FrameFileNames(prefix: path, width: nil, suffix: "")
    }

    /// Frames named `0000.png`, `0001.png`… in `directory`, four digits or
    /// more, so that they sort in order by name up to frame 9999.
    public static func directory(_ directory: String) -> FrameFileNames {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return FrameFileNames(prefix: base, width: 4, suffix: ".png")
    }

    /// Frames named by `pattern`, which holds exactly one `%d` or `%0Nd`
    /// (N from 1 to 9), may hold `%%` for a percent sign, and ends in `.png`.
    public init(pattern: String) throws(FrameSequenceError) {
        let invalid = FrameSequenceError.badPattern(pattern)
        var prefix = "", suffix = "", width: Int?
        var rest = Substring(pattern)
        while let percent = rest.firstIndex(of: "%") {
            let text = String(rest[..<percent])
            if width == nil { prefix += text } else { suffix += text }
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                if width == nil { prefix += "%" } else { suffix += "%" }
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard width == nil, rest.dropFirst(digits.count).first == "d",
                  digits.isEmpty || (digits.first == "0" && digits.count == 2 && digits.last != "0")
            else { throw invalid }
            width = digits.isEmpty ? 1 : Int(String(digits.dropFirst()))
            rest = rest.dropFirst(digits.count + 1)
        }
        suffix += rest
        guard let width, suffix.lowercased().hasSuffix(".png") else { throw invalid }
        self.init(prefix: prefix, width: width, suffix: suffix)
    }

    private init(prefix: String, width: Int?, suffix: String) {
        self.prefix = prefix
        self.width = width
        self.suffix = suffix
    }

    /// Whether `output` names a frame sequence: it holds a `%d` or `%0Nd`
    /// conversion, or names a directory (ends in `/`, or is an existing one).
    public static func namesSequence(_ output: String) -> Bool {
        hasFrameNumber(output) || namesDirectory(output)
    }

    /// Whether `output` holds a `%d` or `%0Nd` that is not an escaped `%%d`
    /// — scanned by hand: a regular expression would load ICU, a cost
    /// every `swell render` would pay at start-up.
    private static func hasFrameNumber(_ output: String) -> Bool {
        var rest = Substring(output)
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                rest = rest.dropFirst()
                continue
            }
            let width = rest.prefix(2)
            if rest.first == "d" { return true }
            if width.first == "0", let digit = width.last, ("1"..."9").contains(digit), rest.dropFirst(2).first == "d" {
                return true
            }
        }
        return false
    }

    /// Whether `output` ends in `/` or is an existing directory.
    private static func namesDirectory(_ output: String) -> Bool {
        var isDirectory: ObjCBool = false
        return output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The names of `output` as a sequence: a directory's `0000.png`… or a
    /// pattern's.
    public static func sequence(_ output: String) throws(FrameSequenceError) -> FrameFileNames {
        try namesDirectory(output) ? .directory(output) : FrameFileNames(pattern: output)
    }

    /// The file of frame `k`.
    public func path(ofFrame k: Int) -> String {
        guard let width else { return prefix }
        let number = String(k)
        return prefix + String(repeating: "0", count: max(0, width - number.count)) + number + suffix
    }

    /// The names as a pattern, `frames/%04d.png`, to pass to FFmpeg.
    public var pattern: String {
        guard let width else { return prefix }
        let escape = { (text: String) in text.replacingOccurrences(of: "%", with: "%%") }
        return escape(prefix) + (width > 1 ? "%0\(width)d" : "%d") + escape(suffix)
    }

    /// The directory the files go in.
    var directory: String {
        URL(fileURLWithPath: path(ofFrame: 0)).deletingLastPathComponent().path
    }
}
