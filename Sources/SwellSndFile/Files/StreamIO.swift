import CSndFile
import Glibc

/// A stream — standard output, a FIFO, a character device — handed to
/// libsndfile as its virtual I/O (`sf_open_virtual`) for writing, so that
/// formats whose headers need no going back reach a pipe whole
/// (docs/cli.md#pipes).
///
/// libsndfile finishes a file by seeking back to write its header's sizes;
/// on a pipe the header has gone to the reader already. Here a seek is
/// accepted and only moves a position, and what is written anywhere but at
/// the end of the stream is dropped: the stream keeps the header it began
/// with. The length reported is `Int64.max`, unknown, so that an AU header
/// says so (a data size of −1, its convention for "unknown"), and a FLAC
/// stream keeps STREAMINFO's total of 0 samples, FLAC's "unknown" — libFLAC
/// would otherwise append the final STREAMINFO after the last frame, where
/// SoX reads it as lost sync. (libsndfile's own pipe mode, `sf_open_fd` on a
/// pipe, appends it, and refuses WAV altogether.)
///
/// Bytes go out in writes of 64 KiB, so that a header and the first samples
/// reach the reader together: SoX, reading a FIFO, tells the format from
/// its first read.
final class StreamIO: VirtualFile {
    private let descriptor: Int32
    private static let capacity = 1 << 16
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: StreamIO.capacity, alignment: 16)
    private var buffered = 0
    /// Bytes libsndfile has written to the stream: its end, as libsndfile
    /// counts.
    private var written: Int64 = 0
    /// Where libsndfile believes it is.
    private var position: Int64 = 0
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { buffer.deallocate() }

    /// Writes `bytes` ahead of all that libsndfile writes: a header of
    /// Swell's own (``StreamedWAVHeader``).
    func writeAhead(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { append($0.baseAddress!, count: $0.count) }
    }

    /// Writes out what the buffer holds; false if the system refused this
    /// or an earlier write.
    func flush() -> Bool {
        drain() && failure == nil
    }

    private func write(fromLibsndfile source: UnsafeRawPointer, count: Int) -> Int {
        defer { position += Int64(count) }
        guard position == written else { return count }   // a header's sizes, too late for the stream
        guard append(source, count: count) else { return 0 }
        written += Int64(count)
        return count
    }

    /// Adds `count` bytes to the buffer, writing it out first when they do
    /// not fit; a run as large as the buffer goes straight out.
    private func append(_ source: UnsafeRawPointer, count: Int) -> Bool {
        if buffered + count > Self.capacity {
            guard drain() else { return false }
        }
        guard count < Self.capacity else { return send(source, count: count) }
        (buffer + buffered).copyMemory(from: source, byteCount: count)
        buffered += count
        return true
    }

    private func drain() -> Bool {
        defer { buffered = 0 }
        return send(buffer, count: buffered)
    }

    /// Writes `count` bytes, however many calls it takes; false (with
    /// ``failure`` set) if the system refused.
    private func send(_ source: UnsafeRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            let result = Glibc.write(descriptor, source + done, count - done)
            if result < 0 {
                if errno == EINTR { continue }
                failure = failure ?? errno
                return false
            }
            done += result
        }
        return true
    }

    private func seek(_ offset: Int64, whence: Int32) -> Int64 {
        switch whence {
        case SEEK_SET: position = offset
        case SEEK_CUR: position += offset
        case SEEK_END: position = written + offset
        default: return -1
        }
        return position
    }

    static let callbacks = SF_VIRTUAL_IO(
        get_filelen: { _ in Int64.max },
        seek: { offset, whence, user in instance(user).seek(offset, whence: whence) },
        read: { _, _, _ in 0 },
        write: { pointer, count, user in sf_count_t(instance(user).write(fromLibsndfile: pointer!, count: Int(count))) },
        tell: { user in instance(user).position })

    private static func instance(_ user: UnsafeMutableRawPointer?) -> StreamIO {
        Unmanaged<StreamIO>.fromOpaque(user!).takeUnretainedValue()
    }
}
