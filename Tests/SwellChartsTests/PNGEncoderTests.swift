import Foundation
import Testing
@testable import SwellCharts

@Suite struct PNGEncoderTests {
    /// An image whose rows differ in every byte, in ways that wrap the "Up"
    /// filter's modulo-256 differences, survives encoding and an independent
    /// decoding unchanged.
    @Test func pixelsRoundTripThroughPythonAndFFmpeg() throws {
        var image = RasterImage(width: 37, height: 23, color: ChartColor(red: 0, green: 0, blue: 0))
        for y in 0..<23 {
            for x in 0..<37 {
                let color = ChartColor(
                    red: UInt8((x * 7 + y * 31) % 256), green: UInt8((x * x + 3 * y) % 256),
                    blue: UInt8(255 - (x * y) % 256))
                image.fill(x: x, y: y, width: 1, height: 1, color: color)
            }
        }
        let png = try PNGEncoder.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try PeerTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("gradient.png")
            try png.write(to: file)
            let (report, decoded) = try PythonPNGDecoder.decode(file, in: directory)
            #expect(report.crcsAreValid)
            #expect(report.chunkTypes == ["IHDR", "IDAT", "IEND"])
            #expect(report.width == 37 && report.height == 23 && report.colorType == 2 && report.bitDepth == 8)
            #expect(decoded.bytes == image.pixels)
            #expect(try PeerTool.ffmpegRGB(file, in: directory) == image.pixels)
        }
    }
}
