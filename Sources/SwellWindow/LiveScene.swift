import SwellCore

/// What a ``LiveWindow`` shows: a layer tree on a host, and the clock its
/// display link reads.
///
/// Two kinds serve `swell play --window`: a scene without sound runs on the
/// host clock (``HostClockScene``); a scene with sound on the audio clock,
/// so that what is seen is what is heard.
public protocol LiveScene: AnyObject {
    /// The host of the tree; its root layer is what space pauses.
    var host: RenderHost { get }
    /// The time now on the scene's clock: a display link frame's
    /// `timestamp`.
    var now: Double { get }
    /// The owning thread's work before the frame for `time` is drawn: the
    /// scheduled events through it, and with sound the audio engine's
    /// servicing.
    func prepare(through time: Double) throws
    /// The snapshot that shows the tree as committed by `time`.
    func snapshot(at time: Double) -> RenderSnapshot?
    /// Whether the show is over once the root layer's time is `sceneTime`.
    func isFinished(atSceneTime sceneTime: Double) -> Bool
}
