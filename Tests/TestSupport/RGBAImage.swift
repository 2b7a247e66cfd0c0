import Foundation

/// An 8-bit image with premultiplied alpha, RGBA byte order, rows top to
/// bottom: the common form two renderers' pictures are compared in.
///
/// Premultiplied, because that is what a compositor produces and what
/// matters on screen: a pixel that is almost transparent differs little
/// whatever its colour, as it does when composited.
public struct RGBAImage: Sendable {
    public var width: Int
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha; colour already
    /// multiplied by alpha.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "\(bytes.count) bytes for \(width)x\(height) RGBA pixels")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The PNG at `path`, decoded by FFmpeg (`-f rawvideo -pix_fmt rgba`,
    /// straight alpha as PNG stores it) and premultiplied, rounding to the
    /// nearest level as Cairo does. `width` and `height` are what the file
    /// must hold.
    public init(decodingPNG path: String, width: Int, height: Int) throws {
        let straight = try SoundFileFixtures.ffmpegRGBA(path)
        guard straight.count == width * height * 4 else {
            throw TestSupportError("ffmpeg decoded \(straight.count) bytes from \(path), not \(width)x\(height) RGBA pixels")
        }
        var bytes = straight
        for pixel in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = Int(straight[pixel + 3])
            for channel in 0..<3 {
                bytes[pixel + channel] = UInt8((Int(straight[pixel + channel]) * alpha + 127) / 255)
            }
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// The four components of the pixel in column `x`, row `y`.
    public subscript(x: Int, y: Int) -> [Int] {
        let offset = (y * width + x) * 4
        return bytes[offset..<offset + 4].map(Int.init)
    }

    /// The sum of every pixel's alpha, in levels: how much ink there is.
    public var alphaSum: Int {
        stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + Int(bytes[$1]) }
    }

    /// The smallest rectangle, in whole pixels, holding every pixel whose
    /// alpha exceeds `threshold`; nil when none does.
    public func inkBox(alphaAbove threshold: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where Int(bytes[(y * width + x) * 4 + 3]) > threshold {
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// The first column of each run of columns holding a pixel whose alpha
    /// exceeds `threshold`: in a line of text, where each glyph (or group of
    /// touching glyphs) begins.
    public func inkRunStarts(alphaAbove threshold: Int) -> [Int] {
        var starts = [Int](), previousHadInk = false
        for x in 0..<width {
            let hasInk = (0..<height).contains { Int(bytes[($0 * width + x) * 4 + 3]) > threshold }
            if hasInk && !previousHadInk { starts.append(x) }
            previousHadInk = hasInk
        }
        return starts
    }
}
