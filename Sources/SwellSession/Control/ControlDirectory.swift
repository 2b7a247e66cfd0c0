import Foundation

/// Where sessions' control sockets live (docs/control.md#the-socket):
/// `$XDG_RUNTIME_DIR/swell/`, the per-user runtime directory of the XDG
/// Base Directory specification, else `/tmp/swell-UID/`; one socket
/// `PID.sock` per session. The directory is the user's alone (0700), so
/// nobody else can reach a socket in it, even between its creation and
/// its own mode being set.
public struct ControlDirectory {
    public let path: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            path = runtime + "/swell"
        } else {
            path = "/tmp/swell-\(getuid())"
        }
    }

    /// The socket of session `pid`.
    public func socketPath(pid: Int32) -> String { "\(path)/\(pid).sock" }

    /// Creates the directory, or checks the one there: a directory the
    /// user owns, made 0700 — in `/tmp` another user could have put one
    /// first, which is refused.
    public func prepare() throws(ControlError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw ControlError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
            throw ControlError("\(path) is not a directory of this user's; remove it")
        }
        if status.st_mode & 0o777 != 0o700 && chmod(path, 0o700) != 0 {
            throw ControlError("cannot make \(path) private: \(String(cString: strerror(errno)))")
        }
    }

    /// The sessions whose sockets are here, by pid, ascending. A socket
    /// whose process has gone (it was killed before it could remove it) is
    /// removed.
    public func sessions() -> [Int32] {
        var pids: [Int32] = []
        for name in names where name.hasSuffix(".sock") {
            guard let pid = Int32(name.dropLast(5)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(socketPath(pid: pid))
            } else {
                pids.append(pid)
            }
        }
        return pids.sorted()
    }

    /// The names in the directory, read with `readdir`: `swell ctl` lists
    /// it at every start, and Foundation's `FileManager` would cost more
    /// than the rest of the request.
    private var names: [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            })
        }
        return names
    }
}

/// A control socket that cannot be set up or reached, or a session that
/// has gone: one line, exit 1; a request the session refused, or no
/// single session to talk to: exit 2 (docs/control.md#swell-ctl).
public struct ControlError: Error, CustomStringConvertible {
    public let description: String
    public let isBadInput: Bool

    public init(_ description: String, isBadInput: Bool = false) {
        self.description = description
        self.isBadInput = isBadInput
    }
}
