import CMPRIS
import CSystemd
import Glibc

/// A value of an MPRIS property, in D-Bus's types: what a property `Get`
/// and a `PropertiesChanged` signal append to their message through
/// sd-bus (https://specifications.freedesktop.org/mpris-spec/latest/).
enum MPRISValue: Equatable, Sendable {
    case bool(Bool)
    case double(Double)
    case int64(Int64)
    case string(String)
    /// A D-Bus object path (`o`), such as a track's `mpris:trackid`.
    case objectPath(String)
    case strings([String])
    /// `a{sv}`: the track's `Metadata`, in order.
    case dictionary([(key: String, value: MPRISValue)])

    static func == (a: MPRISValue, b: MPRISValue) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.int64(let x), .int64(let y)): x == y
        case (.string(let x), .string(let y)), (.objectPath(let x), .objectPath(let y)): x == y
        case (.strings(let x), .strings(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    /// The D-Bus signature of the value.
    var signature: String {
        switch self {
        case .bool: "b"
        case .double: "d"
        case .int64: "x"
        case .string: "s"
        case .objectPath: "o"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }

    /// Appends the value to `message`; returns >= 0, or a negative errno.
    func append(to message: OpaquePointer) -> Int32 {
        switch self {
        case .bool(let value):
            var word: Int32 = value ? 1 : 0
            return swell_sd_bus_message_append_basic(message, Self.type("b"), &word)
        case .double(var value):
            return swell_sd_bus_message_append_basic(message, Self.type("d"), &value)
        case .int64(var value):
            return swell_sd_bus_message_append_basic(message, Self.type("x"), &value)
        case .string(let text):
            return swell_sd_bus_message_append_basic(message, Self.type("s"), text)
        case .objectPath(let path):
            return swell_sd_bus_message_append_basic(message, Self.type("o"), path)
        case .strings(let texts):
            return Self.inContainer(message, "a", "s") {
                Self.each(texts) { MPRISValue.string($0).append(to: message) }
            }
        case .dictionary(let entries):
            return Self.inContainer(message, "a", "{sv}") {
                Self.each(entries) { entry in
                    Self.inContainer(message, "e", "sv") {
                        let key = MPRISValue.string(entry.key).append(to: message)
                        guard key >= 0 else { return key }
                        return Self.inContainer(message, "v", entry.value.signature) { entry.value.append(to: message) }
                    }
                }
            }
        }
    }

    /// Opens a container of `type` holding `contents`, appends what `body`
    /// appends, and closes it.
    private static func inContainer(_ message: OpaquePointer, _ type: Character, _ contents: String,
                                    _ body: () -> Int32) -> Int32 {
        var result = swell_sd_bus_message_open_container(message, Self.type(type), contents)
        if result >= 0 { result = body() }
        return result < 0 ? result : swell_sd_bus_message_close_container(message)
    }

    /// Appends each of `items` in turn, up to the first that fails.
    private static func each<Item>(_ items: [Item], _ append: (Item) -> Int32) -> Int32 {
        for item in items {
            let result = append(item)
            if result < 0 { return result }
        }
        return 0
    }

    /// A D-Bus type code as sd-bus takes it, a C `char`.
    private static func type(_ code: Character) -> CChar { CChar(bitPattern: code.asciiValue!) }
}
