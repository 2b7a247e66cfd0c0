import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// A shadow that is only moved is composited at whole pixels from a mask
/// pre-shifted by a quarter-pixel phase (docs/render.md, "Shadows are
/// cached"): placed within an eighth of a pixel of where the layer puts it.
@Suite struct ShadowPhaseTests {
    typealias F = RenderFixtures

    /// The shadow golden's scene at a fractional position, where the
    /// quarter phases are an eighth of a pixel off on both axes (the worst
    /// case), against librsvg's exact placement, within the golden's own
    /// tolerance.
    @Test func theShadowGoldenAtAFractionalPosition() throws {
        let origin = CGPoint(x: 40.375, y: 30.625)
        try PeerGolden.expectMatch(PaintGoldenTests.shadowScene(at: origin),
                                   svg: PaintGoldenTests.shadowSVG(sigma: 6, at: origin),
                                   tolerance: FuzzyTolerance(maximumDifference: 16, differingAbove: 8, budget: 25),
                                   name: "shadow-phase")
    }

    /// The mean over [x, x + 1] of ½ erfc((t − edge) / σ√2): a pixel's
    /// share of a straight edge at `edge` blurred by a Gaussian of σ.
    static func blurredEdge(pixel x: Double, edge: Double, sigma: Double) -> Double {
        // ∫ erfc(u) du = u erfc(u) − exp(−u²) / √π
        let antiderivative = { (u: Double) in u * erfc(u) - exp(-u * u) / Double.pi.squareRoot() }
        let scale = sigma * 2.0.squareRoot()
        return 0.5 * scale * (antiderivative((x + 1 - edge) / scale) - antiderivative((x - edge) / scale))
    }

    /// A lightly blurred shadow (σ = 1) whose right edge stands at a
    /// fractional x: its profile is the blurred edge's closed form at the
    /// exact edge, within the eighth of a pixel the phase allows (the
    /// profile's steepest slope, 1 / σ√2π ≈ 0.4 per pixel, times 1/8, plus
    /// 0.01). Snapping the edge to a whole pixel would be off by up to 0.2.
    @Test(arguments: [0.3, 0.375, 0.6, 0.9])
    func aLightlyBlurredEdgeAtAFractionalPosition(fraction: Double) {
        let tolerance = 0.4 / 8 + 0.01
        let root = F.root(width: 300, height: 300)
        let layer = F.layer(frame: CGRect(x: 100 + fraction, y: 100, width: 100, height: 100), color: F.blue)
        layer.shadowOpacity = 1
        layer.shadowRadius = 1
        layer.shadowOffset = CGSize(width: 30, height: 0)
        root.addSublayer(layer)
        let frame = F.render(root)
        let edge = 230 + fraction
        var worst = 0.0
        for x in 224..<238 {
            let expected = Self.blurredEdge(pixel: Double(x), edge: edge, sigma: 1)
            worst = max(worst, abs(Double(frame.pixel(x: x, y: 150).alpha) / 255 - expected))
        }
        #expect(worst < tolerance, "largest error \(worst)")
        // The tolerance tells a phase from a snap: the profile half a pixel
        // off differs by more.
        let snapped = Self.blurredEdge(pixel: 230, edge: 230, sigma: 1) - Self.blurredEdge(pixel: 230, edge: 230.5, sigma: 1)
        #expect(abs(snapped) > tolerance)
    }

    /// The alpha-weighted centroid of a square's blurred shadow is the
    /// square's centre moved by the offset (the Gaussian is symmetric): a
    /// 20-point square at (10 + fx, 20 + fy), offset 50 to the right, casts
    /// its shadow about (70 + fx, 30 + fy).
    static func centroidError(x fx: Double, y fy: Double, renderer: Renderer = Renderer()) -> Double {
        let root = F.root(width: 120, height: 60)
        let layer = F.layer(frame: CGRect(x: 10 + fx, y: 20 + fy, width: 20, height: 20), color: F.blue)
        layer.shadowOpacity = 1
        layer.shadowRadius = 2
        layer.shadowOffset = CGSize(width: 50, height: 0)
        root.addSublayer(layer)
        let (host, snapshot) = F.snapshot(of: root)
        let frame = withExtendedLifetime(host) { renderer.render(snapshot, at: 0, into: Canvas(width: 120, height: 60)) }
        var (sum, sumX, sumY) = (0.0, 0.0, 0.0)
        for y in 0..<60 {
            for x in 40..<120 {
                let alpha = Double(frame.pixel(x: x, y: y).alpha)
                (sum, sumX, sumY) = (sum + alpha, sumX + alpha * (Double(x) + 0.5), sumY + alpha * (Double(y) + 0.5))
            }
        }
        return max(abs(sumX / sum - (70 + fx)), abs(sumY / sum - (30 + fy)))
    }

    /// Quarter-pixel steps land on a phase: the shadow follows exactly
    /// (a whole-pixel snap would be a quarter off).
    @Test(arguments: Array(stride(from: 0.0, through: 2.0, by: 0.25)))
    func aShadowFollowsQuarterPixelSteps(f: Double) {
        let error = Self.centroidError(x: f, y: 2 - f)
        #expect(error < 0.02, "centroid off by \(error)")
    }

    /// Between phases the shadow is at most an eighth of a pixel off.
    @Test(arguments: Array(stride(from: 0.1, through: 2.0, by: 0.2)))
    func aShadowBetweenPhasesIsWithinAnEighth(f: Double) {
        let error = Self.centroidError(x: f, y: 2 - f)
        #expect(error <= 0.125 + 0.02, "centroid off by \(error)")
    }

    /// A layer drifting by fractions of a pixel on both axes reuses one
    /// mask per phase: no more than 4 × 4 for its shape.
    @Test func theCacheHoldsAtMostSixteenPhasesOfAShape() {
        let renderer = Renderer()
        for step in 0..<60 {
            _ = Self.centroidError(x: Double(step) * 0.07, y: Double(step) * 0.11, renderer: renderer)
        }
        #expect((2...16).contains(renderer.caches.shadows.count), "\(renderer.caches.shadows.count) masks")
    }
}
