import Foundation
import SwellSession

/// The formats `swell curve` writes: text, which `swell` writes itself,
/// and charts, which the drawing executable draws (``SceneDrawing``).
package enum CurveFormat: String, CaseIterable, Sendable {
    case csv, json, svg, png

    /// The format a file's extension names, as `sox` and `ffmpeg` choose
    /// an output's format; nil for any other extension.
    init?(forPath path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The table's text in this format; nil for a chart.
    func text(of table: CurveJob.Table) -> String? {
        switch self {
        case .csv: table.csv
        case .json: table.json
        case .svg, .png: nil
        }
    }
}
