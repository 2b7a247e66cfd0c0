import CALSA

/// An ALSA configuration tree (`snd_config_t`) loaded from a file or a
/// string, used instead of the global configuration to open PCMs and mixers.
///
/// Normally alsa-lib resolves a device name such as `default` or
/// `plughw:0,0` through its global configuration — `alsa.conf`, or the files
/// listed in `ALSA_CONFIG_PATH` — which belongs to the whole process.
/// `snd_pcm_open_lconf` and `snd_ctl_open_lconf` take a local tree instead,
/// so a program (or a test) can define its own devices without touching the
/// environment. The syntax is that of `asoundrc`
/// (<https://www.alsa-project.org/alsa-doc/alsa-lib/conf.html>); because the
/// tree replaces the global one, it must define every PCM and plugin type
/// it refers to.
///
/// alsa-lib does not promise that opening devices from one tree on several
/// threads at once is safe, so uses of the tree are serialised by a lock
/// (which makes the class `Sendable`).
public final class ALSAConfiguration: @unchecked Sendable {
    private let tree: OpaquePointer
    private let lock = Locked(())

    /// Loads a configuration file.
    public convenience init(contentsOf path: String) throws(ALSAError) {
        var input: OpaquePointer?
        let code = snd_input_stdio_open(&input, path, "r")
        guard code >= 0, let input else {
            throw .invalidConfiguration(source: "'\(path)'", code: code)
        }
        try self.init(input: input, source: "'\(path)'")
    }

    /// Parses configuration text.
    public convenience init(string: String) throws(ALSAError) {
        var input: OpaquePointer?
        // snd_input_buffer_open copies the text, so the C string need only
        // live for the call.
        let code = string.withCString { snd_input_buffer_open(&input, $0, -1) }
        guard code >= 0, let input else {
            throw .invalidConfiguration(source: "<string>", code: code)
        }
        try self.init(input: input, source: "<string>")
    }

    /// Parses `input` into a new top-level tree and closes it.
    private init(input: OpaquePointer, source: String) throws(ALSAError) {
        defer { snd_input_close(input) }
        var top: OpaquePointer?
        var code = snd_config_top(&top)
        guard code >= 0, let top else {
            throw .invalidConfiguration(source: source, code: code)
        }
        code = snd_config_load(top, input)
        guard code >= 0 else {
            snd_config_delete(top)
            throw .invalidConfiguration(source: source, code: code)
        }
        tree = top
    }

    deinit {
        snd_config_delete(tree)
    }

    /// Runs an ALSA call that reads the tree — an `_lconf` open — holding the
    /// lock, and returns its result code.
    func withTree(_ body: (OpaquePointer) -> Int32) -> Int32 {
        lock.withLock { _ in body(tree) }
    }
}
