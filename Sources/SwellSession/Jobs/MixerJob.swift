import SwellOSC
import SwellPulse
import Foundation
import SwellALSA
import SwellScript
import SwellSndFile

/// `swell mixer`: ramps a sound card's mixer control in real time through a
/// ``MixerLayer``, driven by a 100 Hz display link on the host clock — at
/// least 50 writes per second while the level moves, none while it rests.
///
/// The session takes control requests as `play` does (docs/control.md): a
/// `set` on the card's layer animates the level from the one presented,
/// committed on the host clock.
/// What a player does when a ramp ends (`--then`), through MPRIS.
public enum PlayerAction: String, Sendable, CaseIterable {
    case pause, stop, next
}

/// A layer that drives another program's player, which `--then` tells
/// what to do when the ramp ends (SwellMPRIS's `mpris` layer).
public protocol PlayerLayer: CALayer {
    func command(_ action: PlayerAction) throws
}

public struct MixerJob {
    /// What to do with the control.
    public enum Target: Sendable {
        /// `--to LEVEL`: an implicit animation to `LEVEL` over `--duration`
        /// with `--timing`.
        case level(Double)
        /// `--ramp "T:V[:NAME] …"` (docs/cli.md#ramps).
        case ramp(RampSpec)
        /// `--script FILE`: the script's mixer layers.
        case script(ScriptSpec)
    }

    public var device = "default"
    public var control = "Master"
    public var configuration: ALSAConfiguration?
    public var target: Target
    /// The `--to` animation's duration (default 0.25 s, Core Animation's).
    public var duration: Double?
    public var timing = TimingFunctionSpec.named("linear")
    /// Whether to put the original level back at the end.
    public var restore = false
    /// Display-link frames per second.
    public var framesPerSecond = 100
    /// `--hold`: after the ramp the session stays, the level where it is,
    /// until a `stop` request or a signal ends it.
    public var holds = false
    /// Where the control socket goes; nil: no socket.
    public var controlDirectory: ControlDirectory? = ControlDirectory()
    /// `--osc`: where the session listens for OSC requests; nil: nowhere.
    public var osc: String?
    /// `--app`, `--role`, `--stream` or `--sink`: another program's volume
    /// or an output device's, on the sound server, instead of the card's.
    public var server: PulseTarget?
    /// `--then`: what the player of the streams the ramp drove does when it
    /// ends, through its MPRIS interface, where it has one.
    public var then: PlayerAction?
    /// Calls a player's action: `(action, the streams' processes, the
    /// application's name)`, returning the player called, nil when none
    /// matches (SwellMPRIS's `MPRISRemote`).
    public var commandPlayer: (@Sendable (PlayerAction, [UInt32], String?) throws -> String?)?
    /// Makes the layers of kinds beyond the session's (SwellMPRIS's
    /// `mpris`); nil for a kind it does not make.
    public var makeLayer: AutomationStage.LayerMaker?

    public init(target: Target) {
        self.target = target
    }

    /// The state of the ramp, for a progress line.
    public struct Status: Sendable {
        public let time: Double
        public let duration: Double
        public let level: Double
    }

    /// Runs the ramp to its end — and to the end of the animations control
    /// requests started; with ``holds``, on until a `stop` request — or
    /// until `shouldContinue` returns false (then throws
    /// ``RenderInterrupted``); restores the original level at exit when
    /// asked. Returns the final level.
    @discardableResult
    public func run(progress: (Status) -> Void = { _ in }, shouldContinue: () -> Bool = { true }) throws -> Double {
        // The command's card, unless it drives another program's volume or
        // a script drives only OSC and sound-server layers.
        var drivesCard = server == nil
        if case .script(let spec) = target { drivesCard = spec.layers.contains { $0.type == .mixer } }
        let opened = drivesCard ? try MixerControl(device: device, name: control, configuration: configuration) : nil
        let original = try opened?.level()
        defer { if restore, let opened, let original { _ = try? opened.setLevel(amplitude: original) } }

        var options = AutomationOptions()
        let script: ScriptSpec
        let card = server.map(Self.layer(for:))
            ?? LayerSpec(name: "card", type: .mixer, location: SourceLocation(line: 1, column: 1))
        switch target {
        case .level(let level):
            let request = ControlRequest.set([(AudioKey.volume, JSONValue(level))], duration: duration,
                                             timingFunction: timing.description)
            guard case .event(let event) = try SessionCommand(request, layers: [card], source: "--to") else {
                preconditionFailure("a set is an event")
            }
            script = ScriptSpec(layers: [card], events: [event])
        case .ramp(let ramp):
            options.ramp = ramp
            options.timing = timing
            script = ScriptSpec(layers: [card])
        case .script(let spec):
            // A layer of a kind beyond the standard ones and audio writes
            // out: a mixer's, an OSC layer, another program's volume.
            guard spec.layers.contains(where: { !LayerKind.standard.contains($0.type) && $0.type != .audio }) else {
                throw AutomationError("the script has no mixer, OSC, stream, sink or MPRIS layer to drive")
            }
            script = spec
        }
        let host = HeadlessHost(clock: HostClock())
        let origin = host.currentTime
        var connection: PulseConnection?
        let stage = try AutomationStage(script: script, options: options, sampleRate: nil, openMixer: { device, control in
            if device == nil && control == nil, let opened { return opened }
            return try MixerControl(device: device ?? self.device, name: control ?? self.control, configuration: configuration)
        }, makeLayer: makeLayer, openServer: {
            if let connection { return connection }
            connection = try PulseConnection()
            return connection!
        }, origin: origin)
        let servers = stage.layers(as: ServerVolumeLayer.self)
        // What Swell changed in other programs is put back on Ctrl-C, and
        // at the end when asked.
        var interrupted = false
        defer { if restore || interrupted { stage.restoreOutside() } }
        stage.install(on: host)
        var end = origin + (try SceneEnd(of: stage)).time
        let link = CADisplayLink(host: host) { _ in }
        link.preferredFramesPerSecond = framesPerSecond
        let mixers = stage.layers(as: MixerLayer.self)
        let senders = stage.layers(as: OSCLayer.self)
        let services = SessionServices(control: controlDirectory, layers: script.layers,
                                       osc: try osc.map { endpoint throws(OSCError) in
                                           try OSCInput(endpoint: endpoint, layers: script.layers)
                                       })
        defer { services.close() }
        services.answerGets(from: host, stage: stage)
        var responder = ControlResponder(stage: stage, host: host, origin: origin,
                                         files: mixers.compactMap { $0.control.map { "\($0.device):\($0.id.name)" } }
                                            + senders.compactMap { layer in layer.sender.map { $0.url + layer.address } })
        responder.restore = stage.restoreOutside
        while true {
            // Requests first: a `set` commits now, and the frame below, at
            // a time after it, shows its animation begun — never the model
            // value before the animation's begin time.
            if services.answer(with: responder) { break }
            let now = host.currentTime
            // What a request animates runs to its end, as the ramp does.
            if let last = host.lastAnimationEnd?.time, last.isFinite { end = max(end, last) }
            host.runEvents(through: now)
            link.fire(timestamp: now, targetTimestamp: now + link.duration)
            if let error = stage.serviceOutputs(at: now) { throw error }
            progress(Status(time: now - origin, duration: end - origin,
                            level: mixers.first?.volume ?? servers.first?.volume ?? senders.first?.value ?? 0))
            // A paused tree (QA1673, `ctl pause`) has not reached its end.
            if now > end && host.nextEventTime == nil && !holds && !host.isRootLayerPaused { break }
            guard shouldContinue() else {
                interrupted = true
                throw RenderInterrupted()
            }
            let next = now + link.duration - host.currentTime
            if next > 0 { usleep(UInt32(next * 1e6)) }
        }
        if let then {
            for layer in stage.layers(as: (any PlayerLayer).self) { try layer.command(then) }
            if !servers.isEmpty, let commandPlayer {
                var name: String?
                if case .application(let app)? = server { name = app }
                let processes = servers.flatMap { $0.nodes.map(\.pid) }.filter { $0 != 0 }
                if try commandPlayer(then, processes, name) == nil {
                    CADiagnostics.warn("no MPRIS player of '\(name ?? servers.first?.name ?? "")' to \(then.rawValue)")
                }
            }
        }
        return try opened?.level() ?? servers.first?.volume ?? senders.first?.value ?? 0
    }

    /// The layer `--app` or `--sink` drives, named after it.
    private static func layer(for target: PulseTarget) -> LayerSpec {
        var spec: LayerSpec
        let origin = SourceLocation(line: 1, column: 1)
        switch target {
        case .sink(let name):
            spec = LayerSpec(name: "sink", type: .sink, location: origin)
            spec.parameters[LayerParameter.sink.key] = .name(name)
        case .application(let name):
            spec = LayerSpec(name: "app", type: .stream, location: origin)
            spec.parameters[LayerParameter.app.key] = .name(name)
        case .role(let role):
            spec = LayerSpec(name: "app", type: .stream, location: origin)
            spec.parameters[LayerParameter.role.key] = .name(role)
        case .stream(let index):
            spec = LayerSpec(name: "app", type: .stream, location: origin)
            spec.parameters[LayerParameter.stream.key] = .name(String(index))
        }
        return spec
    }
}
