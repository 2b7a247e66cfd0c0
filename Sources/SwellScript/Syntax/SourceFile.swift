import Foundation

/// Reads a file of text that the user named — a script, a file of control
/// requests — by opening it and reading to its end, so that a FIFO or a
/// shell's process substitution (`<(…)`), whose size says nothing, reads as
/// a file does; a path that is not UTF-8 is opened by its bytes
/// (`String.pathBytes`). Scripts and files of control requests are JSON.
public enum SourceFile {
    /// The largest file read, so that `--script /dev/zero` fails instead
    /// of exhausting memory.
    public static let maximumSize = 16 << 20

    /// The bytes of the file at `path`, a `kind` ("script"); a directory,
    /// a file that cannot be read or one longer than ``maximumSize`` is one
    /// error naming the file.
    public static func bytes(ofFile path: String, kind: String) throws(SourceError) -> [UInt8] {
        let limit = maximumSize
        func failure(_ message: String) -> SourceError {
            SourceError(file: path, location: nil, message: message)
        }
        func systemFailure() -> SourceError {
            errno == ENOENT ? failure("no such file") : failure("cannot be read (\(String(cString: strerror(errno))))")
        }
        let descriptor = open(path.pathBytes, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemFailure() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemFailure() }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw failure("is a directory, not a \(kind)") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw systemFailure() }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= limit else {
            throw failure("is larger than \(limit >> 20) MiB; a \(kind) is a small JSON file")
        }
        return bytes
    }
}
