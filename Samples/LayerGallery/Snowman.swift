import Foundation
import SwellCore

/// The guide's snowman, drawn rather than bundled: its parts as paths in a
/// 100 × 150-point box, each with its paint. The same parts make the
/// `Snowman.png` of the contents figures (shape layers, rendered) and the
/// 2,048-point picture the tiled layer draws tile by tile.
enum Snowman {
    struct Part {
        var path: CGPath
        var fill: CGColor?
        var stroke: CGColor?
        var lineWidth: CGFloat = 0
    }

    static let size = CGSize(width: 100, height: 150)

    static var parts: [Part] {
        let snow = CGColor(red: 0.97, green: 0.98, blue: 1, alpha: 1)
        let outline = CGColor(red: 0.55, green: 0.6, blue: 0.7, alpha: 1)
        let coal = CGColor(gray: 0.1, alpha: 1)
        let carrot = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        let stick = CGColor(red: 0.45, green: 0.3, blue: 0.15, alpha: 1)
        let scarf = CGColor(red: 0.85, green: 0.1, blue: 0.15, alpha: 1)
        func circle(_ x: CGFloat, _ y: CGFloat, _ r: CGFloat) -> CGPath {
            CGPath(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r), transform: nil)
        }
        func line(_ points: [CGPoint]) -> CGPath {
            let path = CGMutablePath()
            path.addLines(between: points)
            return path
        }
        let nose = CGMutablePath()
        nose.addLines(between: [CGPoint(x: 50, y: 31), CGPoint(x: 64, y: 34), CGPoint(x: 50, y: 37)])
        nose.closeSubpath()
        let hat = CGMutablePath()
        hat.addRect(CGRect(x: 37, y: 0, width: 26, height: 14))
        hat.addRect(CGRect(x: 29, y: 12, width: 42, height: 4))
        return [
            Part(path: line([CGPoint(x: 30, y: 62), CGPoint(x: 6, y: 44), CGPoint(x: 2, y: 36)]),
                 stroke: stick, lineWidth: 3),
            Part(path: line([CGPoint(x: 70, y: 62), CGPoint(x: 94, y: 46), CGPoint(x: 97, y: 38)]),
                 stroke: stick, lineWidth: 3),
            Part(path: circle(50, 114, 34), fill: snow, stroke: outline, lineWidth: 1.5),
            Part(path: circle(50, 66, 25), fill: snow, stroke: outline, lineWidth: 1.5),
            Part(path: circle(50, 31, 17), fill: snow, stroke: outline, lineWidth: 1.5),
            Part(path: CGPath(rect: CGRect(x: 33, y: 44, width: 34, height: 7), transform: nil), fill: scarf),
            Part(path: CGPath(rect: CGRect(x: 56, y: 48, width: 7, height: 18), transform: nil), fill: scarf),
            Part(path: hat, fill: coal),
            Part(path: circle(44, 27, 2.2), fill: coal),
            Part(path: circle(56, 27, 2.2), fill: coal),
            Part(path: nose, fill: carrot),
            Part(path: circle(50, 58, 2.5), fill: coal),
            Part(path: circle(50, 68, 2.5), fill: coal),
            Part(path: circle(50, 78, 2.5), fill: coal),
        ]
    }

    /// The parts as shape layers filling `layer`: drawn in the 100 × 150
    /// box of a sublayer scaled to `layer`'s bounds.
    static func addShapes(to layer: CALayer) {
        let box = CALayer()
        box.bounds = CGRect(origin: .zero, size: size)
        box.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
        box.transform = CATransform3DMakeScale(layer.bounds.width / size.width, layer.bounds.height / size.height, 1)
        for part in parts {
            let shape = CAShapeLayer()
            shape.path = part.path
            shape.fillColor = part.fill
            shape.strokeColor = part.stroke
            shape.lineWidth = part.lineWidth
            shape.lineCap = .round
            shape.lineJoin = .round
            box.addSublayer(shape)
        }
        layer.addSublayer(box)
    }

    /// The parts drawn into `ctx`, scaled by `scale`.
    static func draw(in ctx: CGContext, scale: CGFloat) {
        ctx.saveGState()
        ctx.scaleBy(x: scale, y: scale)
        ctx.setLineCap(.round)
        ctx.setLineJoin(.round)
        for part in parts {
            if let fill = part.fill {
                ctx.addPath(part.path)
                ctx.setFillColor(fill)
                ctx.fillPath()
            }
            if let stroke = part.stroke {
                ctx.addPath(part.path)
                ctx.setStrokeColor(stroke)
                ctx.setLineWidth(part.lineWidth)
                ctx.strokePath()
            }
        }
        ctx.restoreGState()
    }
}
