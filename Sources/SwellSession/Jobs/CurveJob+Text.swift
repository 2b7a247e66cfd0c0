import Foundation

extension CurveJob.Table {
    /// Numbers with 9 significant digits (docs/cli.md#curve).
    public static func format(_ value: Double) -> String {
        value.isFinite ? String(format: "%.9g", value) : "nan"
    }

    /// CSV with the header `time,LAYER.KEY,…`.
    public var csv: String {
        var text = (["time"] + columns.map(\.name)).joined(separator: ",") + "\n"
        for (k, t) in times.enumerated() {
            text += ([Self.format(t)] + columns.map { Self.format($0.values[k]) }).joined(separator: ",") + "\n"
        }
        return text
    }

    /// JSON with `keys`, `time` and one array per key, a value that is not
    /// finite written `null`.
    public var json: String {
        func array(_ values: [Double]) -> String {
            "[" + values.map { $0.isFinite ? Self.format($0) : "null" }.joined(separator: ",") + "]"
        }
        let keys = columns.map { "\"\($0.name)\"" }.joined(separator: ",")
        let series = columns.map { "\"\($0.name)\":\(array($0.values))" }.joined(separator: ",")
        return "{\"keys\":[\(keys)],\"time\":\(array(times)),\"values\":{\(series)}}\n"
    }
}
