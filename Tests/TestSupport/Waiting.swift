import Foundation

/// Polls `condition` every 20 ms until it holds; fails naming `what` after
/// `timeout` seconds. The timeout is a bound against hanging, never what a
/// test measures: a loaded machine only makes the wait longer.
public func waitUntil(_ what: String, timeout: Double = 60, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw TestSupportError("timed out waiting until \(what)") }
        usleep(20_000)
    }
}
