import Foundation
import SwellCore
@testable import SwellRender

/// Layer trees hosted headless and rendered, and what the tests measure in
/// the pixels.
enum RenderFixtures {
    /// A root layer filling a `width` × `height` canvas, transparent.
    static func root(width: CGFloat, height: CGFloat) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: width / 2, y: height / 2)
        return root
    }

    /// A layer whose frame is `frame` in its superlayer, filled with `color`.
    static func layer(frame: CGRect, color: CGColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// The committed snapshot of a tree rooted at `root`, hosted on a
    /// manual clock at time 0.
    static func snapshot(of root: CALayer) -> (HeadlessHost, RenderSnapshot) {
        let host = HeadlessHost(rootLayer: root)
        CATransaction.flush()
        return (host, host.latestSnapshot!)
    }

    /// `root`'s tree rendered at time 0 on a canvas of the root's size.
    static func render(_ root: CALayer, scale: Double = 1, background: CGColor? = nil,
                       renderer: Renderer = Renderer()) -> Frame {
        let (_, snapshot) = snapshot(of: root)
        let canvas = Canvas(width: Int(root.bounds.width), height: Int(root.bounds.height), scale: scale,
                            backgroundColor: background)
        return renderer.render(snapshot, at: 0, into: canvas)
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor.white
}

extension Frame {
    /// How many pixels satisfy `predicate`.
    func count(where predicate: (PremultipliedPixel) -> Bool) -> Int {
        var n = 0
        for y in 0..<height {
            for x in 0..<width where predicate(pixel(x: x, y: y)) { n += 1 }
        }
        return n
    }

    /// The sum of every pixel's alpha.
    var alphaSum: Double {
        withUnsafePixels { $0.reduce(0.0) { $0 + Double($1 >> 24) } }
    }

    /// The largest difference of any component of any pixel between two
    /// frames of one size.
    func maximumDifference(from other: Frame) -> Int {
        precondition(width == other.width && height == other.height)
        var worst = 0
        withUnsafePixels { a in
            other.withUnsafePixels { b in
                for i in 0..<a.count where a[i] != b[i] {
                    for shift in stride(from: 0, to: 32, by: 8) {
                        worst = max(worst, abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)))
                    }
                }
            }
        }
        return worst
    }
}

extension PremultipliedPixel {
    static let transparent = PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 0)
    static func opaque(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> PremultipliedPixel {
        PremultipliedPixel(red: red, green: green, blue: blue, alpha: 255)
    }
}
