/// Writes an axis tick `significand · 10^exponent` as short, exact text.
///
/// Working from the integer significand rather than the `Double` keeps labels
/// free of binary rounding noise (`0.3`, never `0.30000000000000004`) and
/// makes them identical on every platform.
enum TickLabel {
    /// Plain decimal notation without trailing zeros: `(15, -1)` → `1.5`,
    /// `(10, -1)` → `1`, `(-5, -2)` → `-0.05`, `(3, 2)` → `300`.
    static func decimal(significand: Int, exponent: Int) -> String {
        let sign = significand < 0 ? "-" : ""
        var digits = String(significand.magnitude)
        if exponent >= 0 {
            return significand == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent)
        }
        let fractionLength = -exponent
        if digits.count <= fractionLength {
            digits = String(repeating: "0", count: fractionLength - digits.count + 1) + digits
        }
        let integerPart = digits.dropLast(fractionLength)
        let fractionPart = digits.suffix(fractionLength).reversed().drop { $0 == "0" }.reversed()
        if fractionPart.isEmpty {
            return significand == 0 ? "0" : sign + integerPart
        }
        return sign + integerPart + "." + String(fractionPart)
    }

    /// Exponent notation as ECMAScript's `Number.prototype.toString` writes
    /// it: one digit before the point, no trailing zeros, an explicit sign on
    /// the exponent. `(25, 5)` → `2.5e+6`, `(5, -7)` → `5e-7`, `(0, 6)` → `0`.
    static func exponential(significand: Int, exponent: Int) -> String {
        guard significand != 0 else { return "0" }
        let sign = significand < 0 ? "-" : ""
        let digits = String(significand.magnitude)
        let power = exponent + digits.count - 1
        let fraction = digits.dropFirst().reversed().drop { $0 == "0" }.reversed()
        let mantissa = fraction.isEmpty ? String(digits.prefix(1)) : digits.prefix(1) + "." + String(fraction)
        return sign + mantissa + "e" + (power < 0 ? "-" : "+") + String(power.magnitude)
    }
}
