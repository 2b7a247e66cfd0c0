/// A layer whose `display()` writes its presented values out of the
/// process — a sound card's control, another program's volume, an OSC
/// address — and says when that failed, so that the session driving it
/// ends with one line.
public protocol OutputLayer: CALayer {
    /// The last failure writing out, if any.
    var outputFailure: (any Error)? { get }
}
