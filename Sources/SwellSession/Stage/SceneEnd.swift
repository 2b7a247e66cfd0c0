import SwellScript

/// Where a scene stops moving: the latest of its last event's time, the
/// end of the animation that ends last once every event has run
/// (``RenderHost/lastAnimationEnd``: begin time plus active duration, in
/// host time) and the end of its last video (``RenderHost/lastVideoEnd``;
/// a video on a paused layer shows one frame, and does not count) — the
/// default end of a scene's frames, and of a live window without sound.
/// Found on a host of its own, so the caller's tree starts from the
/// script's initial state.
public enum SceneEnd {
    case at(Double)
    /// An animation repeats forever; the associated text names it, as "the
    /// animation of 'position' on layer 'ball'".
    case never(String)

    public init(script: ScriptSpec, options: AutomationOptions) throws {
        let host = HeadlessHost()
        try AutomationStage(script: script, options: options, sampleRate: nil, openMixer: nil).install(on: host)
        var lastEvent = 0.0
        while let time = host.nextEventTime {
            lastEvent = time
            host.runEvents(through: time)
        }
        CATransaction.flush()
        let moving = max(lastEvent, host.lastVideoEnd.flatMap { $0.isFinite ? $0 : nil } ?? 0)
        guard let last = host.lastAnimationEnd else {
            self = .at(moving)
            return
        }
        guard last.time.isFinite else {
            let keyPath = (last.animation as? CAPropertyAnimation)?.keyPath.map { " of '\($0)'" } ?? ""
            let layer = last.layer.name.map { " on layer '\($0)'" } ?? ""
            self = .never("the animation\(keyPath)\(layer)")
            return
        }
        self = .at(max(moving, last.time))
    }
}
