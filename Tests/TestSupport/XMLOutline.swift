import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The outline of an XML document, by Foundation's XMLParser, which also
/// checks the whole document is well-formed: the root element, its
/// attributes, and how many elements of each name there are.
public final class XMLOutline: NSObject, XMLParserDelegate {
    public private(set) var root: String?
    public private(set) var rootAttributes: [String: String] = [:]
    /// How many elements of each name there are.
    public private(set) var elements: [String: Int] = [:]
    /// Why the document is not well-formed; nil when it is.
    public private(set) var error: (any Error)?

    public init(data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? error }
    }

    public func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                       attributes: [String: String] = [:]) {
        if root == nil { (root, rootAttributes) = (name, attributes) }
        elements[name, default: 0] += 1
    }

    public func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        error = parseError
    }
}
