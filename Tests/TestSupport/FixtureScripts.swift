/// JSON scripts (docs/scripts.md) that more than one test target reads.
public enum FixtureScripts {
    /// The example script of docs/scripts.md, byte for byte: a `bus` with
    /// `music` under it, a `clock` with a custom property, a sound card's
    /// mixer, and the events of ``example(layers:)``.
    public static let documentedExample = example(layers: [
        #"{"name": "bus",   "type": "layer"}"#,
        #"{"name": "music", "type": "audio", "file": "song.flac", "parent": "bus", "volume": 0}"#,
        #"{"name": "clock", "type": "layer", "time": 0}"#,
        #"{"name": "card",  "type": "mixer", "device": "default", "control": "Master"}"#,
    ])

    /// The example script of docs/scripts.md on other `layers` (one JSON
    /// object each, in order), which must include `bus` and `music`.
    ///
    /// Its events use each kind of event once: an implicit animation
    /// (`music` fades in over 2 s, easing in), a change that interrupts it,
    /// an additive keyframe animation added under a key, repeated, then
    /// removed by that key, and a change with actions disabled (`bus` paused).
    public static func example(layers: [String]) -> String {
        """
        {
          "version": 1,
          "sampleRate": 48000,
          "layers": [
            \(layers.joined(separator: ",\n    "))
          ],
          "events": [
            {"at": 0, "layer": "music", "set": {"volume": 1}, "duration": 2, "timingFunction": "easeIn"},
            {"at": 1, "layer": "music", "set": {"volume": 0.3}},
            {"at": 3, "layer": "music", "key": "tremolo",
             "add": {"type": "keyframe", "keyPath": "volume", "values": [0, -0.2, 0],
                     "additive": true, "duration": 0.5, "repeatCount": 4}},
            {"at": 6, "layer": "music", "remove": "tremolo"},
            {"at": 7, "layer": "bus", "set": {"speed": 0}, "disableActions": true}
          ]
        }
        """
    }
}
