import Foundation
import CCairo
import SwellCore

extension ImageSurface {
    /// A surface holding `image`'s pixels: premultiplied RGBA8 bytes
    /// become Cairo's premultiplied ARGB32 words.
    convenience init(_ image: CGImage) {
        self.init(width: image.width, height: image.height)
        let stride = self.stride
        withMutableBytes { bytes in
            image.pixels.withUnsafeBufferPointer { rgba in
                for y in 0..<image.height {
                    let row = UnsafeMutableRawPointer(bytes + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<image.width {
                        let i = y * image.bytesPerRow + 4 * x
                        row[x] = UInt32(rgba[i + 3]) << 24 | UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8
                            | UInt32(rgba[i + 2])
                    }
                }
            }
        }
    }
}
