import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// Paint without a closed form over a whole picture — gradients of several
/// stops, a blurred shadow, group opacity, a mask, glyphs — against the same
/// pictures written as SVG and rasterised by librsvg.
@Suite struct PaintGoldenTests {
    typealias F = RenderFixtures

    /// A gradient layer at (20, 20), 160 × 100, in a 200 × 140 canvas.
    static func gradientScene(_ configure: (CAGradientLayer) -> Void) -> CALayer {
        let root = F.root(width: 200, height: 140)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 20, y: 20, width: 160, height: 100)
        gradient.colors = [CGColor(red: 1, green: 0.8, blue: 0, alpha: 1), CGColor(red: 0.8, green: 0, blue: 0.4, alpha: 1),
                           CGColor(red: 0, green: 0.4, blue: 0.8, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.2, alpha: 1)]
        configure(gradient)
        root.addSublayer(gradient)
        return root
    }

    /// The gradient's four stops as SVG `<stop>`s at `offsets`.
    static func stops(_ offsets: [Double]) -> String {
        zip(offsets, ["rgb(255,204,0)", "rgb(204,0,102)", "rgb(0,102,204)", "rgb(51,204,51)"])
            .map { #"<stop offset="\#($0)" stop-color="\#($1)"/>"# }.joined(separator: "\n")
    }

    /// An axial gradient of four stops at uneven locations, its ends inside
    /// the layer so the end colours extend. `startPoint` and `endPoint` are
    /// unit coordinates of the bounds (CAGradientLayer reference): (0, 0.2)
    /// and (1, 0.8) of 160 × 100 at (20, 20) are (20, 40) and (180, 100).
    @Test func anAxialGradientOfSeveralStops() throws {
        let root = Self.gradientScene { gradient in
            gradient.locations = [0.1, 0.35, 0.6, 0.9]
            gradient.startPoint = CGPoint(x: 0, y: 0.2)
            gradient.endPoint = CGPoint(x: 1, y: 0.8)
        }
        // Both hand the stops to Cairo's gradient, librsvg from the SVG's
        // numbers: they agree to the level (measured: 0). The first stop
        // at 0 instead of 0.1 differs by up to 58 levels.
        try PeerGolden.expectMatch(root, svg: """
            <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="20" y1="40" x2="180" y2="100">
            \(Self.stops([0.1, 0.35, 0.6, 0.9]))
            </linearGradient>
            <rect x="20" y="20" width="160" height="100" fill="url(#g)"/>
            """, tolerance: FuzzyTolerance(maximumDifference: 2, differingAbove: 1, budget: 0), name: "axial-gradient")
    }

    /// A radial gradient: ellipses about `startPoint` whose radii are the
    /// x and y distances to `endPoint` (CAGradientLayer reference,
    /// `kCAGradientLayerRadial`). From (0.4, 0.5) to (0.9, 0.9) of 160 × 100
    /// at (20, 20): centre (84, 70), radii 80 and 40 — SVG's circle of 80
    /// squeezed to half its height about the centre.
    @Test func aRadialGradientOfSeveralStops() throws {
        let root = Self.gradientScene { gradient in
            gradient.type = .radial
            gradient.locations = [0, 0.4, 0.7, 1]
            gradient.startPoint = CGPoint(x: 0.4, y: 0.5)
            gradient.endPoint = CGPoint(x: 0.9, y: 0.9)
        }
        // As for the axial gradient: measured 1 level at most.
        try PeerGolden.expectMatch(root, svg: """
            <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="84" cy="70" r="80"
                            gradientTransform="translate(84,70) scale(1,0.5) translate(-84,-70)">
            \(Self.stops([0, 0.4, 0.7, 1]))
            </radialGradient>
            <rect x="20" y="20" width="160" height="100" fill="url(#g)"/>
            """, tolerance: FuzzyTolerance(maximumDifference: 2, differingAbove: 1, budget: 0), name: "radial-gradient")
    }

    /// A rounded layer's shadow, offset and blurred, under the layer at
    /// `origin`.
    static func shadowScene(at origin: CGPoint = CGPoint(x: 40, y: 30)) -> CALayer {
        let root = F.root(width: 200, height: 160)
        let layer = F.layer(frame: CGRect(origin: origin, size: CGSize(width: 100, height: 80)),
                            color: CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1))
        layer.cornerRadius = 10
        layer.shadowOpacity = 0.8
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 8, height: 10)
        root.addSublayer(layer)
        return root
    }

    /// The shadow scene in SVG, its shadow blurred by a Gaussian of
    /// standard deviation `sigma`, the layer at `origin`.
    static func shadowSVG(sigma: Double, at origin: CGPoint = CGPoint(x: 40, y: 30)) -> String {
        """
        <filter id="blur" filterUnits="userSpaceOnUse" x="0" y="0" width="200" height="160">
          <feGaussianBlur stdDeviation="\(sigma)"/>
        </filter>
        <rect x="\(origin.x + 8)" y="\(origin.y + 10)" width="100" height="80" rx="10" fill="black" \
        fill-opacity="0.8" filter="url(#blur)"/>
        <rect x="\(origin.x)" y="\(origin.y)" width="100" height="80" rx="10" fill="rgb(255,153,51)"/>
        """
    }

    /// `shadowRadius` is the blur's standard deviation (docs/render.md). No
    /// Apple document gives the Gaussian; CSS's `box-shadow` blur radius B
    /// is a Gaussian of σ = B / 2 (CSS Backgrounds and Borders, "Shadow
    /// Blurring"), and design tools export a CSS blur of B as a
    /// `shadowRadius` of B / 2 — so σ = `shadowRadius`. Against SVG's
    /// `feGaussianBlur`, σ = 6 matches and half or twice it does not.
    ///
    /// librsvg blurs by three box blurs for σ ≥ 2, as the SVG specification
    /// allows, SwellRender by the sampled Gaussian: the two profiles differ
    /// by a few levels, and the layer's antialiased corner over the shadow
    /// by a few more — measured 11 levels at most, 10 pixels beyond 8.
    @Test func aShadowsRadiusIsTheGaussiansStandardDeviation() throws {
        let tolerance = FuzzyTolerance(maximumDifference: 16, differingAbove: 8, budget: 25)
        try PeerGolden.expectMatch(Self.shadowScene(), svg: Self.shadowSVG(sigma: 6), tolerance: tolerance,
                                   name: "shadow")
        let directory = try SoundFileFixtures.Directory()
        for sigma in [3.0, 12.0] {
            let other = try PeerGolden.compare(Self.shadowScene(), svg: Self.shadowSVG(sigma: sigma),
                                               tolerance: tolerance, name: "shadow-\(sigma)", in: directory).comparison
            #expect(!other.passes, "a blur of σ = \(sigma) matches too: \(other)")
        }
    }

    /// A layer without a background casts the shadow of its sublayers'
    /// alpha (CALayer reference, `shadowOpacity`: the shadow's shape comes
    /// from the layer's content): a rectangle and a translucent ellipse,
    /// the ellipse's shadow lighter. SVG's filter of the group: the blurred
    /// `SourceAlpha`, offset, tinted by a flood, under the `SourceGraphic`,
    /// composited in sRGB as Core Animation does.
    @Test func aShadowCastBySublayers() throws {
        let root = F.root(width: 200, height: 140)
        let container = F.layer(frame: CGRect(x: 30, y: 20, width: 120, height: 90))
        container.shadowOpacity = 0.9
        container.shadowRadius = 4
        container.shadowOffset = CGSize(width: 6, height: 6)
        container.shadowColor = CGColor(red: 0, green: 0, blue: 0.6, alpha: 1)
        container.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 60, height: 50),
                                      color: CGColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1)))
        let ellipse = CAShapeLayer()
        ellipse.frame = container.bounds
        ellipse.path = CGPath(ellipseIn: CGRect(x: 40, y: 30, width: 70, height: 55))
        ellipse.fillColor = CGColor(red: 1, green: 0.6, blue: 0, alpha: 0.7)
        container.addSublayer(ellipse)
        root.addSublayer(container)
        // The box blur against the Gaussian and the ellipse's edges, as
        // above: measured 11 levels at most, 4 pixels beyond 8. A shadow
        // cast by the bounds, or at full strength under the translucent
        // ellipse, differs over thousands of pixels.
        try PeerGolden.expectMatch(root, svg: """
            <filter id="s" filterUnits="userSpaceOnUse" x="0" y="0" width="200" height="140"
                    color-interpolation-filters="sRGB">
              <feGaussianBlur in="SourceAlpha" stdDeviation="4"/>
              <feOffset dx="6" dy="6" result="blurred"/>
              <feFlood flood-color="rgb(0,0,153)" flood-opacity="0.9"/>
              <feComposite in2="blurred" operator="in" result="shadow"/>
              <feMerge><feMergeNode in="shadow"/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <g filter="url(#s)">
              <rect x="30" y="20" width="60" height="50" fill="rgb(51,153,51)"/>
              <ellipse cx="105" cy="77.5" rx="35" ry="27.5" fill="rgb(255,153,0)" fill-opacity="0.7"/>
            </g>
            """, tolerance: FuzzyTolerance(maximumDifference: 16, differingAbove: 8, budget: 12),
            name: "sublayer-shadow")
    }

    /// Two overlapping sublayers of a layer at opacity 0.5. As a group
    /// (Core Animation's default, `allowsGroupOpacity`) they are composited
    /// together and then faded, SVG's `<g opacity>`: the blue hides the
    /// red. Without, each paints at half opacity: SVG's opacity on each.
    @Test(arguments: [true, false])
    func groupOpacityOfOverlappingSublayers(grouped: Bool) throws {
        let root = F.root(width: 160, height: 100)
        let group = F.layer(frame: CGRect(x: 10, y: 10, width: 140, height: 80))
        group.opacity = 0.5
        group.allowsGroupOpacity = grouped
        group.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 80, height: 60), color: F.red))
        let blue = F.layer(frame: CGRect(x: 50, y: 20, width: 80, height: 60), color: F.blue)
        blue.cornerRadius = 15
        group.addSublayer(blue)
        root.addSublayer(group)
        let rectangles = """
            <rect x="10" y="10" width="80" height="60" fill="red"\(grouped ? "" : #" opacity="0.5""#)/>
            <rect x="60" y="30" width="80" height="60" rx="15" fill="blue"\(grouped ? "" : #" opacity="0.5""#)/>
            """
        // The blue layer's rounded corners: Cairo's arcs against librsvg's
        // Bézier quarter-ellipses, measured 15 levels at most, 12 pixels
        // beyond 8. The other kind of opacity differs over the whole
        // overlap, some 1,150 pixels, by 64 levels.
        try PeerGolden.expectMatch(root, svg: grouped ? #"<g opacity="0.5">\#(rectangles)</g>"# : rectangles,
                                   tolerance: FuzzyTolerance(maximumDifference: 24, differingAbove: 8, budget: 25),
                                   name: grouped ? "group-opacity" : "no-group-opacity")
    }

    /// A mask over a layer and its sublayers: the mask's alpha multiplies
    /// the whole subtree (CALayer reference, `mask`), its colour is
    /// ignored. SVG's `<mask>` multiplies by luminance × alpha, so the SVG
    /// mask is white, where the two agree. The mask layer is placed in the
    /// masked layer's space; its fill at 0.6 and its stroke at 1 give two
    /// levels.
    @Test func aMaskOverASubtree() throws {
        let root = F.root(width: 180, height: 140)
        let layer = F.layer(frame: CGRect(x: 20, y: 20, width: 140, height: 100),
                            color: CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        layer.addSublayer(F.layer(frame: CGRect(x: 60, y: -10, width: 50, height: 120),
                                  color: CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)))
        let mask = CAShapeLayer()
        mask.frame = CGRect(x: 10, y: 10, width: 120, height: 80)
        mask.path = CGPath(ellipseIn: CGRect(x: 10, y: 5, width: 100, height: 70))
        mask.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        mask.strokeColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        mask.lineWidth = 8
        layer.mask = mask
        root.addSublayer(layer)
        // The ellipse's edges, flattened more finely by SwellRender (see
        // GeometryGoldenTests): measured 25 levels at most, 87 pixels
        // beyond 8. A mask placed without its frame, or that ignored its
        // alpha, differs over thousands.
        try PeerGolden.expectMatch(root, svg: """
            <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="180" height="140">
              <ellipse cx="90" cy="70" rx="50" ry="35" fill="white" fill-opacity="0.6" stroke="white" stroke-width="8"/>
            </mask>
            <g mask="url(#m)">
              <rect x="20" y="20" width="140" height="100" fill="rgb(51,102,204)"/>
              <rect x="80" y="10" width="50" height="120" fill="rgb(255,204,0)"/>
            </g>
            """, tolerance: FuzzyTolerance(maximumDifference: 40, differingAbove: 8, budget: 180), name: "mask")
    }

    /// A line of DejaVu Sans. Both lay it out with Pango, from the font's
    /// outlines and advances, without hinting; where the line sits is the
    /// font's. A text layer's first line starts at the top of its bounds
    /// (docs/render.md), so its baseline is the font's ascent below:
    /// DejaVu Sans's `hhea` ascender, 1901 of 2048 units per em, 29.703125
    /// points at 32.
    ///
    /// librsvg places glyphs at positions rounded otherwise, so a glyph
    /// may sit a fraction of a pixel apart and its edges differ by most of
    /// 255 levels: measured 238, 1,461 pixels beyond 8 (a blank picture,
    /// 2,252). The fuzzy comparison therefore only bounds that count — DejaVu
    /// Serif, or a size of 31, differ over 3,000 — and the ink is compared
    /// as ink: the same rows, each glyph beginning in the same column to a
    /// pixel, and the same amount to 1%. A baseline a pixel off, or another
    /// string, fails these.
    @Test func aLineOfDejaVuSans() throws {
        let root = F.root(width: 300, height: 70)
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 10, width: 280, height: 50)
        text.string = "Swell: Ågy 1234"
        text.font = "DejaVu Sans"
        text.fontSize = 32
        text.foregroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.6, alpha: 1)
        root.addSublayer(text)
        let outcome = try PeerGolden.expectMatch(root, svg: """
            <text x="10" y="\(10 + 32 * 1901 / 2048.0)" font-family="DejaVu Sans" font-size="32"
                  fill="rgb(51,51,153)">Swell: Ågy 1234</text>
            """, tolerance: FuzzyTolerance(maximumDifference: 255, differingAbove: 8, budget: 1800), name: "text")
        let (rendered, reference) = (outcome.rendered, outcome.reference)
        let box = try #require(rendered.inkBox(alphaAbove: 16)), referenceBox = try #require(reference.inkBox(alphaAbove: 16))
        #expect(abs(box.minX - referenceBox.minX) <= 1 && abs(box.maxX - referenceBox.maxX) <= 1
                    && box.minY == referenceBox.minY && box.maxY == referenceBox.maxY,
                "ink box \(box) against \(referenceBox)")
        let starts = rendered.inkRunStarts(alphaAbove: 16), referenceStarts = reference.inkRunStarts(alphaAbove: 16)
        #expect(starts.count == referenceStarts.count && zip(starts, referenceStarts).allSatisfy { abs($0 - $1) <= 1 },
                "glyphs begin at columns \(starts) against \(referenceStarts)")
        let ink = Double(rendered.alphaSum), referenceInk = Double(reference.alphaSum)
        #expect(abs(ink - referenceInk) <= 0.01 * referenceInk, "ink \(ink) against \(referenceInk) levels")
    }
}
