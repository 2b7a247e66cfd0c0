import Foundation
import TestSupport
import Testing

/// A PNG decoder independent of Swell: Python's `zlib` and `struct` reading
/// the file as the PNG specification lays it out (chunks, CRC-32s, IHDR,
/// inflated IDAT, the five scanline filters).
enum PythonPNGDecoder {
    /// What the decoder found besides the pixels.
    struct Report: Decodable {
        var signatureIsValid: Bool
        var chunkTypes: [String]
        var crcsAreValid: Bool
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlace: Int
        var alphaIsOpaque: Bool
    }

    /// Decodes `file`, returning the report and the pixels as 8-bit RGB.
    static func decode(_ file: URL, in directory: URL) throws -> (Report, DecodedRGB) {
        let raw = directory.appendingPathComponent(file.lastPathComponent + ".python.rgb")
        let result = try Subprocess.run("python3", ["-c", script, file.path, raw.path])
        try #require(result.status == 0, "python3 could not decode \(file.lastPathComponent): \(result.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: result.outputData)
        let image = DecodedRGB(width: report.width, height: report.height, bytes: Array(try Data(contentsOf: raw)))
        return (report, image)
    }

    private static let script = #"""
import json, struct, sys, zlib

data = open(sys.argv[1], "rb").read()
report = {"signatureIsValid": data[:8] == b"\x89PNG\r\n\x1a\n", "chunkTypes": [], "crcsAreValid": True}
position, idat = 8, b""
while position < len(data):
    (length,) = struct.unpack(">I", data[position:position + 4])
    kind = data[position + 4:position + 8]
    body = data[position + 8:position + 8 + length]
    (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
    report["crcsAreValid"] &= zlib.crc32(kind + body) & 0xFFFFFFFF == crc
    report["chunkTypes"].append(kind.decode("ascii"))
    if kind == b"IHDR":
        width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
        report.update(width=width, height=height, bitDepth=depth, colorType=color, interlace=interlace)
    elif kind == b"IDAT":
        idat += body
    position += 12 + length

channels = {2: 3, 6: 4}[report["colorType"]]
assert report["bitDepth"] == 8 and report["interlace"] == 0
stride = width * channels
scanlines = zlib.decompress(idat)
assert len(scanlines) == (stride + 1) * height
previous, rows = bytearray(stride), []
for y in range(height):
    kind = scanlines[y * (stride + 1)]
    line = bytearray(scanlines[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    if kind == 2:
        line = bytearray((x + b) & 0xFF for x, b in zip(line, previous))
    elif kind != 0:
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                predictor = a
            elif kind == 3:
                predictor = (a + b) // 2
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            else:
                raise ValueError("filter type %d" % kind)
            line[i] = (line[i] + predictor) & 0xFF
    rows.append(bytes(line))
    previous = line

pixels = b"".join(rows)
report["alphaIsOpaque"] = channels == 3 or all(v == 255 for v in pixels[3::4])
if channels == 4:
    pixels = b"".join(pixels[i:i + 3] for i in range(0, len(pixels), 4))
open(sys.argv[2], "wb").write(pixels)
print(json.dumps(report))
"""#
}
