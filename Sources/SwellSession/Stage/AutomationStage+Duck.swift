import SwellAudio
import SwellScript
import SwellSndFile

extension AutomationStage {
    /// Each layer's `"duck"` (docs/ducking.md): a bus layer `NAME-duck` is
    /// put above the ducked layer, and its volume is a keyframe animation
    /// computed now from the whole of the key layer's sound — so it is
    /// ready before it is heard, `swell curve --key NAME-duck.volume` shows
    /// it, and the ducked layer's own volume, fades and sets multiply with
    /// it. Returns the events that add the animations, at 0.
    func insertDucks() throws -> [EventSpec] {
        var ducks = script.layers.compactMap { spec in spec.duck.map { (name: spec.name, duck: $0) } }
        if let path = options.duckUnder {
            // --duck-under FILE: the file plays in a layer of its own, and
            // what the options automate ducks under it.
            let name = Self.narration
            guard layers[name] == nil else {
                throw AutomationError("the script's layer '\(name)' has the name of --duck-under's layer; rename it")
            }
            let narration = AudioLayer(soundSource: try files[path] ?? SoundFileSource(path: path))
            narration.name = name
            root.addSublayer(narration)
            layers[name] = narration
            layerNames.append(name)
            ducks.append((targetName, DuckSpec(under: name)))
        }
        var events: [EventSpec] = []
        for (spec, duck) in ducks {
            guard let ducked = layers[spec] else { continue }
            guard let key = layers[duck.under].flatMap(Self.soundLayer), let source = key.soundSource else {
                throw AutomationError("layer '\(duck.under)' plays no sound for layer '\(spec)' to duck under")
            }
            let name = "\(spec)-duck"
            let bus = try insertBus(named: name, above: ducked, for: "the duck of layer '\(spec)'")
            let keyframes = DuckEnvelope.keyframes(
                speech: try DuckEnvelope.speech(in: source, threshold: duck.threshold), gain: duck.by,
                attack: duck.attack, hold: duck.hold, release: duck.release)
            // From the key layer's media time to the bus's own.
            let times = keyframes.map { bus.convertTime(key.convertTime($0.time, to: nil), from: nil) }
            guard let first = times.first, let last = times.last, last > first else { continue }
            var animation = KeyframeAnimationSpec(property: PropertyAnimationSpec(keyPath: AudioKey.volume),
                                                  values: keyframes.map { SceneValue($0.gain) })
            animation.keyTimes = times.map { ($0 - first) / (last - first) }
            var added = AnimationSpec(.keyframe(animation), location: duck.underLocation)
            added.beginTime = first
            added.duration = last - first
            added.fillMode = .both
            added.isRemovedOnCompletion = false
            events.append(EventSpec(time: 0, layer: name, action: .add(added, forKey: "duck"), location: duck.underLocation))
        }
        return events
    }

    /// The layer `--duck-under`'s file plays in.
    static let narration = "narration"

    /// The layer that plays a layer's sound: itself, or a video layer's
    /// sound track.
    private static func soundLayer(of layer: CALayer) -> AudioLayer? {
        layer as? AudioLayer ?? layer.sublayers?.lazy.compactMap { $0 as? AudioLayer }.first
    }
}
