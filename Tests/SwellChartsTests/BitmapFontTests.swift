import Testing
@testable import SwellCharts

@Suite struct BitmapFontTests {
    let font = BitmapFont(scale: 2)

    func inkRows(_ character: Character) -> Set<Int> {
        let glyph = font.glyph(for: character)
        return Set((0..<BitmapFont.rows).filter { row in
            (0..<BitmapFont.columns).contains { glyph.isSet(column: $0, row: row) }
        })
    }

    @Test func everyPrintableASCIICharacterHasItsOwnGlyph() {
        let characters = (33...126).map { Character(Unicode.Scalar(UInt8($0))) }
        for character in characters {
            #expect(BitmapFont.glyphs[character] != nil, "no glyph for \(character)")
            #expect(!inkRows(character).isEmpty, "\(character) is blank")
        }
        // No two characters look alike, so `0`/`O` and `1`/`l`/`I` differ.
        for (index, character) in characters.enumerated() {
            for other in characters[(index + 1)...] {
                #expect(font.glyph(for: character) != font.glyph(for: other), "\(character) looks like \(other)")
            }
        }
        #expect(inkRows(" ").isEmpty)
    }

    /// Digits and capitals stand on the baseline and reach the cap height;
    /// lowercase letters keep to their zones.
    @Test func glyphsKeepToTheirRows() {
        for character in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            #expect(inkRows(character) == Set(0...6), "\(character) rows \(inkRows(character).sorted())")
        }
        for character in "acemnorsuvwxz" {
            #expect(inkRows(character) == Set(2...6), "\(character) rows \(inkRows(character).sorted())")
        }
        for character in "gpqy" {
            #expect(inkRows(character) == Set(2...8), "\(character) rows \(inkRows(character).sorted())")
        }
        for character in "bdhklt" {
            #expect(inkRows(character).min() == 0 && inkRows(character).max() == 6, "\(character)")
        }
    }

    @Test func unknownCharactersDrawAsQuestionMarks() {
        #expect(font.glyph(for: "é") == font.glyph(for: "?"))
        #expect(font.glyph(for: "🔊") == font.glyph(for: "?"))
    }

    @Test func metricsFollowTheScale() {
        let metrics = BitmapFont(scale: 3).metrics
        #expect(metrics.advance == 18)
        #expect(metrics.capHeight == 21)
        #expect(metrics.descent == 6)
    }

    /// The box of the pixels `draw` inks.
    func inkBox(_ text: String, x: Double, baseline: Double, anchor: RasterImage.TextAnchor, rotated: Bool)
        -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)?
    {
        var image = RasterImage(width: 120, height: 60, color: ChartColor(red: 255, green: 255, blue: 255))
        image.draw(text, font: font, x: x, baseline: baseline, anchor: anchor, rotated: rotated,
                   color: ChartColor(red: 0, green: 0, blue: 0))
        let inked = (0..<(120 * 60)).filter { image.pixels[$0 * 3] == 0 }
        guard !inked.isEmpty else { return nil }
        let columns = inked.map { $0 % 120 }
        let rows = inked.map { $0 / 120 }
        return (columns.min()!...columns.max()!, rows.min()!...rows.max()!)
    }

    /// `1` inks font columns 1–3 and rows 0–6 of its cell; at scale 2 each is
    /// two pixels, with row 6 ending on the baseline.
    @Test func textIsPlacedOnItsBaseline() throws {
        let box = try #require(inkBox("1", x: 20, baseline: 30, anchor: .start, rotated: false))
        #expect(box.columns == 22...27)
        #expect(box.rows == 16...29)
    }

    /// Rotated a quarter turn anticlockwise about (20, 30): the text runs up
    /// from y = 30 and stands left of x = 20.
    @Test func rotatedTextReadsBottomToTop() throws {
        let box = try #require(inkBox("1", x: 20, baseline: 30, anchor: .start, rotated: true))
        #expect(box.rows == 22...27)
        #expect(box.columns == 6...19)
    }

    /// "11" is 11 font columns wide without the spacing after the last
    /// character (22 pixels); its inked part spans font columns 1…9.
    @Test func anchorsAlignTheInkedWidth() throws {
        let end = try #require(inkBox("11", x: 100, baseline: 30, anchor: .end, rotated: false))
        #expect(end.columns == (100 - 22 + 2)...(100 - 22 + 19))
        let middle = try #require(inkBox("11", x: 60, baseline: 30, anchor: .middle, rotated: false))
        #expect(middle.columns == (60 - 11 + 2)...(60 - 11 + 19))
    }
}
