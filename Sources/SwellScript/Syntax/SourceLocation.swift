import Foundation

/// A position in a source file: 1-based line and 1-based column, printed
/// `FILE:LINE:COL` as compilers print diagnostics, so that editors and
/// terminals can jump to it. Columns count Unicode scalars, so `é` or `🎵`
/// is one column whatever its UTF-8 length, and a tab is one column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A problem in a source file (a JSON script), reported as one line
/// `FILE:LINE:COL: message` — or `FILE: message` when the problem has no
/// position, such as a file that cannot be read.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file as the user named it (not made absolute), so the message
    /// repeats what they typed.
    public var file: String
    public var location: SourceLocation?
    public var message: String
    /// Whether the script is refused only because it has image `contents`
    /// or a video layer and was read without a reader for them.
    public var needsReader = false

    public init(file: String, location: SourceLocation?, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    init(file: String, _ diagnostic: Diagnostic) {
        self.init(file: file, location: diagnostic.location, message: diagnostic.message)
        needsReader = diagnostic.needsReader
    }

    public var description: String {
        guard let location else { return "\(file): \(message)" }
        return "\(file):\(location.line):\(location.column): \(message)"
    }

    public var errorDescription: String? { description }
}

/// A located message raised while reading a document; the public entry
/// points attach the file name and turn it into a ``SourceError``.
struct Diagnostic: Error, Equatable {
    var location: SourceLocation
    var message: String
    /// See ``SourceError/needsReader``.
    var needsReader = false

    init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
