import SwellCore

/// An opaque 8-bit sRGB colour.
public struct ChartColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour for a layer: each component over 255, which Cairo turns
    /// back into the same 8-bit value.
    var cgColor: CGColor {
        CGColor(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: 1)
    }

    /// The colours given to series in order: Tableau 10 as published by D3
    /// (`d3.schemeCategory10`), chosen to stay distinguishable from each other
    /// on white. The eleventh series reuses the first colour.
    public static let seriesPalette: [ChartColor] = [
        ChartColor(red: 0x1f, green: 0x77, blue: 0xb4),  // blue
        ChartColor(red: 0xff, green: 0x7f, blue: 0x0e),  // orange
        ChartColor(red: 0x2c, green: 0xa0, blue: 0x2c),  // green
        ChartColor(red: 0xd6, green: 0x27, blue: 0x28),  // red
        ChartColor(red: 0x94, green: 0x67, blue: 0xbd),  // purple
        ChartColor(red: 0x8c, green: 0x56, blue: 0x4b),  // brown
        ChartColor(red: 0xe3, green: 0x77, blue: 0xc2),  // pink
        ChartColor(red: 0x7f, green: 0x7f, blue: 0x7f),  // grey
        ChartColor(red: 0xbc, green: 0xbd, blue: 0x22),  // olive
        ChartColor(red: 0x17, green: 0xbe, blue: 0xcf),  // cyan
    ]

    /// The canvas background.
    static let background = ChartColor(red: 0xff, green: 0xff, blue: 0xff)

    /// Axis lines, tick marks and text.
    static let ink = ChartColor(red: 0x26, green: 0x26, blue: 0x26)

    /// Grid lines behind the curves, light enough not to compete with them.
    static let grid = ChartColor(red: 0xe6, green: 0xe6, blue: 0xe6)
}
