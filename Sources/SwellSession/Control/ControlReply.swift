import Foundation
import SwellScript

/// The one JSON line a request gets back (docs/control.md#replies):
/// `{"ok": true}` with what was asked for, or `{"error": "…"}` with the
/// line and column in the request when the request itself is at fault.
public enum ControlReply {
    public static func success(_ fields: [String: Any] = [:]) -> String {
        encode(fields.merging(["ok": true]) { _, new in new })
    }

    public static func failure(_ message: String, at location: SourceLocation? = nil) -> String {
        var fields: [String: Any] = ["error": message]
        if let location {
            fields["line"] = location.line
            fields["column"] = location.column
        }
        return encode(fields)
    }

    private static func encode(_ fields: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else {
            return #"{"error":"the reply could not be encoded"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
