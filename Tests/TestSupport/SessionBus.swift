import Foundation

/// A D-Bus session bus of a test's own: `dbus-daemon --session` listening
/// on a socket in `directory`, ended with the object. Its ``address`` goes
/// into the environment as `DBUS_SESSION_BUS_ADDRESS`.
public final class SessionBus {
    public let address: String
    private let daemon: Subprocess.Running

    public init(directory: String) throws {
        let socket = (directory as NSString).appendingPathComponent("bus")
        address = "unix:path=\(socket)"
        daemon = try Subprocess.launch(Subprocess.locate("dbus-daemon"), ["--session", "--nofork", "--address=\(address)"])
        try waitUntil("the bus listens") { FileManager.default.fileExists(atPath: socket) }
    }

    /// Whether the D-Bus tools the MPRIS tests run are installed.
    public static var toolsInstalled: Bool {
        ["dbus-daemon", "dbus-send", "playerctl"].allSatisfy { (try? Subprocess.locate($0)) != nil }
    }

    deinit { daemon.stop() }
}
