import SwellScript

extension ControlServer {
    /// The control socket of a session whose requests may name `layers`,
    /// listening; nil, with a warning, where it cannot be made — the
    /// session still runs: control is an extra — or when `directory` is nil.
    public static func listening(in directory: ControlDirectory?, layers: [LayerSpec]) -> ControlServer? {
        guard let directory else { return nil }
        do {
            let server = try ControlServer(directory: directory, layers: layers)
            server.start()
            return server
        } catch {
            CADiagnostics.warn("no control socket, swell ctl cannot reach this session: \(error)")
            return nil
        }
    }
}
