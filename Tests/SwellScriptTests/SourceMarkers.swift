import SwellScript

/// Test sources with the expected error positions marked in the text by
/// `‸`, placed right before the offending token. The markers are removed
/// and their lines and columns computed here, by counting line feeds and
/// Unicode scalars — independently of the parser under test.
struct MarkedSource {
    static let marker: Unicode.Scalar = "‸"

    /// The text without markers.
    let text: String
    /// Where each marker was, in order.
    let locations: [SourceLocation]

    init(_ marked: String) {
        var text = ""
        var locations: [SourceLocation] = []
        var line = 1
        var column = 1
        for scalar in marked.unicodeScalars {
            if scalar == Self.marker {
                locations.append(SourceLocation(line: line, column: column))
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.text = text
        self.locations = locations
    }

    /// The single marked location.
    var location: SourceLocation {
        precondition(locations.count == 1, "expected exactly one ‸ marker")
        return locations[0]
    }
}
