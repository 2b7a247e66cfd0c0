import Foundation
import Glibc
import ALSATestSupport
import TestSupport

/// A program run on a pseudo-terminal, as at a user's terminal: its
/// standard input and output are a terminal (the replica side), so it can
/// switch to raw keys and draw a status line; the test types into the
/// primary side and reads what the program prints (posix_openpt(3),
/// pts(4)).
final class PseudoTerminal {
    private let primary: Int32
    private let running: Subprocess.Running
    private var received: [UInt8] = []
    /// Bytes of `received` already matched by ``expect(_:timeout:)``.
    private var consumed = 0
    private var isClosed = false

    /// Starts `program` with `arguments` on a new pseudo-terminal.
    init(_ program: SampleProgram, _ arguments: [String], environment: [String: String] = [:]) throws {
        var primary: Int32 = -1, replica: Int32 = -1
        guard openpty(&primary, &replica, nil, nil, nil) == 0 else {
            throw TestSupportError("cannot open a pseudo-terminal: \(Self.reason(errno))")
        }
        // Neither side may leak into other tests' children: a stray copy of
        // the replica would keep the terminal from hanging up.
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        _ = fcntl(replica, F_SETFD, FD_CLOEXEC)
        self.primary = primary
        let terminal = FileHandle(fileDescriptor: replica, closeOnDealloc: true)
        do {
            running = try Subprocess.launch(program.url, arguments, environment: environment, terminal: terminal)
        } catch {
            close(primary)
            throw error
        }
        // Only the child keeps the replica open: its exit hangs the terminal
        // up, and reading the primary then fails with EIO.
        try terminal.close()
    }

    deinit {
        running.stop()
        close(primary)
    }

    /// Everything the program has printed so far.
    var transcript: String {
        String(decoding: received, as: UTF8.self)
    }

    /// Whether the terminal is in canonical mode with echo — a shell's
    /// settings, not a key-driven program's raw input.
    var isCooked: Bool {
        get throws {
            var settings = termios()
            guard tcgetattr(primary, &settings) == 0 else {
                throw TestSupportError("cannot read the terminal's settings: \(Self.reason(errno))")
            }
            let cooked = tcflag_t(ICANON) | tcflag_t(ECHO)
            return settings.c_lflag & cooked == cooked
        }
    }

    /// The program's process id.
    var processIdentifier: Int32 { running.processIdentifier }

    /// Sends SIGINT to the program.
    func interrupt() {
        running.interrupt()
    }

    /// Types `keys`.
    func type(_ keys: String) throws {
        let bytes = Array(keys.utf8)
        guard write(primary, bytes, bytes.count) == bytes.count else {
            throw TestSupportError("cannot type \(keys.debugDescription): \(Self.reason(errno))")
        }
    }

    /// Waits until the output not yet matched contains `pattern` (a
    /// regular expression), consumes it and returns its capture groups.
    @discardableResult
    func expect(_ pattern: String, timeout: Double = 30) throws -> [String] {
        let regex = try Regex(pattern)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let text = String(decoding: received[consumed...], as: UTF8.self)
            if let match = text.firstMatch(of: regex) {
                consumed += text[..<match.range.upperBound].utf8.count
                return (1..<match.output.count).map { match.output[$0].substring.map(String.init) ?? "" }
            }
            guard !isClosed, Date() < deadline else {
                throw TestSupportError("no /\(pattern)/ in the program's output within \(timeout) s:\n\(transcript)")
            }
            readAvailable(waitingUpTo: 20)
        }
    }

    /// Waits for the program to end, reading what it prints meanwhile, and
    /// returns its exit status (nil when a signal ended it).
    func waitForExit(timeout: Double = 30) throws -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !isClosed || !running.hasExited {
            guard Date() < deadline else {
                throw TestSupportError("the program did not end within \(timeout) s:\n\(transcript)")
            }
            if isClosed { usleep(10_000) } else { readAvailable(waitingUpTo: 20) }
        }
        return try running.wait().status
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private func readAvailable(waitingUpTo milliseconds: Int32) {
        var ready = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, milliseconds) == 1 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(primary, &buffer, buffer.count)
        if count > 0 {
            received.append(contentsOf: buffer.prefix(count))
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
            isClosed = true
        }
    }
}
