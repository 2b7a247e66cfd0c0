import CSndFile
import Glibc

/// The plumbing ``SoundFile`` and ``SoundFileWriter`` share: opening a file
/// descriptor with libsndfile and turning its diagnostics into one-line reasons.
enum LibSndFile {
    /// Serialises `sf_open_fd`.
    ///
    /// A failed open is reported through the process-wide `sf_errno` (and
    /// `sf_syserr`) in libsndfile's `sndfile.c`, read back by
    /// `sf_strerror(NULL)`. Two threads failing to open at once would read each
    /// other's reason, so the open and the read of its reason happen under one
    /// lock. Opening is never on a real-time path.
    private static let openLock = Locked(())

    /// Hands `descriptor` to libsndfile.
    ///
    /// libsndfile owns the descriptor from here on if the open fails (its
    /// `psf_open_file` error path closes it) or if `closeWhenDone` is true;
    /// otherwise `sf_close` leaves it open for the caller.
    ///
    /// - Returns: the handle, or libsndfile's reason for refusing the file.
    static func open(
        descriptor: Int32, mode: Int32, info: inout SF_INFO, closeWhenDone: Bool
    ) -> Result<OpaquePointer, Reason> {
        openLock.withLock { _ in
            if let handle = sf_open_fd(descriptor, mode, &info, closeWhenDone ? 1 : 0) {
                return .success(handle)
            }
            return .failure(Reason(libsndfileMessage: sf_strerror(nil)))
        }
    }

    /// Opens a file read or written through `io` (``BufferedFileIO``,
    /// ``StreamIO``), which must outlive the handle.
    static func open<IO: VirtualFile>(
        virtual io: IO, mode: Int32, info: inout SF_INFO
    ) -> Result<OpaquePointer, Reason> {
        // The instance travels as an address: libsndfile only hands it back
        // to the callbacks.
        let address = Int(bitPattern: Unmanaged.passUnretained(io).toOpaque())
        return openLock.withLock { _ in
            var callbacks = IO.callbacks
            if let handle = sf_open_virtual(&callbacks, mode, &info, UnsafeMutableRawPointer(bitPattern: address)) {
                return .success(handle)
            }
            return .failure(Reason(libsndfileMessage: sf_strerror(nil)))
        }
    }

    /// The reason for the last failed call on `handle`, or nil if it reports none.
    static func error(of handle: OpaquePointer) -> Reason? {
        guard sf_error(handle) != Int32(SF_ERR_NO_ERROR) else { return nil }
        return Reason(libsndfileMessage: sf_strerror(handle))
    }

    /// libsndfile's name for a container (`"WAV (Microsoft)"`) or an encoding
    /// (`"Signed 16 bit PCM"`), from its own format tables (`SFC_GET_FORMAT_INFO`).
    static func formatName(_ format: Int32) -> String? {
        var info = SF_FORMAT_INFO()
        info.format = format
        let status = sf_command(
            nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
        guard status == 0, let name = info.name else { return nil }
        return String(cString: name)
    }

    /// One line explaining a failure, suitable after `cannot open 'x': `.
    struct Reason: Error, Equatable, CustomStringConvertible {
        var description: String

        /// libsndfile's message without its trailing full stop
        /// ("Format not recognised." → "Format not recognised"), and without the
        /// "System error : " prefix it puts before `strerror` text.
        init(libsndfileMessage message: UnsafePointer<CChar>?) {
            var text = message.map { String(cString: $0) } ?? "unknown libsndfile error"
            for prefix in ["System error : ", "Error : "] where text.hasPrefix(prefix) {
                text.removeFirst(prefix.count)
            }
            while text.last == "." || text.last == " " || text.last == "\n" {
                text.removeLast()
            }
            description = text
        }

        /// The C library's text for an `errno` value ("No such file or directory").
        init(errno code: Int32) {
            description = String(cString: strerror(code))
        }

        init(_ description: String) {
            self.description = description
        }
    }
}

/// What libsndfile reads and writes through instead of a file descriptor
/// (`SF_VIRTUAL_IO`): a buffered regular file or a stream.
protocol VirtualFile: AnyObject {
    /// libsndfile's callbacks, given the instance as user data.
    static var callbacks: SF_VIRTUAL_IO { get }
    /// The `errno` of the first system call that failed.
    var failure: Int32? { get }
    /// Writes out what is held back; false if the system refused.
    func flush() -> Bool
}
