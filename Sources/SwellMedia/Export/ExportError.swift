/// Why a scene cannot be exported as asked, before or while it is written.
public enum ExportError: Error, CustomStringConvertible, Sendable {
    /// The installed FFmpeg was built without an encoder the format needs.
    case missingEncoder(String)
    /// A picture size the codec cannot code (H.264's 4:2:0 needs even sides).
    case oddSize(container: VideoContainer, width: Int, height: Int)
    /// A frame rate the container cannot keep (GIF's delays are hundredths
    /// of a second).
    case frameRate(container: VideoContainer, fps: Double, maximum: Double)

    public var description: String {
        switch self {
        case .missingEncoder(let name):
            "this FFmpeg has no '\(name)' encoder; install an FFmpeg built with it"
        case .oddSize(let container, let width, let height):
            "\(container.name)'s H.264 needs an even width and height, not \(width)×\(height) pixels: "
                + "give --size or --scale"
        case .frameRate(let container, let fps, let maximum):
            "a \(container.name) shows at most \(Int(maximum)) frames per second, not \(fps): give a lower --fps"
        }
    }

    /// Whether the fault is in what was asked (exit 2) rather than in the
    /// installed software (exit 1).
    public var isBadInput: Bool {
        if case .missingEncoder = self { false } else { true }
    }
}
