/// JSON text of a value: the one writer the control protocol and `swell
/// curve` use, as ``JSONParser`` is the one reader, so that a request or a
/// reply makes one trip through one JSON implementation.
extension JSONValue {
    /// Compact JSON (RFC 8259), members in their order. A number keeps the
    /// literal it was read with; a computed one is written the shortest
    /// way that reads back as the same `Double`.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch kind {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(_, let literal): text += literal
        case .string(let string): text += string.jsonQuoted()
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += member.key.jsonQuoted()
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// A number's literal: whole numbers without a fraction (`2`), others
    /// in Swift's shortest round-trip form (`0.2`, `1e-05`).
    static func literal(_ number: Double) -> String {
        if number == number.rounded(), Swift.abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
