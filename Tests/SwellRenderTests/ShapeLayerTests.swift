import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// CAShapeLayer against references made without the shape drawer: the same
/// path drawn by a plain layer's `draw(in:)`, and arc-length arithmetic.
@Suite struct ShapeLayerTests {
    typealias F = RenderFixtures

    /// A star: two subpaths, one self-intersecting, so the fill rule shows.
    static var star: CGPath {
        let path = CGMutablePath()
        let points = (0..<5).map { k -> CGPoint in
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            return CGPoint(x: 60 + 45 * cos(angle), y: 60 + 45 * sin(angle))
        }
        path.addLines(between: points)
        path.closeSubpath()
        path.addEllipse(in: CGRect(x: 20, y: 85, width: 30, height: 25))
        return path
    }

    /// The star filled and stroked with a dashed round pen, in `draw(in:)`.
    final class StarDrawing: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.addPath(ShapeLayerTests.star)
            ctx.setFillColor(RenderFixtures.red)
            ctx.fillPath(using: .evenOdd)
            ctx.addPath(ShapeLayerTests.star)
            ctx.setStrokeColor(RenderFixtures.blue)
            ctx.setLineWidth(4)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.bevel)
            ctx.setLineDash(phase: 3, lengths: [12, 6])
            ctx.strokePath()
        }
    }

    @Test func aShapeLayerIsTheSamePictureAsItsPathDrawnByTheLayer() {
        let shaped = F.root(width: 120, height: 120)
        let shape = CAShapeLayer()
        shape.frame = shaped.bounds
        shape.path = Self.star
        shape.fillColor = F.red
        shape.fillRule = .evenOdd
        shape.strokeColor = F.blue
        shape.lineWidth = 4
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.lineDashPattern = [12, 6]
        shape.lineDashPhase = 3
        shaped.addSublayer(shape)

        let drawn = F.root(width: 120, height: 120)
        let drawing = StarDrawing()
        drawing.frame = drawn.bounds
        drawing.setNeedsDisplay()
        drawing.displayIfNeeded()
        drawn.addSublayer(drawing)

        let a = F.render(shaped), b = F.render(drawn)
        #expect(a.maximumDifference(from: b) == 0)
        // The even-odd rule leaves the star's pentagon empty.
        #expect(a.pixel(x: 60, y: 62) == .transparent)
        #expect(a.count { $0.blue > 200 } > 300)
    }

    /// strokeEnd 0.5 of a circle strokes half its length: half the pixels
    /// of the whole circle's stroke, within the two butt ends' antialiasing.
    @Test func strokeEndHalfOfACircleCoversHalfItsStrokePixels() {
        func strokePixels(strokeStart: CGFloat, strokeEnd: CGFloat) -> Double {
            let root = F.root(width: 100, height: 100)
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
            shape.path = path
            shape.fillColor = nil
            shape.strokeColor = F.white
            shape.lineWidth = 6
            shape.strokeStart = strokeStart
            shape.strokeEnd = strokeEnd
            root.addSublayer(shape)
            return F.render(root).alphaSum / 255
        }
        let whole = strokePixels(strokeStart: 0, strokeEnd: 1)
        // 2π × 40 × 6 ≈ 1508 pixels of ink.
        #expect(abs(whole - 2 * .pi * 40 * 6) < 10)
        let half = strokePixels(strokeStart: 0, strokeEnd: 0.5)
        #expect(abs(half - whole / 2) < 6)
        let middle = strokePixels(strokeStart: 0.25, strokeEnd: 0.75)
        #expect(abs(middle - whole / 2) < 6)
        #expect(strokePixels(strokeStart: 0.6, strokeEnd: 0.4) == 0)
    }

    /// A path drawn on over several frames is measured once by the
    /// renderer, and every frame is what a new renderer draws.
    @Test func aTrimmedPathIsMeasuredOnceAndDrawnTheSame() {
        let root = F.root(width: 100, height: 100)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.path = Self.star
        shape.fillColor = nil
        shape.strokeColor = F.white
        shape.lineWidth = 5
        shape.lineCap = .round
        let drawOn = CABasicAnimation(keyPath: "strokeEnd")
        drawOn.fromValue = 0.1
        drawOn.toValue = 0.9
        drawOn.duration = 1
        shape.add(drawOn, forKey: "drawOn")
        root.addSublayer(shape)
        let (_, snapshot) = F.snapshot(of: root)
        let canvas = Canvas(width: 100, height: 100)
        let renderer = Renderer()
        for time in [0.2, 0.5, 0.8] {
            let frame = renderer.render(snapshot, at: time, into: canvas)
            let fresh = Renderer().render(snapshot, at: time, into: canvas)
            #expect(frame.withUnsafePixels(Array.init) == fresh.withUnsafePixels(Array.init))
            #expect(frame.alphaSum > 0)
        }
        #expect(renderer.caches.pathMeasurements.count == 1)
    }

    @Test func trimmingCutsCurvesWhereTheArcLengthSays() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 20, y: 10), control1: CGPoint(x: 15, y: 0), control2: CGPoint(x: 20, y: 5))
        let measured = PathMeasurement(path.value)
        let piece = PathMeasurement(measured.path(fromDistance: 5, toDistance: measured.length - 2))
        #expect(abs(piece.length - (measured.length - 7)) < 1e-9)
        #expect(piece.point(atDistance: 0) == CGPoint(x: 5, y: 0))
        let end = measured.point(atDistance: measured.length - 2)!
        let pieceEnd = piece.point(atDistance: piece.length)!
        #expect(hypot(end.x - pieceEnd.x, end.y - pieceEnd.y) < 1e-9)
    }
}
