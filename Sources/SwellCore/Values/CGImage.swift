import Foundation

/// A bitmap image, as Core Graphics' `CGImage` names it: what a layer's
/// `contents` holds to show a picture.
///
/// A value: width × height pixels of 8-bit red, green, blue and alpha, the
/// colour premultiplied by alpha, sRGB, rows top to bottom, in one of the
/// two byte orders Core Graphics' `CGImageByteOrderInfo` names for them:
/// r, g, b, a (`premultipliedLast`, the default order), which a PNG or
/// JPEG decoder (in the render module, not here) produces in one pass; or
/// 32-bit little-endian words 0xAARRGGBB, bytes b, g, r, a
/// (`premultipliedFirst` with `order32Little`), Core Graphics' and Cairo's
/// own layout, which a renderer draws without converting — what a video's
/// frames are converted to. Being `Sendable`, an image travels in render
/// snapshots to the rendering thread; copies share the pixel buffer until
/// one is changed.
public struct CGImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `bytesPerRow × height` bytes, row after row from the top; each pixel
    /// four bytes in ``byteOrderInfo``'s order, r, g, b premultiplied by a.
    public let pixels: [UInt8]
    /// The order of a pixel's bytes.
    public let byteOrderInfo: CGImageByteOrderInfo

    /// An image from premultiplied pixels in `byteOrder` (r, g, b, a unless
    /// said), or nil when `pixels` does not hold exactly
    /// `width × height × 4` bytes or a size is negative.
    public init?(width: Int, height: Int, pixels: [UInt8], byteOrder: CGImageByteOrderInfo = .orderDefault) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        byteOrderInfo = byteOrder
    }

    /// Bits per colour component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row: `4 × width`, rows are not padded.
    public var bytesPerRow: Int { 4 * width }

    /// The pixel at column `x`, row `y` (from the top), premultiplied.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = y * bytesPerRow + 4 * x
        switch byteOrderInfo {
        case .orderDefault: return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        case .order32Little: return (pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
        }
    }

    /// The part of the image inside `rect` (in pixels, origin top-left),
    /// as Core Graphics' `cropping(to:)`: the rectangle is rounded out to
    /// whole pixels and cut to the image; nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        let cut = rect.standardized.integral.intersection(whole)
        guard !cut.isNull, cut.width > 0, cut.height > 0 else { return nil }
        let x0 = Int(cut.minX), y0 = Int(cut.minY), w = Int(cut.width), h = Int(cut.height)
        var cropped: [UInt8] = []
        cropped.reserveCapacity(w * h * 4)
        for row in y0..<(y0 + h) {
            let start = row * bytesPerRow + 4 * x0
            cropped.append(contentsOf: pixels[start..<(start + 4 * w)])
        }
        return CGImage(width: w, height: h, pixels: cropped, byteOrder: byteOrderInfo)
    }
}

/// The order of a ``CGImage``'s pixel bytes, of Core Graphics' byte orders
/// the two its images are made in.
public enum CGImageByteOrderInfo: Sendable, Hashable {
    /// r, g, b, a: the bytes in component order, alpha last
    /// (`premultipliedLast`).
    case orderDefault
    /// Each pixel a little-endian 32-bit word, alpha in the top byte
    /// (`premultipliedFirst`): bytes b, g, r, a.
    case order32Little
}
