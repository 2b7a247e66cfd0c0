import Foundation

/// A `CGPath` written as SVG path data, the way a scene script gives a shape
/// layer's `path` (docs/scripts.md#values): `"M 10 10 L 90 10 C 90 50 50 90
/// 10 90 Z"`.
///
/// The grammar is SVG 1.1's (§8.3, "The grammar for path data"): every
/// command in absolute (upper-case) and relative (lower-case) form — `M L H V
/// C S Q T A Z` — numbers separated by white space or a comma or by the sign
/// or point that starts the next one, a command's parameters repeated
/// without repeating its letter (after `M`, the repeats are lines), and the
/// arc's flags written as a single `0` or `1` that needs no separator. `S`
/// and `T` reflect the previous curve's last control point, as SVG defines.
/// An elliptical arc becomes cubic Béziers of at most a quarter turn each,
/// from the centre parameterisation of SVG 1.1 appendix F.6; a radius too
/// small for its endpoints is scaled up as F.6.6 says.
public enum PathData {
    /// Parses `text` into a path.
    public static func path(parsing text: String) throws(ValueSyntaxError) -> CGPath {
        var scanner = Scanner(text)
        var builder = Builder()
        var command: Character?
        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek else { break }
            if next.isLetter {
                scanner.advance()
                guard "MmLlHhVvCcSsQqTtAaZz".contains(next) else {
                    throw scanner.failure("unknown command \(String(next).quotedForMessage)")
                }
                guard command != nil || next == "M" || next == "m" else {
                    throw scanner.failure("path data starts with a move, M or m")
                }
                command = next
                if next == "Z" || next == "z" {
                    builder.close()
                    continue
                }
            } else if command == nil {
                throw scanner.failure("path data starts with a move, M or m")
            } else if command == "Z" || command == "z" {
                throw scanner.failure("a number after Z; a new subpath starts with M or m")
            }
            try builder.apply(command!, scanner: &scanner)
            // Parameters repeated after a move are lines.
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
        }
        return builder.path
    }

    /// Turns commands into path elements, keeping what SVG's relative
    /// commands and reflected control points need.
    private struct Builder {
        let path = CGMutablePath()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        /// The second control point of the previous cubic (for `S`) or the
        /// control point of the previous quadratic (for `T`).
        var lastCubicControl: CGPoint?
        var lastQuadControl: CGPoint?

        mutating func close() {
            path.closeSubpath()
            current = subpathStart
            (lastCubicControl, lastQuadControl) = (nil, nil)
        }

        mutating func apply(_ command: Character, scanner: inout Scanner) throws(ValueSyntaxError) {
            let relative = command.isLowercase
            func point() throws(ValueSyntaxError) -> CGPoint {
                let x = try scanner.number(), y = try scanner.number()
                return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
            }
            var cubic: CGPoint?, quad: CGPoint?
            switch command.uppercased() {
            case "M":
                current = try point()
                subpathStart = current
                path.move(to: current)
            case "L":
                current = try point()
                path.addLine(to: current)
            case "H":
                let x = try scanner.number()
                current.x = relative ? current.x + x : x
                path.addLine(to: current)
            case "V":
                let y = try scanner.number()
                current.y = relative ? current.y + y : y
                path.addLine(to: current)
            case "C":
                let c1 = try point(), c2 = try point(), end = try point()
                path.addCurve(to: end, control1: c1, control2: c2)
                (current, cubic) = (end, c2)
            case "S":
                let c1 = reflected(lastCubicControl)
                let c2 = try point(), end = try point()
                path.addCurve(to: end, control1: c1, control2: c2)
                (current, cubic) = (end, c2)
            case "Q":
                let control = try point(), end = try point()
                path.addQuadCurve(to: end, control: control)
                (current, quad) = (end, control)
            case "T":
                let control = reflected(lastQuadControl)
                let end = try point()
                path.addQuadCurve(to: end, control: control)
                (current, quad) = (end, control)
            default:  // "A"
                let rx = try scanner.number(), ry = try scanner.number(), rotation = try scanner.number()
                let large = try scanner.flag(), sweep = try scanner.flag()
                let end = try point()
                EllipticalArc(from: current, to: end, radii: CGSize(width: abs(rx), height: abs(ry)),
                              rotation: rotation * .pi / 180, largeArc: large, sweep: sweep).append(to: path)
                current = end
            }
            (lastCubicControl, lastQuadControl) = (cubic, quad)
        }

        /// The reflection of `control` about the current point, or the
        /// current point when the previous segment was not of the same kind.
        private func reflected(_ control: CGPoint?) -> CGPoint {
            guard let control else { return current }
            return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
        }
    }

    /// Reads numbers and flags of path data, knowing where it is for messages.
    private struct Scanner {
        let text: String
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ text: String) {
            self.text = text
            scalars = Array(text.unicodeScalars)
        }

        var peek: Character? { index < scalars.count ? Character(scalars[index]) : nil }

        mutating func advance() { index += 1 }

        mutating func skipSeparators() {
            while index < scalars.count, scalars[index] == "," || scalars[index].properties.isWhitespace { index += 1 }
        }

        func failure(_ reason: String) -> ValueSyntaxError {
            ValueSyntaxError(subject: "path", value: text, reason: "\(reason) at character \(index + 1)")
        }

        /// A number: an optional sign, digits with an optional point, an
        /// optional exponent — ended by anything that cannot continue it.
        mutating func number() throws(ValueSyntaxError) -> Double {
            skipSeparators()
            let start = index
            func digits() { while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 } }
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            let integerStart = index
            digits()
            var hasDigits = index > integerStart
            if index < scalars.count, scalars[index] == "." {
                index += 1
                let fractionStart = index
                digits()
                hasDigits = hasDigits || index > fractionStart
            }
            guard hasDigits else {
                index = start
                throw failure(peek == nil ? "the path data ends where a number is expected" : "a number is expected")
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                let exponent = index
                index += 1
                if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
                let exponentDigits = index
                digits()
                if index == exponentDigits { index = exponent }
            }
            let written = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let value = Double(written), value.isFinite else {
                index = start
                throw failure("\(written.quotedForMessage) is not a finite number")
            }
            return value
        }

        /// An arc flag: `0` or `1`, which needs no separator after it.
        mutating func flag() throws(ValueSyntaxError) -> Bool {
            skipSeparators()
            guard let next = peek, next == "0" || next == "1" else { throw failure("an arc flag, 0 or 1, is expected") }
            index += 1
            return next == "1"
        }
    }
}
