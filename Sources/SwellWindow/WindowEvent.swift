/// What the user asked of a live window, from its keys and its frame.
public enum WindowEvent: Sendable, Equatable {
    /// Space: pause the whole tree, or resume it.
    case togglePause
    /// ← and →: one display frame back or forward while paused.
    case step(forward: Bool)
    /// S: save the frame on screen as a PNG.
    case saveFrame
    /// Q, or the window closed.
    case quit
    /// The drawable area is now this many pixels.
    case resized(width: Int, height: Int)
}
