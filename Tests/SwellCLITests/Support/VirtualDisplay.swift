import Foundation
import TestSupport

/// An X server of the test's own: `Xvfb :N -screen 0 1280x720x24` on a
/// display number nobody uses, killed when the test is done with it.
/// Xvfb draws into memory, has no GPU and no vertical blank: a window on it
/// gets SDL's software renderer, paced by swell's timer.
final class VirtualDisplay: Sendable {
    /// `:N`, for `DISPLAY`.
    let name: String
    private let server: Subprocess.Running

    /// Whether Xvfb is installed (`scripts/setup` installs it; a test that
    /// needs it is skipped only when it is not).
    static var isInstalled: Bool { (try? Subprocess.locate("Xvfb")) != nil }

    init() throws {
        // A display is taken when its lock file or socket exists. Tests
        // running in parallel may pick the same free number; Xvfb refuses
        // one another server holds, and the server's lock file, which
        // holds its process id, says whose the display is.
        var lastError = ""
        for number in 40..<140 where !Self.isTaken(number) {
            let server = try Subprocess.launch(try Subprocess.locate("Xvfb"),
                                               [":\(number)", "-screen", "0", "1280x720x24", "-nolisten", "tcp"])
            let deadline = Date().addingTimeInterval(20)
            while !server.hasExited && Date() < deadline {
                let lock = (try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8)) ?? ""
                let owner = Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines))
                // Another live server's lock: the display is someone else's.
                // A dead one's is stale, and this server is replacing it.
                if let owner, owner != server.processIdentifier, kill(owner, 0) == 0 || errno == EPERM { break }
                if owner == server.processIdentifier, FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
                   (try? Subprocess.run("xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": ":\(number)"]))?.status == 0 {
                    name = ":\(number)"
                    self.server = server
                    return
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            server.stop()
            lastError = "Xvfb :\(number) did not start"
        }
        throw TestSupportError(lastError.isEmpty ? "no free X display number between :40 and :139" : lastError)
    }

    /// Kills the server and removes the lock file and socket it cannot:
    /// a child of the test process inherits the blocked signals of the
    /// thread that started it (libdispatch's workers block SIGINT and
    /// SIGTERM), so Xvfb never sees the signals it would clean up on.
    deinit {
        server.stop()
        let lock = "/tmp/.X\(name.dropFirst())-lock"
        let owner = (try? String(contentsOfFile: lock, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if owner == server.processIdentifier {
            unlink("/tmp/.X11-unix/X\(name.dropFirst())")
            unlink(lock)
        }
    }

    /// Whether a server holds display `number`: its lock file names a
    /// live process. A lock left by a server that was killed is stale, and
    /// Xvfb takes such a display over, as it replaces the old socket.
    private static func isTaken(_ number: Int) -> Bool {
        guard let lock = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else {
            return FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        guard let owner = Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)) else { return true }
        return kill(owner, 0) == 0 || errno == EPERM
    }

    /// `DISPLAY` for a child on this server.
    var environment: [String: String] { ["DISPLAY": name] }

    /// `xdotool ARGUMENTS` on this display; its standard output, trimmed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try Subprocess.run("xdotool", arguments, environment: environment).requireSuccess()
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls `condition` every 50 ms until it holds; throws after
    /// `timeout` seconds, saying what was awaited. Generous: the tests run
    /// beside others on two cores.
    func wait(for what: String, timeout: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestSupportError("gave up after \(timeout) s waiting for \(what)")
    }

    /// The id of the window whose title starts with `title`, once
    /// `process` shows it; throws with how the process ended if it ends
    /// first.
    func window(titled title: String, shownBy process: Subprocess.Running) throws -> String {
        var id = ""
        try wait(for: "a window titled \(title)") {
            if process.hasExited {
                throw TestSupportError("ended before showing a window titled \(title): \(try process.wait(timeout: 1))")
            }
            let found = try Subprocess.run("xdotool", ["search", "--name", "^" + NSRegularExpression.escapedPattern(for: title)],
                                           environment: environment)
            id = found.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
            return found.status == 0 && !id.isEmpty
        }
        return id
    }

    /// The window's title.
    func title(of window: String) throws -> String {
        try xdotool(["getwindowname", window])
    }

    /// Presses `key` (an X keysym name: `space`, `Right`, `s`) in the
    /// window, after giving it the keyboard.
    func press(_ key: String, in window: String) throws {
        try xdotool(["windowfocus", "--sync", window])
        try xdotool(["key", key])
    }

    /// The window's contents as the X server has them (`xwd -id`), decoded
    /// by FFmpeg as opaque RGB (the dump's fourth byte is padding, not
    /// alpha).
    func screenshot(of window: String, width: Int, height: Int, into directory: URL) throws -> RGBAImage {
        let dump = directory.appendingPathComponent("screenshot-\(UUID().uuidString).xwd").path
        try Subprocess.run("xwd", ["-id", window, "-silent", "-out", dump], environment: environment).requireSuccess()
        let rgb = [UInt8](try SoundFileFixtures.ffmpeg("-i", dump, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"))
        guard rgb.count == width * height * 3 else {
            throw TestSupportError("the window is not \(width)×\(height): \(rgb.count) bytes of RGB")
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<width * height {
            for channel in 0..<3 { rgba[4 * pixel + channel] = rgb[3 * pixel + channel] }
        }
        return RGBAImage(width: width, height: height, bytes: rgba)
    }
}
