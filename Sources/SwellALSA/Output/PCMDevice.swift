import CALSA
import Glibc

/// A PCM that can play audio, as `aplay -L` lists it: a name to open and
/// what it is.
public struct PCMDevice: Hashable, Sendable {
    /// The name to pass to ``PCMOutput/init(device:channelCount:sampleRate:periodSize:bufferSize:configuration:)``:
    /// `default`, `sysdefault:CARD=PCH`, `hw:CARD=PCH,DEV=0`, …
    public var name: String
    /// The device's description, possibly several lines ("HDA Intel PCH,
    /// ALC892 Analog\nFront output / input"); empty when it has none.
    public var description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }

    /// The PCMs of the global ALSA configuration that can play, in `aplay
    /// -L` order.
    ///
    /// Like `aplay -L`, this reads the device name hints
    /// (`snd_device_name_hint(-1, "pcm", …)`: the configuration's `hint`
    /// sections and each card's devices) and keeps those whose `IOID` is
    /// `Output` or absent (both directions). alsa-lib reads hints from the
    /// global configuration only — `ALSA_CONFIG_PATH` when set.
    public static func playbackDevices() throws(ALSAError) -> [PCMDevice] {
        var hintsOrNil: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        _ = ALSALibrary.prepared
        let code = snd_device_name_hint(-1, "pcm", &hintsOrNil)
        guard code >= 0, let hints = hintsOrNil else { throw .listingFailed(code: code) }
        defer { snd_device_name_free_hint(hints) }

        var devices: [PCMDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            cursor += 1
            guard let name = value(of: "NAME", in: hint) else { continue }
            let direction = value(of: "IOID", in: hint)
            guard direction == nil || direction == "Output" else { continue }
            devices.append(PCMDevice(name: name, description: value(of: "DESC", in: hint) ?? ""))
        }
        return devices
    }

    /// One field of a name hint (`snd_device_name_get_hint`), which alsa-lib
    /// returns in memory the caller frees.
    private static func value(of field: String, in hint: UnsafeMutableRawPointer) -> String? {
        guard let text = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
