import Foundation
import SwellCore

/// The image files the guide's projects bundle (`Snowman.png`,
/// `Sprites.png`, `Button.png`, `Cone.png`, `Spark.png`), drawn at run time
/// by small layer trees instead.
enum GalleryImages {
    /// `Snowman.png`: 100 × 150 points at Retina scale, 200 × 300 pixels —
    /// so that `contentsScale` matters, as in the guide's figures 2.3–2.4.
    static let snowman = CGImage.drawn(width: 100, height: 150, scale: 2) { Snowman.addShapes(to: $0) }
    /// `UIImage.scale` of ``snowman``.
    static let snowmanScale: CGFloat = 2

    /// `Sprites.png`: four 128-pixel sprites in a 256-pixel sheet — igloo
    /// top left, cone top right, anchor bottom left, spaceship bottom
    /// right, as the listing's `contentsRect`s pick them.
    static let spriteSheet = CGImage.drawn(width: 256, height: 256) { sheet in
        for (index, sprite) in [drawIgloo, drawCone, drawAnchor, drawShip].enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: 128 * (index % 2), y: 128 * (index / 2), width: 128, height: 128)
            sprite(cell)
            sheet.addSublayer(cell)
        }
    }

    /// `Cone.png`: the cone alone, opaque where the cone is — a mask.
    static let cone = CGImage.drawn(width: 128, height: 128) { drawCone($0) }

    /// `Button.png`: a 60-pixel rounded button, its corners and border in
    /// the outer quarter on each side, so that a `contentsCenter` of
    /// {0.25, 0.25, 0.5, 0.5} stretches only its flat middle.
    static let button = CGImage.drawn(width: 60, height: 60) { root in
        let face = CAGradientLayer()
        face.frame = root.bounds
        face.colors = [CGColor(red: 0.55, green: 0.8, blue: 1, alpha: 1), CGColor(red: 0.1, green: 0.4, blue: 0.85, alpha: 1)]
        face.cornerRadius = 14
        face.masksToBounds = true
        face.borderWidth = 3
        face.borderColor = CGColor(red: 0.05, green: 0.2, blue: 0.5, alpha: 1)
        root.addSublayer(face)
    }

    /// `Spark.png`: a soft white dot, opaque in the middle and fading to
    /// nothing at its edge.
    static let spark = CGImage.drawn(width: 32, height: 32) { root in
        let glow = CAGradientLayer()
        glow.frame = root.bounds
        glow.type = .radial
        glow.startPoint = CGPoint(x: 0.5, y: 0.5)
        glow.endPoint = CGPoint(x: 1, y: 1)
        glow.colors = [CGColor.white, CGColor(gray: 1, alpha: 0)]
        root.addSublayer(glow)
    }

    /// A tiny 8 × 8 pixel-art face for the filters figure: a magnified
    /// image shows its pixels as blocks (`.nearest`) or blurred
    /// (`.linear`). Each pixel is one of ``pixelArtPalette``.
    static let pixelArtRows = [
        "..####..",
        ".#yyyy#.",
        "#yKyyKy#",
        "#yyyyyy#",
        "#yRyyRy#",
        "#yyRRyy#",
        ".#yyyy#.",
        "..####..",
    ]
    static let pixelArtPalette: [Character: (UInt8, UInt8, UInt8, UInt8)] = [
        ".": (0, 0, 0, 0), "#": (40, 40, 40, 255), "y": (255, 210, 0, 255), "K": (0, 0, 0, 255), "R": (220, 0, 0, 255),
    ]
    static let pixelArt: CGImage = {
        let pixels = pixelArtRows.flatMap { row in
            row.flatMap { character -> [UInt8] in
                let (r, g, b, a) = pixelArtPalette[character]!
                return [r, g, b, a]
            }
        }
        return CGImage(width: 8, height: 8, pixels: pixels)!
    }()

    // MARK: The sprites, each in a 128-point cell

    private static func shape(_ path: CGPath, fill: CGColor?, stroke: CGColor? = nil, width: CGFloat = 0,
                              in cell: CALayer) {
        let layer = CAShapeLayer()
        layer.path = path
        layer.fillColor = fill
        layer.strokeColor = stroke
        layer.lineWidth = width
        layer.lineCap = .round
        layer.lineJoin = .round
        cell.addSublayer(layer)
    }

    private static func drawIgloo(_ cell: CALayer) {
        let ice = CGColor(red: 0.6, green: 0.8, blue: 0.95, alpha: 1)
        let dome = CGMutablePath()
        dome.addArc(center: CGPoint(x: 64, y: 100), radius: 52, startAngle: .pi, endAngle: 0, clockwise: false)
        dome.closeSubpath()
        shape(dome, fill: .white, stroke: ice, width: 3, in: cell)
        let blocks = CGMutablePath()
        for y: CGFloat in [66, 84] {
            let half = (52 * 52 - (100 - y) * (100 - y)).squareRoot()
            blocks.move(to: CGPoint(x: 64 - half, y: y))
            blocks.addLine(to: CGPoint(x: 64 + half, y: y))
        }
        shape(blocks, fill: nil, stroke: ice, width: 2, in: cell)
        let door = CGMutablePath()
        door.addArc(center: CGPoint(x: 64, y: 100), radius: 16, startAngle: .pi, endAngle: 0, clockwise: false)
        door.closeSubpath()
        shape(door, fill: CGColor(red: 0.15, green: 0.25, blue: 0.4, alpha: 1), in: cell)
    }

    private static func drawCone(_ cell: CALayer) {
        let orange = CGColor(red: 1, green: 0.45, blue: 0, alpha: 1)
        let body = CGMutablePath()
        body.addLines(between: [CGPoint(x: 56, y: 14), CGPoint(x: 72, y: 14), CGPoint(x: 96, y: 104), CGPoint(x: 32, y: 104)])
        body.closeSubpath()
        shape(body, fill: orange, in: cell)
        let stripes = CGMutablePath()
        stripes.addLines(between: [CGPoint(x: 50, y: 40), CGPoint(x: 78, y: 40), CGPoint(x: 82, y: 54), CGPoint(x: 46, y: 54)])
        stripes.closeSubpath()
        stripes.addLines(between: [CGPoint(x: 41, y: 70), CGPoint(x: 87, y: 70), CGPoint(x: 91, y: 84), CGPoint(x: 37, y: 84)])
        stripes.closeSubpath()
        shape(stripes, fill: .white, in: cell)
        shape(CGPath(roundedRect: CGRect(x: 22, y: 102, width: 84, height: 12), cornerWidth: 3, cornerHeight: 3, transform: nil),
              fill: CGColor(red: 0.8, green: 0.3, blue: 0, alpha: 1), in: cell)
    }

    private static func drawAnchor(_ cell: CALayer) {
        let iron = CGColor(red: 0.15, green: 0.2, blue: 0.35, alpha: 1)
        shape(CGPath(ellipseIn: CGRect(x: 55, y: 12, width: 18, height: 18), transform: nil), fill: nil, stroke: iron, width: 6, in: cell)
        let shank = CGMutablePath()
        shank.move(to: CGPoint(x: 64, y: 30))
        shank.addLine(to: CGPoint(x: 64, y: 108))
        shank.move(to: CGPoint(x: 42, y: 44))
        shank.addLine(to: CGPoint(x: 86, y: 44))
        shank.move(to: CGPoint(x: 30, y: 72))
        shank.addArc(center: CGPoint(x: 64, y: 74), radius: 34, startAngle: .pi, endAngle: 0, clockwise: true)
        shape(shank, fill: nil, stroke: iron, width: 8, in: cell)
        let flukes = CGMutablePath()
        flukes.addLines(between: [CGPoint(x: 20, y: 80), CGPoint(x: 30, y: 62), CGPoint(x: 40, y: 78)])
        flukes.closeSubpath()
        flukes.addLines(between: [CGPoint(x: 108, y: 80), CGPoint(x: 98, y: 62), CGPoint(x: 88, y: 78)])
        flukes.closeSubpath()
        shape(flukes, fill: iron, in: cell)
    }

    private static func drawShip(_ cell: CALayer) {
        let hull = CGColor(gray: 0.85, alpha: 1)
        let red = CGColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)
        let fins = CGMutablePath()
        fins.addLines(between: [CGPoint(x: 48, y: 70), CGPoint(x: 28, y: 104), CGPoint(x: 50, y: 96)])
        fins.closeSubpath()
        fins.addLines(between: [CGPoint(x: 80, y: 70), CGPoint(x: 100, y: 104), CGPoint(x: 78, y: 96)])
        fins.closeSubpath()
        shape(fins, fill: red, in: cell)
        let body = CGMutablePath()
        body.move(to: CGPoint(x: 64, y: 10))
        body.addCurve(to: CGPoint(x: 80, y: 100), control1: CGPoint(x: 86, y: 30), control2: CGPoint(x: 84, y: 70))
        body.addLine(to: CGPoint(x: 48, y: 100))
        body.addCurve(to: CGPoint(x: 64, y: 10), control1: CGPoint(x: 44, y: 70), control2: CGPoint(x: 42, y: 30))
        body.closeSubpath()
        shape(body, fill: hull, stroke: CGColor(gray: 0.4, alpha: 1), width: 2, in: cell)
        shape(CGPath(ellipseIn: CGRect(x: 56, y: 40, width: 16, height: 16), transform: nil),
              fill: CGColor(red: 0.3, green: 0.7, blue: 1, alpha: 1), stroke: CGColor(gray: 0.4, alpha: 1), width: 2, in: cell)
        let flame = CGMutablePath()
        flame.addLines(between: [CGPoint(x: 54, y: 102), CGPoint(x: 64, y: 124), CGPoint(x: 74, y: 102)])
        flame.closeSubpath()
        shape(flame, fill: CGColor(red: 1, green: 0.6, blue: 0, alpha: 1), in: cell)
    }
}
