import Foundation
/// Why a frame could not be written or encoded.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// Cairo's PNG writer failed, with its status message.
    case pngWriteFailed(path: String, reason: String)
    /// Cairo's PNG writer failed to encode a frame in memory.
    case pngEncodingFailed(reason: String)
    /// Cairo's SVG surface failed to write a document, with its status
    /// message.
    case svgEncodingFailed(reason: String)
    /// The written file could not be moved into place.
    case renameFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case let .pngWriteFailed(path, reason): "cannot write \(path): \(reason)"
        case let .pngEncodingFailed(reason): "cannot encode a PNG: \(reason)"
        case let .svgEncodingFailed(reason): "cannot encode an SVG document: \(reason)"
        case let .renameFailed(path, code): "cannot write \(path): rename failed (errno \(code))"
        }
    }
}
