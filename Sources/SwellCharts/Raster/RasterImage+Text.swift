extension RasterImage {
    /// Which point of a line of text its position names.
    enum TextAnchor {
        case start, middle, end
    }

    /// Letters `text` in `font`, with its baseline through `(x, baseline)`.
    ///
    /// `anchor` says whether `x` is where the text starts, its middle or its
    /// end, as SVG's `text-anchor` does. `rotated` text reads bottom to top,
    /// turned a quarter turn anticlockwise about `(x, baseline)` like SVG's
    /// `rotate(-90)`: the baseline runs up the canvas and the letters stand
    /// to its left. Font pixels are whole canvas pixels, placed at
    /// `(x, baseline)` rounded to the pixel grid, so text stays crisp.
    mutating func draw(
        _ text: String, font: BitmapFont, x: Double, baseline: Double,
        anchor: TextAnchor = .start, rotated: Bool = false, color: ChartColor
    ) {
        let scale = font.scale
        let characters = Array(text)
        // The inked width: the last character has no spacing column after it.
        let inkWidth = max(0, characters.count * BitmapFont.cellAdvance - 1) * scale
        let shift = switch anchor {
        case .start: 0
        case .middle: inkWidth / 2
        case .end: inkWidth
        }
        let originX = Int(x.rounded())
        let originY = Int(baseline.rounded())
        for (index, character) in characters.enumerated() {
            let glyph = font.glyph(for: character)
            for row in 0..<BitmapFont.rows {
                for column in 0..<BitmapFont.columns where glyph.isSet(column: column, row: row) {
                    // The font pixel's corner relative to the text origin, in
                    // the text's own frame: x along the text, y down.
                    let alongText = (index * BitmapFont.cellAdvance + column) * scale - shift
                    let belowBaseline = (row - BitmapFont.ascent) * scale
                    if rotated {
                        fill(x: originX + belowBaseline, y: originY - alongText - scale,
                             width: scale, height: scale, color: color)
                    } else {
                        fill(x: originX + alongText, y: originY + belowBaseline,
                             width: scale, height: scale, color: color)
                    }
                }
            }
        }
    }
}
