import CALSA
import Glibc

/// A failure of the ALSA layer: a device that cannot be opened or driven, a
/// mixer control that does not exist, or a value ALSA cannot take.
///
/// Every case describes itself in one line that names the device, control or
/// value involved, so that a command-line tool can print `description` as its
/// error message.
public enum ALSAError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PCM or control device does not exist — an unknown name, or a card
    /// that is not present (`hw:9`). ALSA reports these as `ENOENT`, `ENODEV`
    /// or `ENXIO`.
    case deviceNotFound(device: String)

    /// The device exists but another program holds it (`EBUSY`): a hardware
    /// PCM without a mixing plugin in front of it serves one client at a time.
    case deviceBusy(device: String)

    /// The device refused to open for another reason; `code` is the negative
    /// ALSA error code.
    case openFailed(device: String, code: Int32)

    /// The device cannot play the requested stream (channel count, rate,
    /// period, sample format or access), or the request itself is invalid.
    case unsupportedParameters(device: String, reason: String)

    /// An operation on an open stream or mixer failed and could not be
    /// recovered; `operation` says what was being done ("writing",
    /// "draining", …) and `code` is the negative ALSA error code.
    case deviceFailed(device: String, operation: String, code: Int32)

    /// The stream or mixer was used after `close()`.
    case closed(device: String)

    /// An ALSA configuration could not be parsed; `source` is its file path
    /// or `"<string>"`.
    case invalidConfiguration(source: String, code: Int32)

    /// The mixer device has no simple element with this name and index;
    /// `available` lists the simple controls it does have.
    case mixerControlNotFound(device: String, control: String, index: Int, available: [String])

    /// The simple element has no playback volume to set.
    case mixerControlHasNoPlaybackVolume(device: String, control: String)

    /// A level that is not a finite amplitude ≥ 0.
    case invalidLevel(Double)

    /// alsa-lib could not list the devices (`snd_device_name_hint`).
    case listingFailed(code: Int32)

    public var description: String {
        switch self {
        case .deviceNotFound(let device):
            "cannot open audio device '\(device)': No such device"
        case .deviceBusy(let device):
            "audio device '\(device)' is busy (another program is using it)"
        case .openFailed(let device, let code):
            "cannot open audio device '\(device)': \(Self.message(for: code))"
        case .unsupportedParameters(let device, let reason):
            "audio device '\(device)' \(reason)"
        case .deviceFailed(let device, let operation, let code):
            "audio device '\(device)' failed while \(operation): \(Self.message(for: code))"
        case .closed(let device):
            "audio device '\(device)' is closed"
        case .invalidConfiguration(let source, let code):
            "cannot load ALSA configuration \(source): \(Self.message(for: code))"
        case .mixerControlNotFound(let device, let control, let index, let available):
            "no mixer control '\(Self.controlName(control, index))' on '\(device)'; controls: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
        case .mixerControlHasNoPlaybackVolume(let device, let control):
            "mixer control '\(control)' on '\(device)' has no playback volume"
        case .invalidLevel(let level):
            "mixer level \(level) is not a finite amplitude ≥ 0"
        case .listingFailed(let code):
            "cannot list ALSA devices: \(Self.message(for: code))"
        }
    }

    /// The error for a failed `snd_pcm_open` / `snd_ctl_open`: ALSA answers a
    /// missing card with `ENOENT` (its configuration cannot resolve the
    /// card), an unknown PCM name with `ENOENT`, and a vanished device node
    /// with `ENODEV` or `ENXIO`; all of these mean "no such device".
    static func openError(device: String, code: Int32) -> ALSAError {
        switch -code {
        case ENOENT, ENODEV, ENXIO: .deviceNotFound(device: device)
        case EBUSY: .deviceBusy(device: device)
        default: .openFailed(device: device, code: code)
        }
    }

    /// ALSA's text for a negative error code (`snd_strerror`), which covers
    /// both `errno` values and ALSA's own codes.
    static func message(for code: Int32) -> String {
        String(cString: snd_strerror(code))
    }

    /// The way `amixer` names a simple control: `Master`, or `Mic,1` for a
    /// nonzero index.
    static func controlName(_ name: String, _ index: Int) -> String {
        index == 0 ? name : "\(name),\(index)"
    }
}
