import SwellSession
import ArgumentParser

extension Parse {
    /// `--bitrate RATE` (docs/cli.md#render): kbit/s, written `128` or
    /// `128k` as LAME's `-b` and SoX's `-C` take it.
    package static func bitrate(_ text: String) throws -> Double {
        let number = text.hasSuffix("k") || text.hasSuffix("K") ? text.dropLast() : Substring(text)
        guard let kbps = Double(number), kbps.isFinite, kbps > 0 else {
            throw ValidationError("expected a bit rate in kbit/s, such as 128k")
        }
        return kbps
    }
}
