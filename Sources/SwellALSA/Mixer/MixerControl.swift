import CALSA
import Glibc

/// A simple mixer control of a sound card — `Master`, `PCM`, `Speaker` —
/// whose playback level Swell reads and sets, as `amixer sget/sset` do.
///
/// A control has raw integer steps between ``volumeRange``'s bounds and, on
/// most cards, dB data (a TLV) that says what each step means in decibels
/// (``decibelRange``). Levels are exchanged as linear amplitudes (1 = the
/// control's 0 dB or its top step); ``setLevel(amplitude:)`` documents how
/// they map onto steps.
///
/// All calls are serialised by a lock, so a control may be shared between
/// threads; none of them is meant for the audio render thread.
public final class MixerControl: @unchecked Sendable {
    /// The control device the mixer was opened on.
    public let device: String
    public let id: MixerControlID

    /// The channels the control sets, by ALSA's names ("Front Left", …;
    /// "Front Left" alone for a mono control).
    public let channels: [String]
    /// Whether the control has a playback volume (``setLevel(amplitude:)``
    /// needs one).
    public let hasPlaybackVolume: Bool
    /// Whether the control has a playback on/off switch.
    public let hasPlaybackSwitch: Bool
    /// The raw volume steps (`snd_mixer_selem_get_playback_volume_range`).
    public let volumeRange: ClosedRange<Int>
    /// The playback volume's range in dB
    /// (`snd_mixer_selem_get_playback_dB_range`), or nil when the control
    /// has no dB data. The lower bound is `-infinity` when the lowest step
    /// mutes (the TLV's mute flag).
    public let decibelRange: ClosedRange<Double>?

    let mixer: SimpleMixer
    let element: OpaquePointer
    let channelIDs: [snd_mixer_selem_channel_id_t]
    /// ``decibelRange`` in ALSA's hundredths of a dB, with the mute value
    /// `SND_CTL_TLV_DB_GAIN_MUTE` as ALSA reports it.
    let centibelRange: ClosedRange<Int>?
    /// The card's control that holds every channel's volume, written in one
    /// call by ``setLevel(amplitude:)``; nil when the simple element does
    /// not map onto one such control, and alsa-lib's setters are used.
    let volumeControl: OpaquePointer?
    /// The raw step last written by ``setLevel(amplitude:)``; its lock
    /// serialises every use of the mixer.
    private let lastWrittenStep = Locked<Int?>(nil)

    /// Opens the mixer on `device` and finds the simple control `name`,
    /// `index`.
    ///
    /// - Parameters:
    ///   - device: A control device: `default`, `hw:0`, or a plugin name,
    ///     resolved through `configuration`, or the global ALSA
    ///     configuration when that is nil.
    ///   - name: The simple control's name, as `amixer scontrols` lists it.
    ///   - index: Its index, for cards with several controls of one name.
    /// - Throws: ``ALSAError/deviceNotFound(device:)`` and the other open
    ///   errors, ``ALSAError/mixerControlNotFound(device:control:index:available:)``.
    public init(
        device: String = "default", name: String = "Master", index: Int = 0,
        configuration: ALSAConfiguration? = nil
    ) throws(ALSAError) {
        let mixer = try SimpleMixer(device: device, configuration: configuration)
        let id = MixerControlID(name: name, index: index)
        guard let element = mixer.element(id) else {
            throw .mixerControlNotFound(
                device: device, control: name, index: index, available: mixer.controlIDs.map(\.description))
        }
        self.mixer = mixer
        self.element = element
        self.device = device
        self.id = id

        channelIDs = (SND_MIXER_SCHN_FRONT_LEFT.rawValue...SND_MIXER_SCHN_LAST.rawValue)
            .map(snd_mixer_selem_channel_id_t.init(rawValue:))
            .filter { snd_mixer_selem_has_playback_channel(element, $0) != 0 }
        channels = channelIDs.map { String(cString: snd_mixer_selem_channel_name($0)) }
        hasPlaybackVolume = snd_mixer_selem_has_playback_volume(element) != 0
        hasPlaybackSwitch = snd_mixer_selem_has_playback_switch(element) != 0

        var low = 0
        var high = 0
        snd_mixer_selem_get_playback_volume_range(element, &low, &high)
        volumeRange = low...max(low, high)
        if hasPlaybackVolume, snd_mixer_selem_get_playback_dB_range(element, &low, &high) == 0, low <= high {
            centibelRange = low...high
            decibelRange = Self.decibels(fromCentibels: low)...Self.decibels(fromCentibels: high)
        } else {
            centibelRange = nil
            decibelRange = nil
        }
        volumeControl = hasPlaybackVolume
            ? mixer.playbackVolumeControl(of: id, channelCount: channelIDs.count, range: volumeRange) : nil
    }

    /// The simple controls of a control device, in the order `amixer
    /// scontrols` lists them.
    public static func controls(
        onDevice device: String = "default", configuration: ALSAConfiguration? = nil
    ) throws(ALSAError) -> [MixerControlID] {
        try SimpleMixer(device: device, configuration: configuration).controlIDs
    }

    // MARK: - Reading

    /// One channel's playback volume.
    public struct ChannelLevel: Equatable, Sendable {
        /// The raw step.
        public var step: Int
        /// The step in dB, `-infinity` when muted; nil without dB data.
        public var decibels: Double?

        public init(step: Int, decibels: Double?) {
            self.step = step
            self.decibels = decibels
        }
    }

    /// The current playback volume of each channel, in ``channels`` order.
    ///
    /// The steps are read from the card's volume control when the element
    /// has one (``setLevel(amplitude:)`` writes it directly, which the simple
    /// layer's cache sees only if the card reports the change); otherwise
    /// from the simple layer, after picking up the card's change events.
    public func channelLevels() throws(ALSAError) -> [ChannelLevel] {
        try requirePlaybackVolume()
        return try withMixer { _ throws(ALSAError) -> [ChannelLevel] in
            try mixer.handleEvents()
            let steps = try volumeControl.map { control throws(ALSAError) in
                try mixer.values(of: control, count: channelIDs.count)
            } ?? channelIDs.map { channel in
                var step = 0
                snd_mixer_selem_get_playback_volume(element, channel, &step)
                return step
            }
            return steps.map { step in
                var centibels = 0
                let decibels = centibelRange != nil && snd_mixer_selem_ask_playback_vol_dB(element, step, &centibels) == 0
                    ? Self.decibels(fromCentibels: centibels) : nil
                return ChannelLevel(step: step, decibels: decibels)
            }
        }
    }

    /// The playback level as a linear amplitude: 10^(dB/20) of the loudest
    /// channel when the control has dB data, otherwise its position between
    /// the lowest (0) and highest (1) raw step.
    public func level() throws(ALSAError) -> Double {
        try channelLevels().map(amplitude(of:)).max() ?? 0
    }

    /// Whether any channel's playback switch is on (unmuted); true for a
    /// control without a switch.
    public func isPlaybackSwitchOn() throws(ALSAError) -> Bool {
        guard hasPlaybackSwitch else { return true }
        return try withMixer { _ throws(ALSAError) -> Bool in
            try mixer.handleEvents()
            return channelIDs.contains { channel in
                var on: Int32 = 0
                snd_mixer_selem_get_playback_switch(element, channel, &on)
                return on != 0
            }
        }
    }

    /// Turns every channel's playback switch on or off
    /// (`snd_mixer_selem_set_playback_switch_all`); does nothing for a
    /// control without a switch.
    public func setPlaybackSwitch(_ on: Bool) throws(ALSAError) {
        guard hasPlaybackSwitch else { return }
        let code = withMixer { _ in snd_mixer_selem_set_playback_switch_all(element, on ? 1 : 0) }
        guard code >= 0 else { throw .deviceFailed(device: device, operation: "setting '\(id)'", code: code) }
    }

    /// Runs `body` holding the mixer's lock, with the last written step.
    func withMixer<Result: Sendable, Failure: Error>(
        _ body: (inout Int?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lastWrittenStep.withLock { (step: inout Int?) throws(Failure) -> Result in try body(&step) }
    }

    func amplitude(of level: ChannelLevel) -> Double {
        if let decibels = level.decibels {
            return decibels == -.infinity ? 0 : pow(10, decibels / 20)
        }
        let span = volumeRange.upperBound - volumeRange.lowerBound
        return span == 0 ? 1 : Double(level.step - volumeRange.lowerBound) / Double(span)
    }

    func requirePlaybackVolume() throws(ALSAError) {
        guard hasPlaybackVolume else {
            throw .mixerControlHasNoPlaybackVolume(device: device, control: id.description)
        }
    }

    /// ALSA's hundredths of a dB as dB; its mute value as `-infinity`.
    static func decibels(fromCentibels centibels: Int) -> Double {
        centibels <= Int(SND_CTL_TLV_DB_GAIN_MUTE) ? -.infinity : Double(centibels) / 100
    }
}
