import Foundation
import SwellCore

/// The scenes of docs/performance.md's per-frame render targets, as layer
/// trees.
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
}
