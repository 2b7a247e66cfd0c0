import Foundation
import CCairo
import SwellCore

/// One premultiplied pixel: each colour component is already multiplied by
/// alpha, as Cairo and Core Animation composite.
public struct PremultipliedPixel: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Cairo's ARGB32 word: alpha in the high byte, blue in the low one.
    init(argb word: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: word >> 16), green: UInt8(truncatingIfNeeded: word >> 8),
                  blue: UInt8(truncatingIfNeeded: word), alpha: UInt8(truncatingIfNeeded: word >> 24))
    }
}

/// A rendered frame: premultiplied ARGB32 pixels, rows top to bottom.
///
/// Immutable once ``Renderer/render(_:at:into:)`` returns it, so any thread
/// may read it or write it as a PNG.
public final class Frame: Sendable {
    /// The canvas the frame was rendered for.
    public let canvas: Canvas
    let surface: ImageSurface

    init(canvas: Canvas, surface: ImageSurface) {
        self.canvas = canvas
        self.surface = surface
    }

    /// The size in pixels.
    public var width: Int { surface.width }
    public var height: Int { surface.height }

    /// The pixel in column `x`, row `y` (0 at the top).
    public func pixel(x: Int, y: Int) -> PremultipliedPixel {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the frame")
        return surface.withBytes { bytes in
            let row = UnsafeRawPointer(bytes + y * surface.stride)
            return PremultipliedPixel(argb: row.load(fromByteOffset: x * 4, as: UInt32.self))
        }
    }

    /// Calls `body` with the pixels as Cairo's native-endian ARGB32 words,
    /// row after row, `width` words each (Cairo's ARGB32 rows have no
    /// padding).
    public func withUnsafePixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        precondition(surface.stride == width * 4, "ARGB32 rows are unpadded")
        cairo_surface_flush(surface.pointer)
        let words = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!)
            .assumingMemoryBound(to: UInt32.self)
        return try body(UnsafeBufferPointer(start: words, count: width * height))
    }
}
