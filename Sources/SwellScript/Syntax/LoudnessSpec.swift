/// The loudness options' values (docs/loudness.md): `--loudness -16LUFS`,
/// a target integrated loudness, and `--true-peak -1dBTP`, the ceiling a
/// loudness gain keeps the true peak under. The unit may follow a space,
/// in any case, or be left out; LKFS is LUFS by its ITU name.
public enum LoudnessSpec {
    /// A target in LUFS, within -70…0 (libebur128's gate is at -70).
    public static func target(parsing text: String) throws(ValueSyntaxError) -> Double {
        try value(text, subject: "loudness", units: ["lufs", "lkfs"], example: "-16LUFS",
                  range: "a target loudness is within -70…0 LUFS")
    }

    /// A true-peak ceiling in dBTP, within -70…0.
    public static func truePeak(parsing text: String) throws(ValueSyntaxError) -> Double {
        try value(text, subject: "true peak", units: ["dbtp"], example: "-1dBTP",
                  range: "a true-peak ceiling is within -70…0 dBTP")
    }

    /// A number in one of `units` (or none), within -70…0.
    private static func value(_ text: String, subject: String, units: [String], example: String,
                              range: String) throws(ValueSyntaxError) -> Double {
        let value = try number(text, subject: subject, units: units, example: example)
        guard value >= -70 && value <= 0 else { throw ValueSyntaxError(subject: subject, value: text, reason: range) }
        return value
    }

    private static func number(_ text: String, subject: String, units: [String],
                               example: String) throws(ValueSyntaxError) -> Double {
        let trimmed = text.trimmingWhitespace
        guard let number = DecimalNumber(prefixOf: trimmed), number.value.isFinite else {
            throw ValueSyntaxError(subject: subject, value: text, reason: "expected a number, such as \(example)")
        }
        let unit = number.rest.trimmingWhitespace.lowercased()
        guard unit.isEmpty || units.contains(unit) else {
            throw ValueSyntaxError(subject: subject, value: text,
                                   reason: "unknown unit \(number.rest.trimmingWhitespace.quotedForMessage); write it as \(example)")
        }
        return number.value
    }
}
