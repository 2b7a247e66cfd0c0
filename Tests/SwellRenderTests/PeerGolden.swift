import Foundation
import SwellCore
import Testing
import TestSupport
@testable import SwellRender

/// One scene drawn twice — as a layer tree by SwellRender, and as SVG
/// written by hand and rasterised by librsvg — and compared fuzzily. The
/// tree is drawn both ways SwellRender draws: into a frame, and into an
/// SVG document (`Renderer.svgData`) that librsvg rasterises in turn; both
/// must match the hand-written SVG.
///
/// For what has no closed form (curves, dashes, gradients' colour
/// interpolation, blurs, glyphs) another renderer's picture is the
/// reference. Both pictures are premultiplied RGBA on a transparent
/// background, so alpha is compared as well as colour.
enum PeerGolden {
    /// The frame's pixels in RGBA byte order, still premultiplied.
    static func image(of frame: Frame) -> RGBAImage {
        var bytes = [UInt8]()
        bytes.reserveCapacity(frame.width * frame.height * 4)
        frame.withUnsafePixels { words in
            for word in words {
                bytes += [UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                          UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 24)]
            }
        }
        return RGBAImage(width: frame.width, height: frame.height, bytes: bytes)
    }

    /// Both pictures of one scene, measured against each other.
    struct Outcome {
        /// SwellRender's picture.
        var rendered: RGBAImage
        /// librsvg's picture of the SVG.
        var reference: RGBAImage
        /// The rendered picture against the reference.
        var comparison: FuzzyComparison
        /// librsvg's picture of SwellRender's SVG document against the
        /// reference.
        var document: FuzzyComparison
        /// A blank picture against the reference, with the same tolerance.
        var blank: FuzzyComparison
    }

    /// `root`'s tree rendered on a canvas of its size and `svg` (the body of
    /// an `<svg>` of the same size) rasterised by `rsvg-convert`, measured
    /// against each other. The pictures and the SVG are left in
    /// `directory`.
    static func compare(_ root: CALayer, svg: String, tolerance: FuzzyTolerance, name: String,
                        in directory: SoundFileFixtures.Directory) throws -> Outcome {
        let (width, height) = (Int(root.bounds.width), Int(root.bounds.height))
        let reference = try SVGReference.rasterize(svg, width: width, height: height, named: name, in: directory)
        let (host, snapshot) = RenderFixtures.snapshot(of: root)
        let (renderer, canvas) = (Renderer(), Canvas(width: width, height: height))
        let frame = renderer.render(snapshot, at: 0, into: canvas)
        let svgData = try withExtendedLifetime(host) { try renderer.svgData(snapshot, at: 0, into: canvas) }
        try frame.writePNG(to: directory.file(name + ".swell.png"))
        let rendered = image(of: frame)
        let svgPath = directory.file(name + ".swell.svg"), svgPNG = directory.file(name + ".swell.svg.png")
        try svgData.write(to: URL(fileURLWithPath: svgPath))
        try Subprocess.run("rsvg-convert", ["--format", "png", "-o", svgPNG, svgPath]).requireSuccess()
        let document = try RGBAImage(decodingPNG: svgPNG, width: width, height: height)
        let blank = RGBAImage(width: width, height: height, bytes: Array(repeating: 0, count: width * height * 4))
        return Outcome(rendered: rendered, reference: reference,
                       comparison: FuzzyComparison(rendered, against: reference, tolerance: tolerance),
                       document: FuzzyComparison(document, against: reference, tolerance: tolerance),
                       blank: FuzzyComparison(blank, against: reference, tolerance: tolerance))
    }

    /// Expects `root` and `svg` to match within `tolerance` (``compare``),
    /// and the tolerance to mean something: a blank picture must fail it.
    /// On failure the pictures and the SVG are kept in
    /// `$TMPDIR/swell-golden-NAME/` and the message says where.
    @discardableResult
    static func expectMatch(_ root: CALayer, svg: String, tolerance: FuzzyTolerance, name: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let directory = try SoundFileFixtures.Directory()
        let outcome = try compare(root, svg: svg, tolerance: tolerance, name: name, in: directory)
        #expect(!outcome.blank.passes, "\(name): a blank picture passes this tolerance: \(outcome.blank)",
                sourceLocation: sourceLocation)
        if !outcome.comparison.passes || !outcome.document.passes {
            let kept = NSTemporaryDirectory() + "/swell-golden-" + name
            try? FileManager.default.removeItem(atPath: kept)
            try FileManager.default.copyItem(atPath: directory.path, toPath: kept)
            let report = "\(name): SwellRender against rsvg-convert: frame \(outcome.comparison); "
                + "SVG document \(outcome.document); pictures in \(kept)"
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
        return outcome
    }
}
