import SwellOSC
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
        // The command's card, unless a script drives only OSC layers.
        var drivesCard = true
        if case .script(let spec) = target { drivesCard = spec.layers.contains { $0.type == .mixer } }
        let opened = drivesCard ? try MixerControl(device: device, name: control, configuration: configuration) : nil
        let original = try opened?.level()
        defer { if restore, let opened, let original { _ = try? opened.setLevel(amplitude: original) } }

        var options = AutomationOptions()
        let script: ScriptSpec
        let card = LayerSpec(name: "card", type: .mixer, location: SourceLocation(line: 1, column: 1))
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
            guard spec.layers.contains(where: { $0.type == .mixer || $0.type == .osc }) else {
                throw AutomationError("the script has no mixer layer (\"type\": \"mixer\") or OSC layer (\"type\": \"osc\") to drive")
            }
            script = spec
        }
        let host = HeadlessHost(clock: HostClock())
        let origin = host.currentTime
        let stage = try AutomationStage(script: script, options: options, sampleRate: nil, openMixer: { device, control in
            if device == nil && control == nil, let opened { return opened }
            return try MixerControl(device: device ?? self.device, name: control ?? self.control, configuration: configuration)
        }, origin: origin)
        stage.install(on: host)
        var end = origin + (try SceneEnd(of: stage)).time
        let link = CADisplayLink(host: host) { _ in }
        link.preferredFramesPerSecond = framesPerSecond
        let mixers = stage.layerNames.compactMap { stage.layers[$0] as? MixerLayer }
        let senders = stage.layerNames.compactMap { stage.layers[$0] as? OSCLayer }
        let services = SessionServices(control: controlDirectory, layers: script.layers,
                                       osc: try osc.map { endpoint throws(OSCError) in
                                           try OSCInput(endpoint: endpoint, layers: script.layers)
                                       })
        defer { services.close() }
        services.answerGets(from: host, stage: stage)
        let responder = ControlResponder(stage: stage, host: host, origin: origin,
                                         files: mixers.compactMap { $0.control.map { "\($0.device):\($0.id.name)" } }
                                            + senders.compactMap { layer in layer.sender.map { $0.url + layer.address } })
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
            if let error = mixers.lazy.compactMap(\.writeError).first { throw error }
            if let error = senders.lazy.compactMap(\.sendError).first { throw error }
            progress(Status(time: now - origin, duration: end - origin,
                            level: mixers.first?.volume ?? senders.first?.value ?? 0))
            // A paused tree (QA1673, `ctl pause`) has not reached its end.
            if now > end && host.nextEventTime == nil && !holds && !host.isRootLayerPaused { break }
            guard shouldContinue() else { throw RenderInterrupted() }
            let next = now + link.duration - host.currentTime
            if next > 0 { usleep(UInt32(next * 1e6)) }
        }
        return try opened?.level() ?? senders.first?.value ?? 0
    }
}
