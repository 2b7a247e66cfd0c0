import Foundation
import SwellALSA

extension AutomationStage {
    /// `--loop` (docs/cli.md#looping): the inputs in sequence, over and
    /// over, each pass following the one before without a gap.
    ///
    /// Core Animation repeats with `repeatCount`, and a layer's own timing
    /// would wrap its local time; but an audio layer's file plays on from
    /// where its time is at each commit (docs/audio.md#time-drives-the-media),
    /// so a file would not jump back at the wrap. Each pass is therefore
    /// layers of its own, as files in sequence are: pass k's layer for an
    /// input begins (`beginTime`, in the first layer's time) at k·P plus the
    /// input's place in the pass, P being a pass's length in whole frames,
    /// so pass k + 1's first frame follows pass k's last. A pass is added
    /// half a second before it begins, so that its files' readers have
    /// their first second decoded when it does (``AudioSource``), and the
    /// passes whose files have ended are removed.
    public final class Loop {
        /// How long before it begins a pass is added.
        public static let lead = 0.5
        /// Each input's source, layer name and place in a pass.
        package let parts: [(source: any AudioSource, name: String, offset: Double, rate: Double)]
        /// P, in seconds of whole frames.
        public let period: Double
        /// The passes added, with where each ends, in the first layer's time.
        private var passes: [(end: Double, layers: [AudioLayer])]
        /// The pass to add next.
        private(set) var nextPass = 1
        /// Counts the times the next pass's event was placed again; an
        /// event placed before is then void.
        fileprivate var placements = 0

        /// The loop of the inputs' first pass, `layers`; `frames` rounds a
        /// duration to whole frames.
        public init(_ layers: [AudioLayer], frames: (Double) -> Double) throws(AutomationError) {
            var parts: [(source: any AudioSource, name: String, offset: Double, rate: Double)] = []
            var period = 0.0
            for layer in layers {
                guard let source = layer.soundSource, let duration = layer.playingDuration else {
                    throw AutomationError("'\(layer.source?.path ?? layer.name ?? "")' does not say how long it is, so it cannot loop")
                }
                parts.append((source, layer.name ?? "input", layer.beginTime, layer.rate))
                period = max(period, layer.beginTime + frames(duration))
            }
            guard period > 0 else { throw AutomationError("--loop needs input files to play over and over") }
            self.parts = parts
            self.period = period
            passes = [(period, layers)]
        }

        /// Adds pass `pass` below `parent`, removing the passes that ended
        /// by `time` (the parent's time), and returns the layers of the
        /// passes left, in the order they begin: the pass playing and the
        /// one added half a second before it begins, of which the stage's
        /// playing layer (``AutomationStage/playingLayer(at:)``) is the
        /// last begun.
        public func add(pass: Int, to parent: CALayer, at time: Double) -> [AudioLayer] {
            for ended in passes where ended.end <= time {
                for layer in ended.layers { layer.removeFromSuperlayer() }
            }
            passes.removeAll { $0.end <= time }
            let begin = Double(pass) * period
            let layers = parts.map { part in
                let layer = AudioLayer(soundSource: part.source)
                layer.name = part.name
                layer.beginTime = begin + part.offset
                // Before it is in the hosted tree: held, not animated to.
                layer.rate = part.rate
                parent.addSublayer(layer)
                return layer
            }
            passes.append((begin + period, layers))
            nextPass = pass + 1
            return passes.flatMap(\.layers)
        }
    }

    /// Schedules the event that adds `pass` to the loop, half a second
    /// before it begins on the host's clock — or, while a pause holds the
    /// first layer's time, in half a second, to look again.
    public func schedule(_ loop: Loop, pass: Int, on host: RenderHost) {
        let begin = Double(pass) * loop.period
        let due = target.convertTime(begin - Loop.lead, to: nil)
        let now = host.commitTime
        let placement = loop.placements
        host.schedule(at: due.isFinite ? max(due, now) : now + Loop.lead) { [weak self, weak host] in
            guard let self, let host, loop.placements == placement else { return }
            let time = target.convertTime(host.commitTime, from: nil)
            guard time >= begin - Loop.lead - 1e-9 else { return schedule(loop, pass: pass, on: host) }
            inputLayers = loop.add(pass: pass, to: target, at: time)
            schedule(loop, pass: pass + 1, on: host)
        }
    }

    /// After a seek (``seek(_:to:at:)``): the next pass's event was placed
    /// on the host's clock by where the tree's time was, and is placed again
    /// by where it is now — a seek forward brings the pass's begin nearer,
    /// and the pass must still be there, decoded, when its time comes.
    public func loopDidSeek() {
        guard let loop, let host = root.renderHost else { return }
        loop.placements += 1
        schedule(loop, pass: loop.nextPass, on: host)
    }
}
