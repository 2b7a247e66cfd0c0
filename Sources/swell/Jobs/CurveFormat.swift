import SwellSession
import Foundation
import SwellALSA
import SwellCharts
import SwellScript
import SwellSndFile

/// The formats `swell curve` writes.
enum CurveFormat: String, CaseIterable, Sendable {
    case csv, json, svg, png

    /// The format a file's extension names, as `sox` and `ffmpeg` choose
    /// an output's format; nil for any other extension.
    init?(forPath path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

extension CurveJob.Table {
    /// Numbers with 9 significant digits (docs/cli.md#curve).
    static func format(_ value: Double) -> String {
        value.isFinite ? String(format: "%.9g", value) : "nan"
    }

    /// The table in `format`: CSV with header `time,LAYER.KEY,…`; JSON with
    /// `time` and one array per key; SVG or PNG charts with labelled axes.
    func data(as format: CurveFormat, title: String? = nil) throws -> Data {
        switch format {
        case .csv:
            var text = (["time"] + columns.map(\.name)).joined(separator: ",") + "\n"
            for (k, t) in times.enumerated() {
                text += ([Self.format(t)] + columns.map { Self.format($0.values[k]) }).joined(separator: ",") + "\n"
            }
            return Data(text.utf8)
        case .json:
            func array(_ values: [Double]) -> String {
                "[" + values.map { $0.isFinite ? Self.format($0) : "null" }.joined(separator: ",") + "]"
            }
            let keys = columns.map { "\"\($0.name)\"" }.joined(separator: ",")
            let series = columns.map { "\"\($0.name)\":\(array($0.values))" }.joined(separator: ",")
            return Data("{\"keys\":[\(keys)],\"time\":\(array(times)),\"values\":{\(series)}}\n".utf8)
        case .svg:
            return Data(try chart(title: title).svgDocument().utf8)
        case .png:
            return try chart(title: title).pngData()
        }
    }

    private func chart(title: String?) -> Chart {
        let series = columns.map { column in
            ChartSeries(name: column.name, points: zip(times, column.values).filter { $0.1.isFinite }.map { ChartPoint(x: $0, y: $1) })
        }
        return Chart(title: title, xAxisTitle: "time (s)", yAxisTitle: columns.count == 1 ? columns[0].name : "value", series: series)
    }
}
