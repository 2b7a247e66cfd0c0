/// A video whose sound track an audio layer plays below its video layer
/// (docs/video.md#video-layers): SwellMedia's `VideoFile`. The session
/// builder finds a video layer's sound through this, without linking the
/// video decoder.
package protocol SoundTrackProvider: AnyObject {
    /// The file's sound, when it has a sound track.
    var soundSource: (any AudioSource)? { get }
}
