import Foundation

/// `"canvas"`: its size, scale and background, checked against the limits
/// of ``Canvas``: a side of at most ``Canvas/maximumPixels`` pixels, as the
/// renderer counts them.
extension ScriptDecoder {
    func decodeCanvas(_ value: JSONValue) throws(Diagnostic) -> Canvas {
        let object = try JSONObjectReader(value, as: "canvas")
        try object.rejectUnknownKeys(allowed: ["width", "height", "scale", "backgroundColor"])
        func side(_ key: String) throws(Diagnostic) -> Int {
            let value = try object.required(key)
            let number = try value.number(key)
            guard number >= 1, number.rounded() == number, number <= Double(Canvas.maximumPixels) else {
                throw Diagnostic("\"\(key)\" must be a whole number of points from 1 to \(Canvas.maximumPixels)",
                                 at: value.location)
            }
            return Int(number)
        }
        var canvas = Canvas(width: try side("width"), height: try side("height"))
        if let scale = object["scale"] {
            canvas.scale = try scale.number("scale")
            guard canvas.scale > 0, canvas.scale.isFinite else {
                throw Diagnostic("\"scale\" must be a positive number of pixels per point", at: scale.location)
            }
            if let problem = canvas.sizeProblem { throw Diagnostic(problem, at: scale.location) }
        }
        if let background = object["backgroundColor"] {
            canvas.backgroundColor = try decodeColor(background, key: "backgroundColor")
        }
        return canvas
    }

    /// A colour in either of its forms (``ColorSyntax``).
    func decodeColor(_ value: JSONValue, key: String) throws(Diagnostic) -> CGColor {
        let components: [Double]
        switch value.kind {
        case .string(let text):
            do throws(ValueSyntaxError) { return try ColorSyntax.color(parsing: text) } catch {
                throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
            }
        case .array:
            components = try value.numbers(key)
        default:
            throw Diagnostic("\(key.quotedForMessage) must be a colour, \"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a], "
                             + "not \(value.kindDescription)", at: value.location)
        }
        do throws(ValueSyntaxError) { return try ColorSyntax.color(components: components) } catch {
            throw Diagnostic("\(key.quotedForMessage): \(error)", at: value.location)
        }
    }
}
