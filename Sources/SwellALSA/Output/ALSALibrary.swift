import CALSA

/// Process-wide alsa-lib set-up, done once before the first ALSA call.
enum ALSALibrary {
    /// alsa-lib's own error printing is silenced: every failure reaches the
    /// user as one line of Swell's (docs/cli.md#exit-codes), not as
    /// `ALSA lib …` noise before it.
    static let prepared: Void = swell_alsa_silence_library_errors()
}
