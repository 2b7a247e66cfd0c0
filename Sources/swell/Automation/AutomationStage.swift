import Foundation
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

/// A script and the command-line automation, built as a layer tree with
/// timed events, ready to be hosted.
///
/// - Each script layer becomes a ``ScriptLayer``, an ``AudioLayer`` or a
///   ``MixerLayer`` with its initial properties; layers without a parent
///   hang under one root.
/// - The input file (`play`/`render`) plays in the script's audio layers
///   that name no file; if there are none, in a new audio layer `input`
///   under the first script layer, so that layer's `volume` — `main`'s when
///   there is no script — is its gain.
/// - The options automate the first script layer: `--volume` is its model
///   volume; `--fade-in` a basic animation from 0 at time 0; `--fade-out` a
///   basic animation to 0 ending at the length L, with the mirrored shape;
///   `--ramp` a keyframe animation holding its first and last values.
///   Fade lengths are whole frames, `round(D·fs)`, as in SoX and FFmpeg.
/// - Script events become ``RenderHost/schedule(at:_:)`` transactions.
final class AutomationStage {
    /// The root of the tree.
    let root: CALayer
    /// The script's layers by name, and `input` when one was added.
    private(set) var layers: [String: CALayer] = [:]
    /// The layer names in script order.
    private(set) var layerNames: [String] = []
    /// The layer the options automate.
    let target: CALayer
    /// The audio layers playing the input file.
    private(set) var inputLayers: [AudioLayer] = []
    /// The length L in seconds that `--fade-out` ends at, if known.
    let length: Double?

    private let script: ScriptSpec
    private let options: AutomationOptions
    private let sampleRate: Int?

    /// Opens the mixer control of a mixer layer: `(device, control)` from the
    /// script, nil meaning the command's defaults.
    typealias MixerOpener = (String?, String?) throws -> MixerControl

    /// Builds the tree. `input` is the command line's file, `files` the
    /// script's audio files by path, already opened (others are opened
    /// here), both at the mix's rate; `sampleRate` the rate frames are
    /// counted at (fade lengths round to it), `openMixer` opens mixer
    /// layers' controls (nil: mixer layers compute their curve only).
    init(script: ScriptSpec, options: AutomationOptions, input: (any AudioSource)?,
         files: [String: any AudioSource] = [:], sampleRate: Int?,
         openMixer: MixerOpener?) throws {
        try options.validate()
        self.script = script
        self.options = options
        self.sampleRate = sampleRate
        length = options.duration ?? input?.format.duration
        let root = CALayer()
        root.name = "root"
        self.root = root
        var built: [String: CALayer] = [:]
        for spec in script.layers {
            let layer = try Self.makeLayer(spec, input: input, files: files, openMixer: openMixer)
            built[spec.name] = layer
            layerNames.append(spec.name)
            if let audio = layer as? AudioLayer, spec.file == nil { inputLayers.append(audio) }
        }
        for spec in script.layers {
            let parent = spec.parent.flatMap { built[$0] } ?? root
            parent.addSublayer(built[spec.name]!)
        }
        layers = built
        target = built[script.layers[0].name]!
        if let input, inputLayers.isEmpty {
            let layer = AudioLayer(soundSource: input)
            layer.name = "input"
            target.addSublayer(layer)
            layers["input"] = layer
            layerNames.append("input")
            inputLayers.append(layer)
        }
        if let volume = options.volume { target.setValue(volume, forKey: AudioKey.volume) }
        CATransaction.flush()
    }

    /// Hosts the tree on `host` and schedules the script's events and the
    /// options' animations on it, at their times after `origin` (host
    /// time). Audio layers start playing at the origin.
    func install(on host: RenderHost, origin: Double = 0) throws(AutomationError) {
        host.rootLayer = root
        host.schedule(at: origin) { [layers] in
            for layer in layers.values { (layer as? AudioLayer)?.play() }
        }
        for event in script.events {
            guard let layer = layers[event.layer] else { continue }
            host.schedule(at: origin + event.time) { Self.perform(event, on: layer) }
        }
        try scheduleOptions(on: host, origin: origin)
    }

    /// When the automation stops changing anything: the latest end of an
    /// event's implicit animation or added animation (ignoring ones that
    /// never end), of a fade or of the ramp.
    var naturalEnd: Double {
        var end = 0.0
        for event in script.events {
            switch event.action {
            case .set: end = max(end, event.time + (event.transaction.disableActions ? 0 : event.transaction.animationDuration ?? 0.25))
            case .add(let spec, _):
                let animation = spec.makeAnimation()
                let duration = animation.duration > 0 ? animation.duration : event.transaction.animationDuration ?? 0.25
                var timing = MediaTiming()
                timing.duration = duration
                timing.repeatCount = Double(animation.repeatCount)
                timing.repeatDuration = animation.repeatDuration
                timing.autoreverses = animation.autoreverses
                let active = timing.activeDuration / max(Double(Swift.abs(animation.speed)), 1e-9)
                if active.isFinite { end = max(end, event.time + animation.beginTime + active) }
            case .removeAnimation, .removeAllAnimations: end = max(end, event.time)
            }
        }
        if let fadeIn = options.fadeIn { end = max(end, fadeIn) }
        if options.fadeOut != nil, let length { end = max(end, length) }
        if let last = options.ramp?.points.last { end = max(end, last.time) }
        return end
    }

    // MARK: Layers

    private static func makeLayer(_ spec: LayerSpec, input: (any AudioSource)?, files: [String: any AudioSource],
                                  openMixer: MixerOpener?) throws -> CALayer {
        let layer: CALayer
        switch spec.type {
        case .layer:
            let generic = ScriptLayer()
            generic.animatableKeys = spec.animatableKeys
            layer = generic
        case .audio:
            let audio: AudioLayer
            if let file = spec.file {
                do {
                    let source: any AudioSource = try files[file.path] ?? SoundFileSource(path: file.path)
                    audio = AudioLayer(soundSource: source)
                } catch {
                    throw AutomationError("\(error)")
                }
            } else if let input {
                audio = AudioLayer(soundSource: input)
            } else {
                audio = AudioLayer()
            }
            audio.taper = spec.taper?.taper ?? .linear
            layer = audio
        case .mixer:
            if let openMixer {
                do { layer = try MixerLayer(control: openMixer(spec.device, spec.control)) } catch {
                    throw ContextualError(context: "mixer layer '\(spec.name)'", underlying: error)
                }
            } else {
                layer = MixerLayer()
            }
        }
        layer.name = spec.name
        for (key, value) in spec.properties.sorted(by: { $0.key < $1.key }) {
            layer.setValue(value, forKey: key)
        }
        return layer
    }

    // MARK: Events

    private static func perform(_ event: EventSpec, on layer: CALayer) {
        let transaction = event.transaction
        CATransaction.setAnimationDuration(transaction.animationDuration ?? 0.25)
        CATransaction.setAnimationTimingFunction(transaction.animationTimingFunction?.timingFunction)
        CATransaction.setDisableActions(transaction.disableActions)
        switch event.action {
        case .set(let values):
            for (key, value) in values.sorted(by: { $0.key < $1.key }) { layer.setValue(value, forKey: key) }
        case .add(let spec, let key):
            layer.add(spec.makeAnimation(), forKey: key)
        case .removeAnimation(let key):
            layer.removeAnimation(forKey: key)
        case .removeAllAnimations:
            layer.removeAllAnimations()
        }
    }

    /// A duration rounded to whole frames when the frame rate is known.
    private func frames(_ seconds: Double) -> Double {
        guard let sampleRate else { return seconds }
        return (seconds * Double(sampleRate)).rounded() / Double(sampleRate)
    }

    private func scheduleOptions(on host: RenderHost, origin: Double) throws(AutomationError) {
        let shape = options.timing.timingFunction
        let target = self.target
        if let fadeIn = options.fadeIn.map(frames), fadeIn > 0 {
            host.schedule(at: origin) {
                let fade = CABasicAnimation(keyPath: AudioKey.volume)
                fade.fromValue = 0.0
                fade.duration = fadeIn
                fade.timingFunction = shape
                target.add(fade, forKey: "fade-in")
            }
        }
        if let fadeOut = options.fadeOut.map(frames), fadeOut > 0 {
            guard let length else {
                throw AutomationError("--fade-out needs the length of the input, or --duration")
            }
            let begin = max(length - fadeOut, 0)
            host.schedule(at: origin + begin) {
                let fade = CABasicAnimation(keyPath: AudioKey.volume)
                fade.toValue = 0.0
                fade.duration = fadeOut
                fade.timingFunction = shape.mirrored
                fade.fillMode = .forwards
                fade.isRemovedOnCompletion = false
                target.add(fade, forKey: "fade-out")
            }
        }
        if let ramp = options.ramp { scheduleRamp(ramp, on: host, origin: origin) }
    }

    /// The ramp as a keyframe animation of `volume` from the first point's
    /// time to the last's, holding the end values outside (fill both).
    private func scheduleRamp(_ ramp: RampSpec, on host: RenderHost, origin: Double) {
        let points = ramp.points
        guard let first = points.first, let last = points.last else { return }
        // The value holds before the first point: the model starts there,
        // without the implicit animation a change to a hosted layer runs.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        target.setValue(first.level, forKey: AudioKey.volume)
        CATransaction.commit()
        let span = last.time - first.time
        let target = self.target
        guard span > 0 else {
            host.schedule(at: origin + first.time) {
                CATransaction.setDisableActions(true)
                target.setValue(last.level, forKey: AudioKey.volume)
            }
            return
        }
        let shape = options.timing
        host.schedule(at: origin) {
            let animation = CAKeyframeAnimation(keyPath: AudioKey.volume)
            animation.values = points.map(\.level)
            animation.keyTimes = points.map { NSNumber(value: ($0.time - first.time) / span) }
            animation.timingFunctions = points.dropFirst().map { ($0.timingFunction ?? shape).timingFunction }
            animation.beginTime = target.convertTime(origin + first.time, from: nil)
            animation.duration = span
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            target.add(animation, forKey: "ramp")
        }
    }
}
