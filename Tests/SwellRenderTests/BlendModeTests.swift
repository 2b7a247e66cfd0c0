import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// `compositingFilter` drawn: a layer blended with what is beneath it by
/// the W3C's Compositing and Blending Level 1 modes that Core Image's blend
/// filters name, checked pixel by pixel against the specification's
/// formulas (``W3CBlendFormula``).
@Suite struct BlendModeTests {
    typealias F = RenderFixtures
    typealias RGB = W3CBlendFormula.RGB
    typealias Mode = W3CBlendFormula.Mode

    /// Core Image's filter name for each mode.
    static func filterName(_ mode: Mode) -> String {
        switch mode {
        case .multiply: "multiplyBlendMode"
        case .screen: "screenBlendMode"
        case .overlay: "overlayBlendMode"
        case .darken: "darkenBlendMode"
        case .lighten: "lightenBlendMode"
        case .colorDodge: "colorDodgeBlendMode"
        case .colorBurn: "colorBurnBlendMode"
        case .hardLight: "hardLightBlendMode"
        case .softLight: "softLightBlendMode"
        case .difference: "differenceBlendMode"
        case .exclusion: "exclusionBlendMode"
        case .hue: "hueBlendMode"
        case .saturation: "saturationBlendMode"
        case .color: "colorBlendMode"
        case .luminosity: "luminosityBlendMode"
        }
    }

    /// A layer of colour `source` at `opacity` over the left half of a
    /// backdrop layer of colour `backdrop` at alpha `backdropAlpha`.
    struct Scene: Sendable, CustomTestStringConvertible {
        var source: RGB
        var backdrop: RGB
        var opacity: Double = 1
        var backdropAlpha: Double = 1

        var testDescription: String { "\(source) at \(opacity) over \(backdrop) at \(backdropAlpha)" }

        func root(filter: String?) -> CALayer {
            let root = F.root(width: 8, height: 8)
            root.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 8, height: 8), color: Self.color(backdrop, backdropAlpha)))
            let top = F.layer(frame: CGRect(x: 0, y: 0, width: 4, height: 8), color: Self.color(source, 1))
            top.opacity = Float(opacity)
            top.compositingFilter = filter
            root.addSublayer(top)
            return root
        }

        static func color(_ c: RGB, _ alpha: Double) -> CGColor {
            CGColor(red: c.x, green: c.y, blue: c.z, alpha: alpha)
        }
    }

    /// Components that are whole 8-bit levels, so that only the blending
    /// rounds. The first pair takes every branch of overlay, hard light and
    /// soft light (a backdrop at or below ¼); the second the ends where
    /// colour dodge and burn are defined apart (0 and 1).
    static let pairs: [(source: RGB, backdrop: RGB)] = [
        (RGB(178, 77, 128) / 255, RGB(51, 153, 230) / 255),
        (RGB(255, 0, 204) / 255, RGB(0, 255, 102) / 255),
    ]

    /// Each pair at full opacity over an opaque backdrop, at opacity 0.6,
    /// over a backdrop of alpha 0.6, and both.
    static let scenes: [Scene] = pairs.flatMap { pair in
        [(1.0, 1.0), (0.6, 1), (1, 0.6), (0.6, 0.6)].map { opacity, alpha in
            Scene(source: pair.source, backdrop: pair.backdrop, opacity: opacity, backdropAlpha: alpha)
        }
    }

    /// Whether `pixel` is `expected` (premultiplied, 0…1) within
    /// `tolerance` levels in every component.
    static func matches(_ pixel: PremultipliedPixel, _ expected: (color: RGB, alpha: Double), tolerance: Double) -> Bool {
        let got = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
        let want = [expected.color.x, expected.color.y, expected.color.z, expected.alpha].map { $0 * 255 }
        return zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static func premultiplied(_ c: RGB, _ alpha: Double) -> (color: RGB, alpha: Double) { (c * alpha, alpha) }

    /// Every mode, every scene: the blended half is the specification's
    /// result, the other half the backdrop untouched. Cairo blends 8-bit
    /// premultiplied pixels (pixman), rounding the backdrop and the
    /// faded layer before they are divided back out: the worst difference
    /// measured is 1.1 levels, and 1.5 for colour dodge, whose
    /// 1 / (1 − cs) magnifies it.
    @Test(arguments: Mode.allCases, scenes)
    func aModeBlendsAsTheW3CDefinesIt(mode: Mode, scene: Scene) {
        let frame = F.render(scene.root(filter: Self.filterName(mode)))
        let expected = W3CBlendFormula.composite(scene.source, alpha: scene.opacity, over: scene.backdrop,
                                                 alpha: scene.backdropAlpha, mode: mode)
        let blended = frame.pixel(x: 2, y: 4)
        #expect(Self.matches(blended, expected, tolerance: 2), "\(blended), expected \(expected)")
        #expect(Self.matches(frame.pixel(x: 6, y: 4), Self.premultiplied(scene.backdrop, scene.backdropAlpha), tolerance: 1))
    }

    /// Addition: the premultiplied colours summed, each clamped to 1.
    @Test(arguments: scenes)
    func additionSumsTheColours(scene: Scene) {
        let frame = F.render(scene.root(filter: "additionCompositing"))
        let expected = W3CBlendFormula.addition(scene.source, alpha: scene.opacity, to: scene.backdrop,
                                                alpha: scene.backdropAlpha)
        let blended = frame.pixel(x: 2, y: 4)
        #expect(Self.matches(blended, expected, tolerance: 1), "\(blended), expected \(expected)")
    }

    /// Core Image's names, with or without `CI` and capitalised, draw the
    /// same; source over, and a name that is no filter, draw normally.
    @Test func spellingsDrawAlikeAndUnknownNamesDrawNormally() {
        let scene = Self.scenes[1]
        let multiply = F.render(scene.root(filter: "multiplyBlendMode"))
        for name in ["CIMultiplyBlendMode", "MultiplyBlendMode"] {
            #expect(F.render(scene.root(filter: name)).maximumDifference(from: multiply) == 0, "\(name)")
        }
        let normal = F.render(scene.root(filter: nil))
        #expect(normal.maximumDifference(from: multiply) > 10)
        let over = (color: scene.opacity * scene.source + (1 - scene.opacity) * scene.backdrop, alpha: 1.0)
        #expect(Self.matches(normal.pixel(x: 2, y: 4), over, tolerance: 1))
        for name in ["sourceOverCompositing", "CISourceOverCompositing", "frobnicateBlendMode", ""] {
            #expect(F.render(scene.root(filter: name)).maximumDifference(from: normal) == 0, "\(name)")
        }
    }

    /// The blend happens within the nearest enclosing group: a layer
    /// multiplied inside a half-opaque container blends with the
    /// container's own background where it has one, and where it has none
    /// (the backdrop there is transparent, so the result is the layer
    /// itself); the container is then painted at 0.5 over the blue canvas.
    @Test func aLayerBlendsWithinItsEnclosingGroup() {
        let orange = RGB(255, 128, 0) / 255, blue = RGB(0, 0, 1), source = RGB(51, 102, 255) / 255
        let root = F.root(width: 20, height: 20)
        let container = F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        container.opacity = 0.5
        container.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 10), color: Scene.color(orange, 1)))
        let top = F.layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20), color: Scene.color(source, 1))
        top.compositingFilter = "multiplyBlendMode"
        container.addSublayer(top)
        root.addSublayer(container)
        let frame = F.render(root, background: Scene.color(blue, 1))
        for (y, backdrop, backdropAlpha) in [(5, orange, 1.0), (15, RGB(0, 0, 0), 0.0)] {
            let group = W3CBlendFormula.composite(source, alpha: 1, over: backdrop, alpha: backdropAlpha, mode: .multiply)
            let expected = (color: 0.5 * group.color + (1 - 0.5 * group.alpha) * blue, alpha: 1.0)
            #expect(Self.matches(frame.pixel(x: 10, y: y), expected, tolerance: 1), "\(frame.pixel(x: 10, y: y))")
        }
    }

    /// The mask applies first: the layer masked to half its alpha on its
    /// left half is blended there at alpha 0.5, and not at all on its
    /// right half.
    @Test func theMaskAppliesBeforeTheBlend() {
        let scene = Self.scenes[0]
        let root = scene.root(filter: "screenBlendMode")
        let top = root.sublayers![1]
        top.mask = F.layer(frame: CGRect(x: 0, y: 0, width: 2, height: 8), color: CGColor(gray: 1, alpha: 0.6))
        let frame = F.render(root)
        let expected = W3CBlendFormula.composite(scene.source, alpha: 0.6, over: scene.backdrop, alpha: 1, mode: .screen)
        #expect(Self.matches(frame.pixel(x: 1, y: 4), expected, tolerance: 1), "\(frame.pixel(x: 1, y: 4))")
        #expect(Self.matches(frame.pixel(x: 3, y: 4), Self.premultiplied(scene.backdrop, 1), tolerance: 0))
    }

    /// A layer turned in perspective is drawn flat and warped; the warped
    /// picture is what blends, at the layer's opacity.
    @Test func aLayerInPerspectiveBlends() {
        let scene = Self.scenes[1]
        let root = F.root(width: 60, height: 60)
        root.addSublayer(F.layer(frame: CGRect(x: 0, y: 0, width: 60, height: 60), color: Scene.color(scene.backdrop, 1)))
        let top = F.layer(frame: CGRect(x: 10, y: 10, width: 40, height: 40), color: Scene.color(scene.source, 1))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        top.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        top.opacity = Float(scene.opacity)
        top.compositingFilter = "CIDifferenceBlendMode"
        root.addSublayer(top)
        let frame = F.render(root)
        let expected = W3CBlendFormula.composite(scene.source, alpha: scene.opacity, over: scene.backdrop, alpha: 1,
                                                 mode: .difference)
        #expect(Self.matches(frame.pixel(x: 30, y: 30), expected, tolerance: 1), "\(frame.pixel(x: 30, y: 30))")
        #expect(Self.matches(frame.pixel(x: 2, y: 30), Self.premultiplied(scene.backdrop, 1), tolerance: 0))
    }

    /// The SVG document: SVG 1.1 has no blend modes, so Cairo embeds the
    /// blended area as an image at the canvas's pixels; librsvg's picture
    /// of it shows the specification's colours.
    @Test(arguments: [Mode.multiply, .softLight, .luminosity])
    func theSVGDocumentShowsTheBlend(mode: Mode) throws {
        let scene = Self.scenes[3]
        let root = scene.root(filter: Self.filterName(mode))
        let (host, snapshot) = F.snapshot(of: root)
        let svg = try withExtendedLifetime(host) { try Renderer().svgData(snapshot, at: 0, into: Canvas(width: 8, height: 8)) }
        let directory = try SoundFileFixtures.Directory()
        let (svgPath, pngPath) = (directory.file("blend.svg"), directory.file("blend.png"))
        try svg.write(to: URL(fileURLWithPath: svgPath))
        #expect(String(decoding: svg, as: UTF8.self).contains(#/<image id="image\d+" width="8" height="8"/#))
        try Subprocess.run("rsvg-convert", ["--format", "png", "-o", pngPath, svgPath]).requireSuccess()
        let picture = try RGBAImage(decodingPNG: pngPath, width: 8, height: 8)
        func pixel(_ x: Int, _ y: Int) -> PremultipliedPixel {
            let i = (y * 8 + x) * 4
            return PremultipliedPixel(red: picture.bytes[i], green: picture.bytes[i + 1], blue: picture.bytes[i + 2],
                                      alpha: picture.bytes[i + 3])
        }
        let expected = W3CBlendFormula.composite(scene.source, alpha: scene.opacity, over: scene.backdrop,
                                                 alpha: scene.backdropAlpha, mode: mode)
        #expect(Self.matches(pixel(2, 4), expected, tolerance: 2), "\(pixel(2, 4)), expected \(expected)")
        #expect(Self.matches(pixel(6, 4), Self.premultiplied(scene.backdrop, scene.backdropAlpha), tolerance: 2))
    }
}
