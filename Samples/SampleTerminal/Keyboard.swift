import Glibc

/// Keys typed on standard input, read without waiting for them.
///
/// A program that owns a render host cannot block in `read(2)`: its thread
/// must keep servicing the host. `poll(2)` with a zero timeout tells whether
/// input is waiting, and only then is it read. Put the terminal in raw mode
/// (``RawTerminal``) to get keys as they are pressed; from a pipe, the bytes
/// come as they are written.
public final class Keyboard {
    /// Ctrl-C, as a raw terminal delivers it.
    public static let interrupt: UInt8 = 0x03
    /// Ctrl-D, end of input on a terminal.
    public static let endOfInput: UInt8 = 0x04

    private var isClosed = false

    public init() {}

    /// The bytes typed since the last call, possibly none. Once standard
    /// input ends or fails, none ever again.
    public func pendingKeys() -> [UInt8] {
        guard !isClosed else { return [] }
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 0) == 1 else { return [] }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        guard count > 0 else {
            // 0 is the end of a pipe or file; −1 a hung-up terminal (EIO).
            // EINTR and EAGAIN only mean "not now".
            if count == 0 || (errno != EINTR && errno != EAGAIN) { isClosed = true }
            return []
        }
        return Array(bytes.prefix(count))
    }
}
