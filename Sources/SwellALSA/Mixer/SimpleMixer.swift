import CALSA

/// An open `snd_mixer_t` with ALSA's simple element layer loaded on one
/// control device: what `amixer -D DEVICE` works with.
///
/// The simple layer folds a card's raw controls ("Master Playback Volume",
/// "Master Playback Switch", …) into named elements ("Master") with playback
/// and capture volume and switch. The device is opened through
/// `snd_ctl_open`, or `snd_ctl_open_lconf` for an explicit configuration,
/// and attached with `snd_mixer_attach_hctl`, which is what
/// `snd_mixer_attach(mixer, name)` does with the global configuration only.
final class SimpleMixer {
    let device: String
    let handle: OpaquePointer
    /// The control layer under the mixer, which the mixer owns.
    private let hctl: OpaquePointer

    init(device: String, configuration: ALSAConfiguration?) throws(ALSAError) {
        _ = ALSALibrary.prepared
        var ctl: OpaquePointer?
        let opened: Int32
        if let configuration {
            opened = configuration.withTree { snd_ctl_open_lconf(&ctl, device, 0, $0) }
        } else {
            opened = snd_ctl_open(&ctl, device, 0)
        }
        guard opened >= 0, let ctl else { throw ALSAError.openError(device: device, code: opened) }

        var hctl: OpaquePointer?
        var code = snd_hctl_open_ctl(&hctl, ctl)
        guard code >= 0, let hctl else {
            snd_ctl_close(ctl)
            throw .openFailed(device: device, code: code)
        }
        var mixer: OpaquePointer?
        code = snd_mixer_open(&mixer, 0)
        guard code >= 0, let mixer else {
            snd_hctl_close(hctl)
            throw .openFailed(device: device, code: code)
        }
        // From here the mixer owns the hctl (and its ctl), even when
        // attaching fails, and closing the mixer closes them.
        code = snd_mixer_attach_hctl(mixer, hctl)
        if code >= 0 { code = snd_mixer_selem_register(mixer, nil, nil) }
        if code >= 0 { code = snd_mixer_load(mixer) }
        guard code >= 0 else {
            snd_mixer_close(mixer)
            throw .openFailed(device: device, code: code)
        }
        self.device = device
        self.hctl = hctl
        handle = mixer
    }

    deinit {
        snd_mixer_close(handle)
    }

    /// The simple elements, in the mixer's order (the order `amixer
    /// scontrols` prints).
    var elements: [OpaquePointer] {
        var result: [OpaquePointer] = []
        var element = snd_mixer_first_elem(handle)
        while let current = element {
            result.append(current)
            element = snd_mixer_elem_next(current)
        }
        return result
    }

    /// The name and index of every simple element.
    var controlIDs: [MixerControlID] {
        elements.map(MixerControlID.init(element:))
    }

    /// The simple element with this name and index.
    func element(_ id: MixerControlID) -> OpaquePointer? {
        elements.first { MixerControlID(element: $0) == id }
    }

    /// The card's control behind simple element `id`'s playback volume —
    /// "Master Playback Volume", or "Master Volume" for a control that is
    /// not playback-only, as alsa-lib's simple layer names them — when it is
    /// one integer control with a value for each of `channelCount` channels
    /// and the simple element's step range, so that writing it sets all of
    /// them at once.
    func playbackVolumeControl(of id: MixerControlID, channelCount: Int, range: ClosedRange<Int>) -> OpaquePointer? {
        var elementID: OpaquePointer?
        guard snd_ctl_elem_id_malloc(&elementID) >= 0, let elementID else { return nil }
        defer { snd_ctl_elem_id_free(elementID) }
        var info: OpaquePointer?
        guard snd_ctl_elem_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_ctl_elem_info_free(info) }
        for suffix in [" Playback Volume", " Volume"] {
            snd_ctl_elem_id_clear(elementID)
            snd_ctl_elem_id_set_interface(elementID, SND_CTL_ELEM_IFACE_MIXER)
            snd_ctl_elem_id_set_name(elementID, id.name + suffix)
            snd_ctl_elem_id_set_index(elementID, UInt32(id.index))
            guard let control = snd_hctl_find_elem(hctl, elementID), snd_hctl_elem_info(control, info) >= 0 else {
                continue
            }
            let matches = snd_ctl_elem_info_get_type(info) == SND_CTL_ELEM_TYPE_INTEGER
                && Int(snd_ctl_elem_info_get_count(info)) == channelCount
                && Int(snd_ctl_elem_info_get_min(info)) == range.lowerBound
                && Int(snd_ctl_elem_info_get_max(info)) == range.upperBound
            return matches ? control : nil
        }
        return nil
    }

    /// Writes `step` to every value of `control` in one `snd_ctl_elem_write`.
    func write(_ step: Int, toEveryValueOf control: OpaquePointer, count: Int) -> Int32 {
        var value: OpaquePointer?
        let allocated = snd_ctl_elem_value_malloc(&value)
        guard allocated >= 0, let value else { return allocated }
        defer { snd_ctl_elem_value_free(value) }
        for index in 0..<count { snd_ctl_elem_value_set_integer(value, UInt32(index), step) }
        return snd_hctl_elem_write(control, value)
    }

    /// The first `count` values of `control`, read from the card.
    func values(of control: OpaquePointer, count: Int) throws(ALSAError) -> [Int] {
        var value: OpaquePointer?
        let allocated = snd_ctl_elem_value_malloc(&value)
        guard allocated >= 0, let value else {
            throw .deviceFailed(device: device, operation: "reading the mixer", code: allocated)
        }
        defer { snd_ctl_elem_value_free(value) }
        let code = snd_hctl_elem_read(control, value)
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "reading the mixer", code: code) }
        return (0..<count).map { snd_ctl_elem_value_get_integer(value, UInt32($0)) }
    }

    /// Brings the cached element values up to date with changes other
    /// programs have made, by reading the pending control events.
    ///
    /// The mixer's control handle is non-blocking (`snd_mixer_attach_hctl`
    /// makes it so), so this returns at once when nothing has changed.
    func handleEvents() throws(ALSAError) {
        let code = snd_mixer_handle_events(handle)
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "reading the mixer", code: code) }
    }
}

/// A simple mixer control's identity: its name and index, as in `amixer`'s
/// `Simple mixer control 'Master',0`.
public struct MixerControlID: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// Distinguishes controls of the same name, such as two "Mic" inputs.
    public var index: Int

    public init(name: String, index: Int = 0) {
        self.name = name
        self.index = index
    }

    init(element: OpaquePointer) {
        name = String(cString: snd_mixer_selem_get_name(element))
        index = Int(snd_mixer_selem_get_index(element))
    }

    /// `Master`, or `Mic,1` for a nonzero index — the form `amixer sset`
    /// accepts.
    public var description: String {
        ALSAError.controlName(name, index)
    }
}
