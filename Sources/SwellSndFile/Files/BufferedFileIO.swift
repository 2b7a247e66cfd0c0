import CSndFile
import Glibc

/// A 1 MiB buffer between libsndfile and a regular file, handed to
/// libsndfile as its virtual I/O (`sf_open_virtual`).
///
/// libsndfile converts samples through an 8 KiB buffer and issues one
/// `read(2)` or `write(2)` per buffer: rendering ten minutes of stereo audio
/// costs some 28,000 system calls, more kernel time than the samples' own
/// processing. Through this buffer it costs one `pread(2)` or `pwrite(2)`
/// per MiB.
///
/// For writing, the buffer holds one contiguous run of the file, written
/// back when a write goes elsewhere (libsndfile rewriting the header) or at
/// ``flush()``, so the bytes on disk are exactly those libsndfile wrote, in
/// the same places. For reading, it holds the MiB after the last position
/// read (read-ahead). A request of ``directBytes`` or more goes straight to
/// the file: it amortises its system call already, and passing it through
/// the buffer would only copy it once more — the offline renderer's stored
/// copies (``StoredSampleLayout``) move 256 KiB at a time.
final class BufferedFileIO: VirtualFile {
    enum Mode { case read, write }

    private let mode: Mode
    private let descriptor: Int32
    private let capacity = 1 << 20
    /// The smallest request that bypasses the buffer.
    static let directBytes = 1 << 16
    private let buffer: UnsafeMutableRawPointer
    /// File offset of the buffer's first byte, and how many bytes it holds.
    private var bufferStart: Int64 = 0
    private var bufferCount = 0
    private var position: Int64 = 0
    private var length: Int64 = 0
    /// The `errno` of the first failed system call.
    private(set) var failure: Int32?

    /// A buffer on `descriptor`; for reading, `length` is the file's size
    /// (or `Int64.max`, for a length libsndfile must not rely on).
    init(descriptor: Int32, mode: Mode, length: Int64 = 0) {
        self.descriptor = descriptor
        self.mode = mode
        self.length = length
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Writes the buffered bytes to the file (or, when reading, drops them).
    /// False if the system refused.
    @discardableResult
    func flush() -> Bool {
        guard mode == .write else {
            bufferCount = 0
            return true
        }
        guard writeAll(buffer, count: bufferCount, at: bufferStart) else { return false }
        bufferStart += Int64(bufferCount)
        bufferCount = 0
        return true
    }

    /// Writes `count` bytes at `offset`, however many calls it takes; false
    /// (with ``failure`` set) if the system refused.
    private func writeAll(_ source: UnsafeRawPointer, count: Int, at offset: Int64) -> Bool {
        var done = 0
        while done < count {
            let written = pwrite(descriptor, source + done, count - done, off_t(offset) + off_t(done))
            if written < 0 {
                if errno == EINTR { continue }
                failure = failure ?? errno
                return false
            }
            done += written
        }
        return true
    }

    private func write(_ source: UnsafeRawPointer, count: Int) -> Int {
        let direct = count >= Self.directBytes
        if direct || position != bufferStart + Int64(bufferCount) || bufferCount + count > capacity {
            guard flush() else { return 0 }
            bufferStart = position
        }
        if direct {
            guard writeAll(source, count: count, at: position) else { return 0 }
            bufferStart = position + Int64(count)
        } else {
            (buffer + bufferCount).copyMemory(from: source, byteCount: count)
            bufferCount += count
        }
        position += Int64(count)
        length = max(length, position)
        return count
    }

    private func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        if mode == .write {
            guard flush() else { return 0 }
            bufferStart = position
            return readDirectly(into: destination, count: count)
        }
        var done = 0
        while done < count {
            if position >= bufferStart && position < bufferStart + Int64(bufferCount) {
                let offset = Int(position - bufferStart), n = min(count - done, bufferCount - offset)
                (destination + done).copyMemory(from: buffer + offset, byteCount: n)
                done += n
                position += Int64(n)
            } else if count - done >= Self.directBytes {
                let read = readDirectly(into: destination + done, count: count - done)
                done += read
                if read == 0 { break }
            } else {
                let read = pread(descriptor, buffer, capacity, off_t(position))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    if read < 0 { failure = failure ?? errno }
                    break
                }
                bufferStart = position
                bufferCount = read
            }
        }
        return done
    }

    private func readDirectly(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        let read = pread(descriptor, destination, count, off_t(position))
        guard read >= 0 else { failure = failure ?? errno; return 0 }
        position += Int64(read)
        return read
    }

    private func seek(_ offset: Int64, whence: Int32) -> Int64 {
        switch whence {
        case SEEK_SET: position = offset
        case SEEK_CUR: position += offset
        case SEEK_END:
            // A length of `Int64.max` stands for an unknown one (DeclaredLength).
            let (end, overflows) = length.addingReportingOverflow(offset)
            guard !overflows else { return -1 }
            position = end
        default: return -1
        }
        return position
    }

    /// The callbacks libsndfile calls, with the instance as user data.
    static let callbacks = SF_VIRTUAL_IO(
        get_filelen: { user in instance(user).length },
        seek: { offset, whence, user in instance(user).seek(offset, whence: whence) },
        read: { pointer, count, user in sf_count_t(instance(user).read(into: pointer!, count: Int(count))) },
        write: { pointer, count, user in sf_count_t(instance(user).write(pointer!, count: Int(count))) },
        tell: { user in instance(user).position })

    private static func instance(_ user: UnsafeMutableRawPointer?) -> BufferedFileIO {
        Unmanaged<BufferedFileIO>.fromOpaque(user!).takeUnretainedValue()
    }
}
