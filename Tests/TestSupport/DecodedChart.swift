import Foundation

/// An 8-bit RGB image decoded by FFmpeg, with what the chart tests read in
/// it: the plot frame found from the axes alone, and where a curve of a
/// known colour passes.
public struct DecodedRGB: Sendable {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// `file` decoded by FFmpeg (its RGBA, alpha dropped, as
    /// `-pix_fmt rgb24` drops it), at the size `ffprobe` reads from it.
    public init(decoding file: URL) throws {
        let probe = try Subprocess.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                   "stream=width,height", "-of", "csv=p=0:s=x", file.path])
            .requireSuccess()
        let size = probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x")
            .compactMap { Int($0) }
        guard size.count == 2 else { throw DecodingError("ffprobe read no size from \(file.lastPathComponent): \(probe)") }
        let rgba = try SoundFileFixtures.ffmpegRGBA(file.path)
        guard rgba.count == size[0] * size[1] * 4 else {
            throw DecodingError("ffmpeg gave \(rgba.count) bytes for \(size[0])x\(size[1]) RGBA pixels")
        }
        let rgb = (0..<size[0] * size[1]).flatMap { rgba[$0 * 4 ..< $0 * 4 + 3] }
        self.init(width: size[0], height: size[1], bytes: rgb)
    }

    public struct DecodingError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = (y * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// Ink: axes, ticks and text, darker than any curve colour's channels.
    public func isDark(x: Int, y: Int) -> Bool {
        let pixel = self[x, y]
        return pixel.red < 100 && pixel.green < 100 && pixel.blue < 100
    }

    /// How much of the pixel a stroke of `color` over white covers, by the
    /// channel with the most contrast to white: 0 for white, 1 for the
    /// colour itself.
    public func coverage(of color: (red: Int, green: Int, blue: Int), x: Int, y: Int) -> Double {
        let found = self[x, y]
        let channels = [(found.red, color.red), (found.green, color.green), (found.blue, color.blue)]
        let (value, target) = channels.max { (255 - $0.1) < (255 - $1.1) }!
        return Double(255 - value) / Double(255 - target)
    }

    /// Whether the pixel is white mixed with `color` alone: every channel
    /// at the same coverage, within `tolerance` levels.
    public func isMix(of color: (red: Int, green: Int, blue: Int), x: Int, y: Int, tolerance: Double = 3) -> Bool {
        let found = self[x, y], covered = coverage(of: color, x: x, y: y)
        return [(found.red, color.red), (found.green, color.green), (found.blue, color.blue)].allSatisfy { value, target in
            abs(Double(value) - (255 - covered * Double(255 - target))) <= tolerance
        }
    }

    /// The centre of a curve of `color` in column `x` between rows `rows`:
    /// the rows' centres weighted by coverage, in pixels from the top; nil
    /// where the column has no such ink.
    public func curveCentre(of color: (red: Int, green: Int, blue: Int), x: Int, rows: Range<Int>) -> Double? {
        var weight = 0.0, sum = 0.0
        for y in rows where isMix(of: color, x: x, y: y) {
            let covered = coverage(of: color, x: x, y: y)
            weight += covered
            sum += covered * (Double(y) + 0.5)
        }
        return weight > 0.5 ? sum / weight : nil
    }
}

/// The plot area found from the pixels alone: the y axis is the longest
/// vertical dark run, the x axis the longest horizontal one. By the chart
/// layout's convention (docs/cli.md#curve) the plot's left edge is the right
/// edge of the y axis column and its bottom edge the top edge of the x axis
/// row; data maps linearly from the bottom-left corner to the top-right one.
public struct PlotFrame: Sendable {
    public var left: Int, right: Int, top: Int, bottom: Int

    public init(_ image: DecodedRGB) throws {
        func longestRun(count: Int, isDark: (Int) -> Bool) -> (start: Int, length: Int) {
            var best = (start: 0, length: 0)
            var start = 0
            for index in 0...count {
                if index < count && isDark(index) { continue }
                if index - start > best.length { best = (start, index - start) }
                start = index + 1
            }
            return best
        }
        let columns = (0..<image.width).map { x in (x, longestRun(count: image.height) { image.isDark(x: x, y: $0) }) }
        let rows = (0..<image.height).map { y in (y, longestRun(count: image.width) { image.isDark(x: $0, y: y) }) }
        let yAxis = columns.max { $0.1.length < $1.1.length }!
        let xAxis = rows.max { $0.1.length < $1.1.length }!
        guard yAxis.1.length > image.height / 2, xAxis.1.length > image.width / 2 else {
            throw DecodedRGB.DecodingError("no axes: longest runs \(yAxis.1.length) down, \(xAxis.1.length) across")
        }
        left = yAxis.0 + 1
        top = yAxis.1.start
        bottom = xAxis.0
        right = xAxis.1.start + xAxis.1.length
        // The axes meet: each line's run passes through the other.
        guard (yAxis.1.start..<(yAxis.1.start + yAxis.1.length)).contains(bottom),
              (xAxis.1.start..<right).contains(yAxis.0) else {
            throw DecodedRGB.DecodingError("the axes do not meet: \(yAxis), \(xAxis)")
        }
    }

    /// The pixel position of the data point `(x, y)` on axes running
    /// `0…xMaximum` and `0…yMaximum`.
    public func position(x: Double, y: Double, xMaximum: Double, yMaximum: Double) -> (x: Double, y: Double) {
        (Double(left) + x / xMaximum * Double(right - left), Double(bottom) - y / yMaximum * Double(bottom - top))
    }

    /// The data x at the centre of pixel column `column`.
    public func value(atColumn column: Int, xMaximum: Double) -> Double {
        (Double(column) + 0.5 - Double(left)) / Double(right - left) * xMaximum
    }
}
