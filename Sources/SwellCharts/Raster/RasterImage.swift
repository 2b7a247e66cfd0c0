/// An 8-bit RGB image in memory, the canvas PNG charts are painted on.
///
/// Pixel `(x, y)` covers the square from `(x, y)` to `(x + 1, y + 1)` in
/// canvas coordinates, so its centre is `(x + 0.5, y + 0.5)`. Every drawing
/// operation clips to the image.
struct RasterImage {
    let width: Int
    let height: Int
    /// Rows top to bottom, each `width` pixels of red, green, blue.
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, color: ChartColor) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height * 3)
        fill(x: 0, y: 0, width: width, height: height, color: color)
    }

    /// Paints the whole pixels of a rectangle, clipped to the image.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: ChartColor) {
        let columns = max(0, x)..<min(self.width, x + width)
        let rows = max(0, y)..<min(self.height, y + height)
        for row in rows {
            for column in columns {
                let offset = (row * self.width + column) * 3
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
    }

    /// Covers `coverage` (0…1) of a pixel with `color`, over what is there.
    ///
    /// Partial coverage mixes the colours in proportion to the covered area,
    /// which is what makes edges look smooth (anti-aliasing by area
    /// sampling).
    mutating func blend(x: Int, y: Int, color: ChartColor, coverage: Double) {
        guard (0..<width).contains(x), (0..<height).contains(y), coverage > 0 else { return }
        let amount = min(coverage, 1)
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8((Double(old) + (Double(new) - Double(old)) * amount).rounded())
        }
        let offset = (y * width + x) * 3
        pixels[offset] = mix(pixels[offset], color.red)
        pixels[offset + 1] = mix(pixels[offset + 1], color.green)
        pixels[offset + 2] = mix(pixels[offset + 2], color.blue)
    }
}
