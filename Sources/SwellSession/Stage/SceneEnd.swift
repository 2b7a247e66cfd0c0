import SwellScript

/// Where a scene's automation stops changing — the one measure of an end
/// every command uses: the default end of a scene's frames and video, of a
/// live window without sound, of `swell curve`'s grid and of a `swell
/// mixer` ramp (docs/cli.md#frame-sequences).
///
/// It is the latest of the last event's time, the end of a `set`'s
/// implicit animation (its transaction's duration after it, for a property
/// that animates implicitly, whether or not the value moves: `swell mixer
/// --to` a level the card is at still takes its `--duration`), the end of
/// the animation that ends last once every event has run
/// (``RenderHost/animationEnds``: begin time plus active duration, in host
/// time) and the end of the last video (``RenderHost/lastVideoEnd``; a
/// video on a paused layer shows one frame, and does not count). An animation that never ends — it repeats
/// forever, or its layer is paused — is named apart: a scene's frames
/// cannot end with it, a curve's grid ends without it.
///
/// The events run on a twin of the stage on a host of its own
/// (``AutomationStage/twin()``), so the stage starts from the script's
/// initial state; the twin plays the stage's sources, already open.
public struct SceneEnd: Sendable {
    /// The end of everything that ends, in seconds after the session's
    /// start.
    public let time: Double
    /// The first animation that never ends, as "the animation of
    /// 'position' on layer 'ball'"; nil when every one ends.
    public let unending: String?

    /// The end of `stage`'s automation.
    public init(of stage: AutomationStage) throws {
        let twin = try stage.twin()
        let host = HeadlessHost()
        twin.install(on: host)
        var lastEvent = 0.0
        while let time = host.nextEventTime {
            lastEvent = time
            host.runEvents(through: time)
        }
        CATransaction.flush()
        var end = max(lastEvent, host.lastVideoEnd.flatMap { $0.isFinite ? $0 : nil } ?? 0)
        for event in twin.events {
            guard case .set(let values) = event.action, !event.transaction.disableActions,
                  let layer = twin.layers[event.layer],
                  values.keys.contains(where: { layer.property(forKeyPath: $0)?.declaration.animation == .implicit })
            else { continue }
            end = max(end, event.time + (event.transaction.animationDuration ?? CATransaction.defaultAnimationDuration))
        }
        var unending: String?
        for animation in host.animationEnds {
            if animation.time.isFinite {
                end = max(end, animation.time)
            } else if unending == nil {
                let keyPath = (animation.animation as? CAPropertyAnimation)?.keyPath.map { " of '\($0)'" } ?? ""
                let layer = animation.layer.name.map { " on layer '\($0)'" } ?? ""
                unending = "the animation\(keyPath)\(layer)"
            }
        }
        time = end
        self.unending = unending
    }
}
