import Foundation
import SwellCore

/// The scenes of docs/performance.md's render targets, as layer trees and
/// as the same picture in SVG (for `rsvg-convert`).
struct Scene {
    /// One layer: its frame and decoration.
    struct Box {
        let frame: CGRect
        let color: (r: Double, g: Double, b: Double)
        let decorated: Bool
    }

    static let width = 1920.0, height = 1080.0
    static let cornerRadius = 12.0, borderWidth = 3.0, shadowRadius = 6.0, shadowOpacity = 0.5
    static let shadowOffset = CGSize(width: 0, height: 3)

    let boxes: [Box]

    /// 100 rounded, bordered, shadowed layers, 10 × 10.
    static let decorated = Scene(columns: 10, rows: 10, size: CGSize(width: 150, height: 80), decorated: true)
    /// 10,000 plain layers, 100 × 100.
    static let plain = Scene(columns: 100, rows: 100, size: CGSize(width: 16, height: 8), decorated: false)

    init(columns: Int, rows: Int, size: CGSize, decorated: Bool) {
        var boxes: [Box] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x = (Double(column) + 0.5) * Self.width / Double(columns) - size.width / 2
                let y = (Double(row) + 0.5) * Self.height / Double(rows) - size.height / 2
                let hue = Double(row * columns + column) / Double(rows * columns)
                boxes.append(Box(frame: CGRect(x: x, y: y, width: size.width, height: size.height),
                                 color: (0.2 + 0.6 * hue, 0.8 - 0.6 * hue, 0.5), decorated: decorated))
            }
        }
        self.boxes = boxes
    }

    /// The layer tree: a white root and one sublayer per box.
    func layerTree() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.position = CGPoint(x: Self.width / 2, y: Self.height / 2)
        root.backgroundColor = .white
        for box in boxes {
            let layer = CALayer()
            layer.frame = box.frame
            layer.backgroundColor = CGColor(red: box.color.r, green: box.color.g, blue: box.color.b, alpha: 1)
            if box.decorated {
                layer.cornerRadius = Self.cornerRadius
                layer.borderWidth = Self.borderWidth
                layer.borderColor = CGColor(gray: 0.1, alpha: 1)
                layer.shadowOpacity = Float(Self.shadowOpacity)
                layer.shadowRadius = Self.shadowRadius
                layer.shadowOffset = Self.shadowOffset
            }
            root.addSublayer(layer)
        }
        return root
    }

    /// The same picture in SVG: an inset border is a stroke centred half
    /// its width inside the bounds; the shadow a Gaussian blur of the
    /// shape's alpha with the same σ, offset and opacity.
    func svg() -> String {
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(Self.width))" height="\#(Int(Self.height))">"#,
            #"<defs><filter id="s" x="-20%" y="-20%" width="140%" height="140%">"#
                + #"<feGaussianBlur in="SourceAlpha" stdDeviation="\#(Self.shadowRadius)"/>"#
                + #"<feOffset dx="\#(Self.shadowOffset.width)" dy="\#(Self.shadowOffset.height)" result="b"/>"#
                + #"<feFlood flood-color="black" flood-opacity="\#(Self.shadowOpacity)"/>"#
                + #"<feComposite in2="b" operator="in"/>"#
                + #"<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
        ]
        for box in boxes {
            let f = box.frame
            let fill = String(format: "#%02x%02x%02x", Int(box.color.r * 255), Int(box.color.g * 255), Int(box.color.b * 255))
            if box.decorated {
                let inset = Self.borderWidth / 2
                lines.append(#"<g filter="url(#s)"><rect x="\#(f.minX)" y="\#(f.minY)" width="\#(f.width)" height="\#(f.height)" rx="\#(Self.cornerRadius)" fill="\#(fill)"/>"#
                    + #"<rect x="\#(f.minX + inset)" y="\#(f.minY + inset)" width="\#(f.width - 2 * inset)" height="\#(f.height - 2 * inset)" rx="\#(Self.cornerRadius - inset)" fill="none" stroke="rgb(26,26,26)" stroke-width="\#(Self.borderWidth)"/></g>"#)
            } else {
                lines.append(#"<rect x="\#(f.minX)" y="\#(f.minY)" width="\#(f.width)" height="\#(f.height)" fill="\#(fill)"/>"#)
            }
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
