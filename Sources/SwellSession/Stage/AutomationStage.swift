import Foundation
import SwellALSA
import SwellOSC
import SwellPulse
import SwellScript
import SwellSndFile

/// A script and the command-line automation, built as a layer tree with
/// timed events, ready to be hosted.
///
/// - Each script layer becomes a ``ScriptLayer``, an ``AudioLayer``, a
///   ``MixerLayer``, a ``VideoLayer`` (its sound track in an audio layer
///   below it) or another visual layer with its initial properties; layers
///   without a parent hang under one root.
/// - The input file (`play`/`render`) plays in the script's audio layers
///   that name no file; if there are none, in a new audio layer `input`
///   under the first script layer, so that layer's `volume` — `main`'s when
///   there is no script — is its gain. Several inputs play one after
///   another in layers `input1`, `input2`… under it, each starting (its
///   `beginTime`) where the one before ends, less the crossfade, over which
///   the two cross with equal power (docs/cli.md#files-in-sequence).
/// - The options automate the first script layer: `--volume` is its model
///   volume; `--fade-in` a basic animation from 0 at time 0; `--ramp` a
///   keyframe animation holding its first and last values. `--fade-out` is
///   a basic animation to 0 ending at the length L, with the mirrored
///   shape, on a layer `fade-out` put between the first layer and its
///   parent: ancestors' volumes multiply, so fades that overlap multiply,
///   as two FFmpeg `afade` filters do (docs/cli.md#fades).
///   Fade lengths are whole frames, `round(D·fs)`, as in SoX and FFmpeg.
/// - Script events become ``RenderHost/schedule(at:_:)`` transactions.
/// - With `loops`, the inputs play over and over (``AutomationStage/Loop``).
public final class AutomationStage {
    /// The root of the tree.
    public let root: CALayer
    /// The script's layers by name, and `input` when one was added.
    var layers: [String: CALayer] = [:]
    /// The layer names in script order.
    var layerNames: [String] = []
    /// The layer the options automate.
    public let target: CALayer
    /// Its name.
    let targetName: String
    /// The layer `--fade-out` animates, the target's new parent.
    private(set) var fadeOutLayer: CALayer?
    /// The events the session runs, in time order: the script's and the
    /// command line's (``optionEvents(fadeIn:fadeOut:)``).
    public private(set) var events: [EventSpec] = []
    /// The host time the session's time 0 is at.
    public let origin: Double
    /// Where the inputs hand over to each other.
    private var crossfades: [Crossfade] = []
    /// The audio layers playing the input files, in the order they begin
    /// (with a loop, those of the passes not yet ended).
    public var inputLayers: [AudioLayer] = []
    /// `--loop`: the passes of the inputs after the first.
    private(set) var loop: Loop?
    /// How many seeks have moved the tree, and where the last took the
    /// playing file, in seconds (``seek(_:to:at:)``): MPRIS's `Seeked`
    /// follows them, whoever asked.
    public var seeks = (count: 0, position: 0.0)
    /// The length L in seconds that `--fade-out` ends at: `--duration`, else
    /// when the last audio layer's file ends; nil when no layer plays a
    /// file, or one does not say how long it is (a stream).
    public private(set) var length: Double?

    let options: AutomationOptions
    private let sampleRate: Int?
    /// What the tree was built from, to build its ``twin()``: the script,
    /// the inputs and crossfade, every audio file's source by path.
    let script: ScriptSpec
    private let inputs: [any AudioSource], crossfade: Double
    /// The sources of the script's audio files and video sound tracks by
    /// path, opened once: those given, and those the stage opened.
    package private(set) var files: [String: any AudioSource]
    /// The mixer controls the stage's mixer layers write, by layer name.
    private var controls: [String: MixerControl] = [:]

    /// Opens the mixer control of a mixer layer: `(device, control)` from the
    /// script, nil meaning the command's defaults.
    public typealias MixerOpener = (String?, String?) throws -> MixerControl
    /// The connection to the sound server that stream and sink layers
    /// drive, made the first time one asks.
    public typealias ServerOpener = () throws -> PulseConnection
    /// Makes a layer of a kind beyond a session's own, connected to what it
    /// drives; nil for a kind it does not make.
    public typealias LayerMaker = (LayerSpec) throws -> CALayer?

    /// Builds the tree. `inputs` are the command line's files, in order,
    /// `crossfade` the seconds two of them overlap, `files` the script's
    /// audio files and video layers' sound tracks by path, already opened
    /// (other audio files are opened here; video layers without one are
    /// silent),
    /// `sampleRate` the rate frames are counted at (fade lengths round to
    /// it), `openMixer` opens mixer layers' controls (nil: mixer layers
    /// compute their curve only), `origin` the host time the session starts.
    package init(script: ScriptSpec, options: AutomationOptions, inputs: [any AudioSource] = [], crossfade: Double = 0,
         loops: Bool = false, files: [String: any AudioSource] = [:], sampleRate: Int?,
         openMixer: MixerOpener?, makeLayer: LayerMaker? = nil, openServer: ServerOpener? = nil,
         origin: Double = 0) throws {
        try options.validate()
        self.options = options
        self.sampleRate = sampleRate
        self.origin = origin
        self.script = script
        self.inputs = inputs
        self.crossfade = crossfade
        var files = files
        let fadeIn = try options.fadeIn?.seconds(atSampleRate: sampleRate)
        let fadeOut = try options.fadeOut?.seconds(atSampleRate: sampleRate)
        let input = inputs.count == 1 ? inputs[0] : nil
        let root = CALayer()
        root.name = "root"
        if let canvas = script.canvas {
            // The root fills the canvas (docs/scripts.md#canvas).
            root.bounds = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            root.position = CGPoint(x: Double(canvas.width) / 2, y: Double(canvas.height) / 2)
            root.backgroundColor = canvas.backgroundColor
        }
        self.root = root
        self.files = [:]
        var built: [String: CALayer] = [:]
        for spec in script.layers {
            let layer = try makeLayer?(spec).map { Self.declare($0, as: spec) }
                ?? Self.makeLayer(spec, input: input, files: &files, openMixer: openMixer, openServer: openServer)
            built[spec.name] = layer
            layerNames.append(spec.name)
            if let audio = layer as? AudioLayer, spec.file == nil { inputLayers.append(audio) }
        }
        for spec in script.layers {
            let parent = spec.parent.flatMap { built[$0] } ?? root
            parent.addSublayer(built[spec.name]!)
        }
        layers = built
        self.files = files
        for (name, layer) in built {
            if let control = (layer as? MixerLayer)?.control { controls[name] = control }
        }
        targetName = script.layers[0].name
        target = built[targetName]!
        if let input, inputLayers.isEmpty {
            addInputLayer(AudioLayer(soundSource: input), named: "input")
        } else if inputs.count > 1 {
            guard inputLayers.isEmpty else {
                throw AutomationError("several files play in layers of their own; the script's audio layers "
                                      + "without a file would play none of them")
            }
            for (index, source) in inputs.enumerated() {
                addInputLayer(AudioLayer(soundSource: source), named: "input\(index + 1)")
            }
        }
        if let volume = options.volume { target.setValue(volume, forKey: AudioKey.volume) }
        if let speed = options.speed { for layer in inputLayers { layer.rate = speed } }
        if let loudness = options.loudness { try applyLoudness(loudness) }
        let ducks = try insertDucks()
        if let fadeOut, fadeOut > 0 { try insertFadeOutLayer() }
        crossfades = inputs.count > 1 ? try sequenceInputs(crossfade: crossfade) : []
        if loops { loop = try Loop(inputLayers, frames: frames) }
        CATransaction.flush()
        // A loop has no end of its own: only --duration gives it one.
        length = try options.duration?.seconds(atSampleRate: sampleRate) ?? (loops ? nil : mediaEnd)
        let (first, after) = try optionEvents(fadeIn: fadeIn, fadeOut: fadeOut,
                                              tapeStop: try options.tapeStop?.seconds(atSampleRate: sampleRate))
        // Stable: events at the same time keep this order.
        events = (first + ducks + script.events + after).enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The presented volume of the layer the options and `swell ctl set`
    /// automate — the script's first, `main` without one, a mixer
    /// session's card — as `ctl status` and MPRIS's `Volume` report it.
    public var presentedVolume: Double {
        target.presentation()?.value(forKeyPath: AudioKey.volume).flatMap(ValueCoercion.number) ?? 1
    }

    /// Whether the tree has an audio layer: a script's, an input's, or a
    /// video layer's sound track.
    public var hasAudioLayers: Bool {
        var found = false
        root.forEachInTree { found = found || $0 is AudioLayer }
        return found
    }

    /// When the last audio layer's file ends, in host time, at the layers'
    /// timing as built; nil when none plays a file, or one does not say how
    /// long it is. A layer that never reaches its file's end (paused) does
    /// not count.
    private var mediaEnd: Double? {
        var end: Double?, unknown = false
        root.forEachInTree { layer in
            guard let audio = layer as? AudioLayer, let source = audio.source else { return }
            var ancestor: CALayer? = audio
            while let timed = ancestor {
                if timed.speed == 0 { return }
                ancestor = timed.superlayer
            }
            guard let duration = audio.playingDuration else { unknown = unknown || source.duration == nil; return }
            end = max(end ?? 0, audio.convertTime(duration, to: nil))
        }
        return unknown ? nil : end
    }

    /// Hosts the tree on `host` and schedules the events on it, at their
    /// times after ``origin`` (host time), and the crossfades of the
    /// inputs. Audio layers play their files at their local time, which is
    /// host time unless the script retimes them.
    public func install(on host: RenderHost) {
        host.rootLayer = root
        for event in events {
            guard let layer = layers[event.layer] else { continue }
            host.schedule(at: origin + event.time) { try? Self.perform(event, on: layer) }
        }
        for crossfade in crossfades { schedule(crossfade, on: host) }
        if let loop { schedule(loop, pass: 1, on: host) }
    }

    /// A stage built as this one was, on the same sources and mixer
    /// controls — nothing is opened again, and a mixer layer starts from
    /// its card's level — without a loop, at origin 0: what ``SceneEnd``
    /// runs the events on. Its host has no display link, so its mixer
    /// layers write nothing.
    package func twin() throws -> AutomationStage {
        let controls = self.controls
        let names = script.layers.filter { $0.type == .mixer }.map(\.name)
        var opened = 0
        return try AutomationStage(script: script, options: options, inputs: inputs, crossfade: crossfade, files: files,
                                   sampleRate: sampleRate, openMixer: controls.isEmpty ? nil : { _, _ in
                                       // Mixer layers are made in script order.
                                       defer { opened += 1 }
                                       return controls[names[opened]]!
                                   })
    }

    // MARK: Layers

    private func addInputLayer(_ layer: AudioLayer, named name: String) {
        layer.name = name
        target.addSublayer(layer)
        layers[name] = layer
        layerNames.append(name)
        inputLayers.append(layer)
    }

    /// Where one input hands over to the next: from `time` (host seconds)
    /// for `duration`.
    private struct Crossfade {
        let time: Double
        let duration: Double
        let outgoing: AudioLayer
        let incoming: AudioLayer
    }

    /// Starts each input layer where the one before ends, less the
    /// crossfade — at most as long as either file — and returns the
    /// crossfades. Counted in whole frames when the rate is known, so the
    /// files join without a gap or an overlap of a fraction of a frame.
    private func sequenceInputs(crossfade: Double) throws(AutomationError) -> [Crossfade] {
        var crossfades: [Crossfade] = []
        var start = 0.0
        for (outgoing, incoming) in zip(inputLayers, inputLayers.dropFirst()) {
            guard let a = outgoing.playingDuration else {
                throw AutomationError("'\(outgoing.source!.path)' does not say how long it is, so nothing can follow it")
            }
            let b = incoming.playingDuration ?? .infinity
            let overlap = frames(min(crossfade, a, b))
            start += frames(a) - overlap
            incoming.beginTime = start
            if overlap > 0 {
                crossfades.append(Crossfade(time: start, duration: overlap, outgoing: outgoing, incoming: incoming))
            }
        }
        return crossfades
    }

    /// Puts the layer `fade-out` between the target and its parent.
    private func insertFadeOutLayer() throws(AutomationError) {
        fadeOutLayer = try insertBus(named: "fade-out", above: target, for: "--fade-out's layer")
    }

    /// Puts a bus layer `name` between `layer` and its parent, whose
    /// volume then scales `layer`'s sound; `purpose` says what it is for
    /// when a script's layer has the name.
    func insertBus(named name: String, above layer: CALayer, for purpose: String) throws(AutomationError) -> BusLayer {
        guard layers[name] == nil else {
            throw AutomationError("the script's layer '\(name)' has the name of \(purpose); rename it")
        }
        let bus = BusLayer()
        bus.name = name
        layer.superlayer!.replaceSublayer(layer, with: bus)
        bus.addSublayer(layer)
        layers[name] = bus
        layerNames.append(name)
        return bus
    }

    private static func makeLayer(_ spec: LayerSpec, input: (any AudioSource)?, files: inout [String: any AudioSource],
                                  openMixer: MixerOpener?, openServer: ServerOpener?) throws -> CALayer {
        let layer: CALayer
        switch spec.type {
        case .audio:
            if let file = spec.file {
                do {
                    let source: any AudioSource = try files[file.path] ?? SoundFileSource(path: file.path)
                    files[file.path] = source
                    layer = AudioLayer(soundSource: source)
                } catch {
                    throw AutomationError("\(error)")
                }
            } else if let input {
                layer = AudioLayer(soundSource: input)
            } else {
                layer = AudioLayer()
            }
        case .mixer:
            if let openMixer {
                do {
                    layer = try MixerLayer(control: openMixer(spec.name(of: .device), spec.name(of: .control)))
                } catch {
                    throw ContextualError(context: "mixer layer '\(spec.name)'", underlying: error)
                }
            } else {
                layer = MixerLayer()
            }
        case .stream, .sink:
            let target: PulseTarget
            if spec.type == .sink {
                target = .sink(spec.name(of: .sink) ?? "@DEFAULT_SINK@")
            } else if let app = spec.name(of: .app) {
                target = .application(app)
            } else if let role = spec.name(of: .role) {
                target = .role(role)
            } else if let index = spec.name(of: .stream).flatMap(UInt32.init) {
                target = .stream(index)
            } else {
                throw AutomationError("stream layer '\(spec.name)' names no stream: give \"app\", \"role\" or \"stream\"")
            }
            if let openServer {
                do {
                    layer = try ServerVolumeLayer(target: target, connection: openServer())
                } catch {
                    throw ContextualError(context: "\(spec.type.noun) '\(spec.name)'", underlying: error)
                }
            } else {
                layer = ServerVolumeLayer()
            }
        case .osc:
            for argument in spec.name(of: .arguments)?.split(separator: " ").map(String.init) ?? []
            where spec.property(forKeyPath: argument) == nil {
                throw AutomationError("OSC layer '\(spec.name)' sends '\(argument)', which it does not declare: give it an initial number, \"\(argument)\": 0")
            }
            do throws(OSCError) {
                layer = try OSCLayer(url: spec.name(of: .url) ?? "", address: spec.name(of: .address) ?? "",
                                     arguments: spec.name(of: .arguments).map { $0.split(separator: " ").map(String.init) })
            } catch {
                throw ContextualError(context: "OSC layer '\(spec.name)'", underlying: error)
            }
        case .video:
            layer = makeVideoLayer(spec, sound: spec.file.flatMap { files[$0.path] })
        default:
            if let document = spec.document {
                layer = try makeDocumentLayer(document, files: &files)
            } else {
                layer = spec.type.makeLayer()
            }
        }
        return declare(layer, as: spec)
    }

    /// A document's layer tree, each of its sounds played by an audio layer
    /// (opened once per stage, like a script's files).
    private static func makeDocumentLayer(_ document: LayerDocument, files: inout [String: any AudioSource]) throws
        -> CALayer {
        var sources: [String: any AudioSource] = [:]
        for sound in document.sounds {
            let key = document.key(of: sound)
            let source = try files[key] ?? sound.openSource()
            files[key] = source
            sources[sound.id] = source
        }
        return document.makeLayer { sound in
            sources[sound.id].map { source in
                let layer = AudioLayer(soundSource: source)
                layer.taper = .decibels(floor: DocumentSound.decibelFloor)
                return layer
            }
        }
    }

    /// `layer` with the declaration's name and values.
    private static func declare(_ layer: CALayer, as spec: LayerSpec) -> CALayer {
        spec.setProperties(on: layer)
        (layer as? OSCLayer)?.settle()
        layer.name = spec.name
        return layer
    }

    /// A video layer showing the script's video, with its sound track —
    /// `sound`, the track at the mix's rate, when an audio engine hosts the
    /// scene — playing in an audio layer `sound` below it, so that the
    /// sound follows the layer's time and its `volume`
    /// (docs/video.md#video-layers).
    private static func makeVideoLayer(_ spec: LayerSpec, sound: (any AudioSource)?) -> VideoLayer {
        let layer = VideoLayer()
        layer.source = spec.video?.source
        if let sound {
            let track = AudioLayer(soundSource: sound)
            track.name = "sound"
            layer.addSublayer(track)
        }
        return layer
    }

    // MARK: Events

    /// Runs `event` on `layer` under its transaction settings: a script's
    /// events at their times, and control requests when they arrive.
    ///
    /// An `"automate"` event's calls are all made or, refused, none
    /// (``ScheduleCallError``, placed by ``AutomationSpec/location(of:)``).
    /// A script's were checked when it was read, at the layers' declared
    /// timing (docs/automation.md#in-scripts).
    public static func perform(_ event: EventSpec, on layer: CALayer) throws(ScheduleCallError) {
        let transaction = event.transaction
        if let duration = transaction.animationDuration { CATransaction.setAnimationDuration(duration) }
        CATransaction.setAnimationTimingFunction(transaction.animationTimingFunction?.timingFunction)
        CATransaction.setDisableActions(transaction.disableActions)
        switch event.action {
        case .set(let values):
            for (keyPath, value) in values.sorted(by: { $0.key < $1.key }) {
                layer.setValue(value.value, forKeyPath: keyPath)
            }
        case .add(let spec, let key):
            layer.add(spec.makeAnimation(), forKey: key)
        case .removeAnimation(let key):
            layer.removeAnimation(forKey: key)
        case .removeAllAnimations:
            layer.removeAllAnimations()
        case .automate(let automation):
            try layer.automation(forKeyPath: automation.keyPath).make(automation.calls)
        }
    }

    /// A duration rounded to whole frames when the frame rate is known.
    public func frames(_ seconds: Double) -> Double {
        guard let sampleRate else { return seconds }
        return (seconds * Double(sampleRate)).rounded() / Double(sampleRate)
    }

    /// An equal-power crossfade, as objc.io's two fades of one transaction:
    /// the incoming volume rises along F(p) = sin(πp/2) (SoX's `fade q`),
    /// the outgoing falls along the mirrored curve, which leaves it at
    /// F(1 − p) = cos(πp/2), so the powers add to 1.
    private func schedule(_ crossfade: Crossfade, on host: RenderHost) {
        let qsin = CAMediaTimingFunction(name: .qsin)
        host.schedule(at: origin + crossfade.time) {
            let fadeIn = CABasicAnimation(keyPath: AudioKey.volume)
            fadeIn.fromValue = 0.0
            fadeIn.duration = crossfade.duration
            fadeIn.timingFunction = qsin
            crossfade.incoming.add(fadeIn, forKey: "crossfade")
            let fadeOut = CABasicAnimation(keyPath: AudioKey.volume)
            fadeOut.toValue = 0.0
            fadeOut.duration = crossfade.duration
            fadeOut.timingFunction = qsin.mirrored
            fadeOut.fillMode = .forwards
            fadeOut.isRemovedOnCompletion = false
            crossfade.outgoing.add(fadeOut, forKey: "crossfade")
        }
    }
}
