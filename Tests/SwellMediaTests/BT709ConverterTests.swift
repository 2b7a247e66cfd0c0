import Testing
import TestSupport
@testable import SwellMedia

/// The 4:2:0 conversion against ITU-R BT.709's equations evaluated in
/// double precision: E′Y = 0.2126 R + 0.7152 G + 0.0722 B, Cb = (B − Y) /
/// 1.8556, Cr = (R − Y) / 1.5748, quantised to video range (Y′ = 16 + 219
/// E′Y, C = 128 + 224 E′C) and rounded; chroma the mean of each 2×2 block.
@Suite struct BT709ConverterTests {
    private struct Planes {
        var luma: [UInt8], cb: [UInt8], cr: [UInt8]
    }

    /// Converts `pixels` (0xAARRGGBB words, rows of `width`).
    private func convert(_ pixels: [UInt32], width: Int, height: Int) -> Planes {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        var planes = Planes(luma: Array(repeating: 0, count: width * height),
                            cb: Array(repeating: 0, count: chromaWidth * chromaHeight),
                            cr: Array(repeating: 0, count: chromaWidth * chromaHeight))
        planes.luma.withUnsafeMutableBufferPointer { luma in
            planes.cb.withUnsafeMutableBufferPointer { cb in
                planes.cr.withUnsafeMutableBufferPointer { cr in
                    BT709Converter().convert(pixels, width: width, height: height, luma: luma.baseAddress!,
                                             lumaStride: width, cb: cb.baseAddress!, cr: cr.baseAddress!,
                                             chromaStride: chromaWidth)
                }
            }
        }
        return planes
    }

    /// The standard's values for red, green and blue in 0…255.
    private func reference(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
        let y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
        return (16 + 219 * y, 128 + 224 * (b / 255 - y) / 1.8556, 128 + 224 * (r / 255 - y) / 1.5748)
    }

    private func channels(_ word: UInt32) -> (Double, Double, Double) {
        (Double(word >> 16 & 0xFF), Double(word >> 8 & 0xFF), Double(word & 0xFF))
    }

    @Test("white, black and the primaries land on the standard's codes: 235/128/128, 16/128/128, red 63/102/240")
    func namedColours() {
        let words: [UInt32] = [0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
        for word in words {
            let planes = convert(Array(repeating: word, count: 4), width: 2, height: 2)
            let (r, g, b) = channels(word)
            let expected = reference(r, g, b)
            #expect(planes.luma == Array(repeating: UInt8(expected.y.rounded()), count: 4), "\(word)")
            #expect(planes.cb == [UInt8(expected.cb.rounded())] && planes.cr == [UInt8(expected.cr.rounded())], "\(word)")
        }
        #expect(convert(Array(repeating: 0xFFFF_0000, count: 4), width: 2, height: 2).cr == [240])
    }

    @Test("random pictures, even and odd sizes, wide enough for the vector path: every sample within 1 of the standard's",
          arguments: [(18, 6), (17, 5), (1, 1), (33, 2)])
    func randomPictures(width: Int, height: Int) {
        var generator = SplitMix64(seed: UInt64(width * 100 + height))
        let pixels = (0 ..< width * height).map { _ in UInt32(truncatingIfNeeded: generator.next()) | 0xFF00_0000 }
        let planes = convert(pixels, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = channels(pixels[y * width + x])
                #expect(abs(Double(planes.luma[y * width + x]) - reference(r, g, b).y) <= 0.5 + 1e-9, "luma (\(x), \(y))")
            }
        }
        let chromaWidth = (width + 1) / 2
        for cy in 0 ..< (height + 1) / 2 {
            for cx in 0..<chromaWidth {
                // The block's pixels, an odd edge's repeated.
                var sum = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let (r, g, b) = channels(pixels[min(2 * cy + dy, height - 1) * width + min(2 * cx + dx, width - 1)])
                    sum = (sum.0 + r / 4, sum.1 + g / 4, sum.2 + b / 4)
                }
                let expected = reference(sum.0, sum.1, sum.2)
                #expect(abs(Double(planes.cb[cy * chromaWidth + cx]) - expected.cb) <= 0.5 + 1e-3, "cb (\(cx), \(cy))")
                #expect(abs(Double(planes.cr[cy * chromaWidth + cx]) - expected.cr) <= 0.5 + 1e-3, "cr (\(cx), \(cy))")
            }
        }
    }
}
