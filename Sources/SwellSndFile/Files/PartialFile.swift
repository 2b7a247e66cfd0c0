import CLinux
import Foundation

/// A new file written under a temporary name beside its target and
/// published by renaming, so the target never holds a partial file and an
/// existing file is never replaced unless that is asked for
/// (docs/cli.md#output-files).
///
/// The temporary file is `.NAME.XXXXXXXX.partial` in the target's directory
/// (the same file system, so publishing is a rename), created with `O_EXCL`
/// and mode 0666 less the umask — the permissions any new file gets;
/// `mkstemp` would give 0600. An interrupted writer leaves at most that
/// hidden file, never a partial file under the target's name.
///
/// With `overwrite`, the output is written *into* what is there, as SoX and
/// FFmpeg write: through a symbolic link to the file it names (the link
/// stays a link); a regular file is still replaced by renaming, but keeps
/// its mode, owner and group; a FIFO or a character device is written
/// straight into, with no temporary file, so that the reader at its other
/// end gets the data. `-` is standard output, written straight into too.
public final class PartialFile {
    /// Where the file will appear.
    public let path: String
    /// Where it is being written: the temporary file, or the target itself
    /// for a FIFO or a device.
    public let temporaryPath: String
    /// The open descriptor of the temporary file.
    public let descriptor: Int32
    /// Whether what is written cannot be gone back to: standard output, or
    /// a FIFO or a device that cannot seek.
    public let isStream: Bool
    private let overwrite: Bool
    /// Whether the target itself is written (standard output, a FIFO or a
    /// character device).
    private let isDirect: Bool
    private var isFinished = false

    /// Creates the temporary file. Throws when `path` is a directory, or
    /// exists and `overwrite` is false, or the directory is not writable.
    public init(path: String, overwrite: Bool) throws(SoundFileError) {
        if path == "-" {
            let descriptor = dup(STDOUT_FILENO)
            guard descriptor >= 0 else {
                throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: errno).description)
            }
            (self.path, temporaryPath, self.descriptor, self.overwrite, isDirect, isStream) = (path, path, descriptor, true, true, true)
            return
        }
        // What is at the path, through any symbolic links: the file to write.
        let target = FileStatus.resolvingLinks(path)
        let existing = FileStatus(path: target)
        if let existing {
            guard !existing.isDirectory else {
                throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: EISDIR).description)
            }
            guard overwrite else { throw .outputExists(path: path) }
            if existing.isStream {
                let descriptor = open(target.pathBytes, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: errno).description)
                }
                (self.path, temporaryPath, self.descriptor, self.overwrite, isDirect, isStream)
                    = (target, target, descriptor, true, true, lseek(descriptor, 0, SEEK_CUR) < 0)
                return
            }
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 16)
            let candidate = "\(directory).\(name).\(suffix).partial"
            let descriptor = open(candidate.pathBytes, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                // A replaced file keeps its permissions and, as far as this
                // process may set them, its owner and group.
                if let existing {
                    fchmod(descriptor, existing.mode)
                    if fchown(descriptor, existing.owner, existing.group) != 0 {
                        fchown(descriptor, uid_t.max, existing.group)
                    }
                }
                (self.path, temporaryPath, self.descriptor, self.overwrite, isDirect, isStream) = (target, candidate, descriptor, overwrite, false, false)
                return
            }
            lastError = errno
            guard lastError == EEXIST else { break }
        }
        throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: lastError).description)
    }

    deinit {
        if !isFinished { discard() }
    }

    /// Writes `data` to a new file at `path`, published only when complete.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws(SoundFileError) {
        let file = try PartialFile(path: path, overwrite: overwrite)
        let written = data.withUnsafeBytes { Glibc.write(file.descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else {
            let reason = LibSndFile.Reason(errno: written < 0 ? errno : ENOSPC).description
            file.discard()
            throw .cannotWrite(path: path, reason: reason)
        }
        try file.publish()
    }

    /// Closes the file and moves it into place.
    ///
    /// The rename is what makes a render all-or-nothing: a process that is
    /// interrupted never leaves a partial file under the target's name. The
    /// data is not forced to disk first (`fsync`), as SoX and FFmpeg do not
    /// either: that would guard against a power cut, not an interruption, and
    /// costs a synchronous write of the whole file.
    ///
    /// With `overwrite`, the target is replaced atomically: the two names are
    /// exchanged (`renameat2(2)`, `RENAME_EXCHANGE`) and the old file, now
    /// under the temporary name, is unlinked. Replacing by `rename(2)` would
    /// be atomic too, but on ext4 (`auto_da_alloc`) a rename over an existing
    /// file allocates and starts writing the whole new file inside the call:
    /// 180 ms for a 115 MB render, more than the render itself, against 10 ms
    /// for the exchange and unlink. That is a guard against a power cut,
    /// which this type does not promise. Where the exchange is refused (no
    /// target yet, a file system or kernel without it) `rename(2)` is used.
    /// An interruption between the exchange and the unlink leaves the old
    /// file under the hidden temporary name and the new one at `path`.
    ///
    /// Without `overwrite`, `link(2)` publishes the file only if nothing is at the path (it
    /// fails with `EEXIST` instead of replacing, so a file that appeared in
    /// the meantime is kept), then the temporary name is removed. File
    /// systems without hard links (FAT, some FUSE mounts answer `EPERM` or
    /// `ENOTSUP`) fall back to checking for the target and renaming.
    public func publish() throws(SoundFileError) {
        precondition(!isFinished, "publish() on '\(path)' after publish() or discard()")
        isFinished = true
        guard close(descriptor) == 0 else {
            let reason = LibSndFile.Reason(errno: errno).description
            if !isDirect { unlink(temporaryPath.pathBytes) }
            throw .cannotWrite(path: path, reason: reason)
        }
        if isDirect { return }
        if overwrite {
            try replace()
        } else if link(temporaryPath.pathBytes, path.pathBytes) == 0 {
            unlink(temporaryPath.pathBytes)
        } else {
            switch errno {
            case EEXIST:
                unlink(temporaryPath.pathBytes)
                throw .outputExists(path: path)
            case EPERM, ENOTSUP, EOPNOTSUPP:
                try rename(replacing: false)
            case let code:
                unlink(temporaryPath.pathBytes)
                throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: code).description)
            }
        }
    }

    /// Removes the temporary file; the target is left as it was (a FIFO or
    /// a device keeps what was written into it).
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        close(descriptor)
        if !isDirect { unlink(temporaryPath.pathBytes) }
    }

    /// Puts the file at `path` whatever is there, exchanging names with an
    /// existing regular file (see ``publish()``) or renaming.
    private func replace() throws(SoundFileError) {
        if FileStatus(path: path)?.isRegularFile == true,
           swell_exchange_paths(temporaryPath.pathBytes, path.pathBytes) == 0 {
            unlink(temporaryPath.pathBytes)
            return
        }
        try rename(replacing: true)
    }

    private func rename(replacing: Bool) throws(SoundFileError) {
        if !replacing, FileStatus(path: path) != nil {
            unlink(temporaryPath.pathBytes)
            throw .outputExists(path: path)
        }
        guard Glibc.rename(temporaryPath.pathBytes, path.pathBytes) == 0 else {
            let reason = LibSndFile.Reason(errno: errno)
            unlink(temporaryPath.pathBytes)
            throw .cannotWrite(path: path, reason: reason.description)
        }
    }
}

/// What `lstat(2)` says about a path, when something is there.
private struct FileStatus {
    let isDirectory: Bool
    let isRegularFile: Bool
    /// A FIFO or a character device: written into, never replaced.
    let isStream: Bool
    let mode: mode_t
    let owner: uid_t
    let group: gid_t

    init?(path: String) {
        var status = stat()
        guard lstat(path.pathBytes, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        isDirectory = type == S_IFDIR
        isRegularFile = type == S_IFREG
        isStream = type == S_IFIFO || type == S_IFCHR
        mode = status.st_mode & 0o7777
        (owner, group) = (status.st_uid, status.st_gid)
    }

    /// `path` with its symbolic links followed, to the file they name
    /// (which need not exist yet); `path` itself when it is no link.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {   // Linux's limit on links followed (ELOOP)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current.pathBytes, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(fileSystemBytes: buffer[..<count].map { UInt8(bitPattern: $0) })
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
    }
}
