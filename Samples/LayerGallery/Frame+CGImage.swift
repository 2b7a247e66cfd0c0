import Foundation
import SwellCore
import SwellRender

extension CGImage {
    /// The pixels of a rendered frame as an image for `contents`: both are
    /// premultiplied, so each ARGB32 word becomes RGBA bytes unchanged.
    init(_ frame: Frame) {
        var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        frame.withUnsafePixels { words in
            for (i, word) in words.enumerated() {
                bytes[4 * i] = UInt8(truncatingIfNeeded: word >> 16)
                bytes[4 * i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                bytes[4 * i + 2] = UInt8(truncatingIfNeeded: word)
                bytes[4 * i + 3] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
        self.init(width: frame.width, height: frame.height, pixels: bytes)!
    }

    /// A picture drawn by a layer tree: `draw` fills a transparent
    /// `width` × `height`-point layer, rendered at `scale` pixels per point
    /// — the image files the guide's projects bundle, made here.
    static func drawn(width: Int, height: Int, scale: Double = 1, _ draw: (CALayer) -> Void) -> CGImage {
        CGImage(renderLayerTree(width: width, height: height, scale: scale, renderer: Renderer(), build: draw))
    }
}
