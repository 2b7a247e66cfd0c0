import Foundation
import SwellALSA
import SwellScript
import SwellSndFile

/// `swell curve`: the presentation value of layer properties over a time
/// grid, `t_k = start + k / rate` for `k = 0 … ⌊(end − start)·rate⌋`
/// (docs/cli.md#curve), computed by the engine on a manual clock — no audio.
public struct CurveJob {
    public var script: ScriptSpec?
    public var options = AutomationOptions()
    public var start = 0.0
    /// The end of the grid; by default `--duration`, else when the
    /// automation stops changing.
    public var end: Double?
    public var rate = 100.0
    /// `LAYER.KEYPATH` names; by default every layer's `volume`.
    public var keys: [String] = []

    public init() {}

    /// The most points a grid may have: ten million rows of CSV are already
    /// several hundred megabytes.
    public static let maximumPoints = 10_000_000.0

    /// The sampled curves.
    public struct Table: Sendable, Equatable {
        public let times: [Double]
        public let columns: [(name: String, values: [Double])]

        public static func == (a: Table, b: Table) -> Bool {
            a.times == b.times && a.columns.map(\.name) == b.columns.map(\.name)
                && a.columns.map(\.values) == b.columns.map(\.values)
        }
    }

    public func sample() throws -> Table {
        guard rate > 0, rate.isFinite else { throw AutomationError("--rate must be a positive, finite number of points per second") }
        guard start >= 0, start.isFinite else { throw AutomationError("--start must be a finite, non-negative time") }
        let clock = ManualClock()
        let host = HeadlessHost(clock: clock)
        let stage = try AutomationStage(script: script ?? ScriptSpec(), options: options,
                                        sampleRate: nil, openMixer: nil)
        stage.install(on: host)
        let last = try end ?? options.duration?.seconds(atSampleRate: nil) ?? max(try SceneEnd(of: stage).time, start)
        guard last.isFinite, last >= start else { throw AutomationError("--end must not be before --start") }
        // Counted in Double first: a range of 1e17 s has more points than
        // an Int holds.
        let points = ((last - start) * rate + 1e-9).rounded(.down) + 1
        guard points <= Self.maximumPoints else {
            throw AutomationError("the grid would have more than 10 million points; lower --rate or shorten the range")
        }
        let count = Int(points)
        let columns = try resolveKeys(stage)
        var times: [Double] = [], values = Array(repeating: [Double](), count: columns.count)
        times.reserveCapacity(count)
        // What presentation() holds, read from the snapshot without
        // copying a layer at every point.
        let presentation = host.presentationReader
        for k in 0..<count {
            let t = start + Double(k) / rate
            host.runEvents(through: t)
            clock.set(t)
            times.append(t)
            for (i, column) in columns.enumerated() {
                let presented = presentation.value(ofLayer: column.layer.serial, keyPath: column.keyPath)
                    ?? column.layer.value(forKeyPath: column.keyPath)
                values[i].append(presented.flatMap(ValueCoercion.number) ?? .nan)
            }
        }
        return Table(times: times, columns: zip(columns, values).map { ($0.name, $1) })
    }

    private func resolveKeys(_ stage: AutomationStage) throws -> [(name: String, layer: CALayer, keyPath: String)] {
        var seen = Set<String>()
        let names = keys.isEmpty
            ? stage.layerNames.filter { stage.layers[$0]?.value(forKey: AudioKey.volume) != nil }.map { "\($0).\(AudioKey.volume)" }
            : keys.filter { seen.insert($0).inserted }   // a key asked twice is one column
        return try names.map { name in
            guard let dot = name.firstIndex(of: "."), let layer = stage.layers[String(name[..<dot])] else {
                throw AutomationError("--key '\(name)': expected LAYER.KEYPATH with a layer of \(stage.layerNames.joined(separator: ", "))")
            }
            let keyPath = String(name[name.index(after: dot)...])
            guard layer.value(forKeyPath: keyPath).flatMap(ValueCoercion.number) != nil else {
                throw AutomationError("--key '\(name)': layer '\(layer.name ?? "")' has no numeric property '\(keyPath)'")
            }
            return (name, layer, keyPath)
        }
    }
}
