/// Why a frame sequence could not be written.
public enum FrameSequenceError: Error, Equatable, CustomStringConvertible {
    /// The output names no valid sequence pattern.
    case badPattern(String)
    /// The host has no layer tree to draw.
    case noLayers
    /// A frame's file exists and is not to be replaced.
    case exists(path: String)
    /// The directory for the frames could not be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// Frame `frame` could not be written; `written` frames before it were.
    case frameFailed(frame: Int, written: Int, underlying: RenderError)

    public var description: String {
        switch self {
        case let .badPattern(pattern):
            "'\(pattern)' is not a frame pattern: give one %d or %0Nd (N from 1 to 9) and end it in .png, e.g. frames/%04d.png"
        case .noLayers: "the scene has no layers to draw"
        case let .exists(path): "'\(path)' exists (use --overwrite)"
        case let .cannotCreateDirectory(path, reason): "cannot create directory '\(path)': \(reason)"
        case let .frameFailed(frame, written, underlying):
            "frame \(frame): \(underlying) (\(written) frame\(written == 1 ? "" : "s") before it written)"
        }
    }
}
