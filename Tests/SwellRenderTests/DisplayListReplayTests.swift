import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// A layer's draw(in:) replayed onto Cairo with Core Graphics' semantics.
@Suite struct DisplayListReplayTests {
    typealias F = RenderFixtures

    final class Drawing: CALayer {
        var body: (CGContext) -> Void = { _ in }
        override func draw(in ctx: CGContext) { body(ctx) }
    }

    static func render(size: CGFloat = 100, _ body: @escaping (CGContext) -> Void) -> Frame {
        let root = F.root(width: size, height: size)
        let layer = Drawing()
        layer.body = body
        layer.frame = root.bounds
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        root.addSublayer(layer)
        return F.render(root)
    }

    /// Core Graphics strokes with the matrix in effect at the stroke: a
    /// 1-point pen under scaleBy(x: 4, y: 1) is 4 pixels across a vertical
    /// line and 1 across a horizontal one.
    @Test func thePenTakesTheMatrixOfTheStroke() {
        let frame = Self.render { ctx in
            ctx.scaleBy(x: 4, y: 1)
            ctx.setStrokeColor(RenderFixtures.red)
            ctx.move(to: CGPoint(x: 5, y: 10))
            ctx.addLine(to: CGPoint(x: 5, y: 90))
            ctx.move(to: CGPoint(x: 10, y: 50.5))
            ctx.addLine(to: CGPoint(x: 20, y: 50.5))
            ctx.strokePath()
        }
        let across = (0..<100).filter { frame.pixel(x: $0, y: 30).alpha == 255 }
        #expect(across == Array(18..<22))
        let down = (0..<100).filter { frame.pixel(x: 60, y: $0).alpha == 255 }
        #expect(down == [50])
    }

    @Test func restoreGStateUndoesTheClip() {
        let frame = Self.render { ctx in
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 50, height: 100))
            ctx.setFillColor(RenderFixtures.red)
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 50))
            ctx.restoreGState()
            ctx.setFillColor(RenderFixtures.blue)
            ctx.fill(CGRect(x: 60, y: 60, width: 10, height: 10))
        }
        #expect(frame.count { $0 == .opaque(255, 0, 0) } == 50 * 50)
        #expect(frame.count { $0 == .opaque(0, 0, 255) } == 100)
    }

    @Test func dashesAlternatePaintedAndUnpaintedLengths() {
        let frame = Self.render { ctx in
            ctx.setStrokeColor(RenderFixtures.red)
            ctx.setLineWidth(2)
            ctx.setLineDash(phase: 0, lengths: [10, 10])
            ctx.move(to: CGPoint(x: 0, y: 50))
            ctx.addLine(to: CGPoint(x: 100, y: 50))
            ctx.strokePath()
        }
        let painted = (0..<100).filter { frame.pixel(x: $0, y: 50).alpha == 255 }
        #expect(painted.count == 50)
        #expect(painted.first == 0 && painted.contains(25) && !painted.contains(15))
    }

    @Test func theContextsAlphaMultipliesItsColours() {
        let frame = Self.render { ctx in
            ctx.setAlpha(0.5)
            ctx.setFillColor(RenderFixtures.red)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let p = frame.pixel(x: 5, y: 5)
        #expect(abs(Int(p.alpha) - 128) <= 1 && abs(Int(p.red) - 128) <= 1)
    }
}
