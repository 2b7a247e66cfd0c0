import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// An SVG document parsed by Foundation's `XMLParser` into a tree, so the
/// tests read what any XML consumer would read.
final class SVGNode {
    let name: String
    let attributes: [String: String]
    private(set) var children: [SVGNode] = []
    /// The character data directly inside the element, entities decoded.
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Parses `document`, failing the test if it is not well-formed XML.
    static func parse(_ document: String) throws -> SVGNode {
        let parser = XMLParser(data: Data(document.utf8))
        let builder = Builder()
        parser.delegate = builder
        let succeeded = parser.parse()
        try #require(succeeded, "not well-formed XML: \(String(describing: parser.parserError))")
        return try #require(builder.root)
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// This element and all below it, in document order.
    var descendants: [SVGNode] { [self] + children.flatMap(\.descendants) }

    func all(_ name: String, class className: String? = nil) -> [SVGNode] {
        descendants.filter { $0.name == name && (className == nil || $0["class"] == className) }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGNode?
        var stack: [SVGNode] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            let node = SVGNode(name: elementName, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

/// A linear axis recovered from an SVG's tick groups: each `<g class="tick">`
/// is translated to its tick's position and holds the tick's label.
struct SVGAxis {
    /// The tick values read from the labels, and their pixel positions.
    var values: [Double]
    var positions: [Double]

    init(_ axis: SVGNode, horizontal: Bool) throws {
        var values: [Double] = []
        var positions: [Double] = []
        for tick in axis.all("g", class: "tick") {
            let transform = try #require(tick["transform"])
            let arguments = transform.dropFirst("translate(".count).dropLast().split(separator: ",")
            let position = try #require(Double(arguments[horizontal ? 0 : 1]), "transform \(transform)")
            let label = try #require(tick.all("text").first).text
            values.append(try #require(Double(label), "tick label \(label) is not a number"))
            positions.append(position)
        }
        try #require(values.count >= 2, "an axis needs two ticks")
        self.values = values
        self.positions = positions
    }

    /// Pixels per unit, from the first and last tick.
    var pixelsPerUnit: Double {
        (positions.last! - positions.first!) / (values.last! - values.first!)
    }

    /// The value at pixel position `position`.
    func value(at position: Double) -> Double {
        values.first! + (position - positions.first!) / pixelsPerUnit
    }

    /// The pixel position of `value`.
    func position(of value: Double) -> Double {
        positions.first! + (value - values.first!) * pixelsPerUnit
    }
}
