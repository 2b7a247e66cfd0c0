import CFFmpeg
import SwellCore

/// Finds the frame of a video stream shown at any time, decoding as little
/// as it can, and keeps only two decoded frames: the one shown and the one
/// after it.
///
/// The frame shown at time t is the one with the latest presentation time
/// not after t (before the first frame, the first; after the last, the
/// last). Asked for a later time, the decoder decodes on from where it is
/// — playback in order decodes every frame once — unless a keyframe lies
/// between, when it seeks there instead; asked for an earlier time it seeks
/// to the keyframe before (`AVSEEK_FLAG_BACKWARD`) and decodes forward to
/// t. The frame shown is handed over as a ``DecodedPicture``, which a
/// renderer converts when it draws it.
///
/// Not thread-safe: ``VideoFile`` guards it with a lock.
final class VideoFrameDecoder {
    private let decoder: StreamDecoder
    private let converter: PictureConverter
    /// The file's timeline origin, in seconds (``MediaContainer/origin``).
    private let origin: Double
    /// Seconds per tick of the stream's timestamps.
    private let secondsPerTick: Double
    /// How far ahead a request may be, in ticks, before seeking pays when
    /// the file has no index to say where keyframes are.
    private let farAhead: Int64
    /// The video's length in seconds.
    private let duration: Double

    /// The frame shown last, its presentation time, and the picture handed
    /// over for it.
    private var shown: UnsafeMutablePointer<AVFrame>
    private var shownTime: Int64?
    private var shownPicture: DecodedPicture?
    /// The frame decoded after it, and its presentation time; nil when not
    /// yet decoded, or at the end.
    private var following: UnsafeMutablePointer<AVFrame>
    private var followingTime: Int64?
    /// Whether the stream has no frame after `shown`.
    private var atEnd = false
    /// The presentation time of the stream's first frame, once a seek to
    /// the file's start has decoded it.
    private var firstTime: Int64?

    /// Decodes `stream` of `container`, `duration` seconds long, into
    /// pictures of `size`.
    init(_ stream: UnsafeMutablePointer<AVStream>, of container: MediaContainer, duration: Double,
         size: (width: Int, height: Int)) throws(FFmpegError) {
        decoder = try StreamDecoder(stream, of: container, threads: true)
        converter = PictureConverter(width: size.width, height: size.height)
        origin = container.origin
        secondsPerTick = stream.secondsPerTick
        farAhead = Int64((2 / stream.secondsPerTick).rounded())
        self.duration = duration
        guard let shown = av_frame_alloc(), let following = av_frame_alloc() else {
            throw FFmpegError("cannot decode '\(container.path)': out of memory")
        }
        self.shown = shown
        self.following = following
    }

    deinit {
        var shown: UnsafeMutablePointer<AVFrame>? = shown
        av_frame_free(&shown)
        var following: UnsafeMutablePointer<AVFrame>? = following
        av_frame_free(&following)
    }

    /// The frame shown at `time` seconds of the video (0 at the file's
    /// origin); nil when its picture cannot be converted.
    func frame(atTime time: Double) throws(FFmpegError) -> DecodedPicture? {
        // A time far outside the video shows its first or last frame; kept
        // within reach so that it converts to ticks.
        let clamped = time.isNaN ? 0 : min(max(time, -1), duration + 1)
        // A frame's own time, k/fps, may come out a rounding error short of
        // its tick; a thousandth of a tick is no later frame.
        let target = Int64(((origin + clamped) / secondsPerTick + 1e-3).rounded(.down))
        if let current = shownTime, current <= target, !worthSeeking(from: current, to: target) {
            try decodeForward(to: target)
        } else if let current = shownTime, target < current, current == firstTime {
            // Before the first frame: the first frame shown stays.
        } else {
            try seek(to: target)
        }
        guard shownTime != nil else { return nil }
        if shownPicture == nil {
            shownPicture = DecodedPicture(shown, converter: converter)
        }
        return shownPicture
    }

    /// Whether seeking reaches `target` with less decoding than going on:
    /// when a keyframe lies after what is decoded and not after `target`
    /// (the stream's index says; without one, when `target` is far ahead).
    private func worthSeeking(from current: Int64, to target: Int64) -> Bool {
        let decoded = followingTime ?? current
        guard target > decoded, !atEnd else { return false }
        let stream = decoder.stream
        let entry = av_index_search_timestamp(stream, target, AVSEEK_FLAG_BACKWARD)
        guard entry >= 0, let keyframe = avformat_index_get_entry(stream, entry) else {
            return target - decoded > farAhead
        }
        return keyframe.pointee.timestamp > decoded
    }

    /// Seeks to the keyframe before `target` and decodes forward to it.
    /// Should the demuxer land after `target` (an index that is off), it
    /// seeks again, twice as far back each time, until it lands before it
    /// or at the file's start, whose first frame is then the one shown.
    private func seek(to target: Int64) throws(FFmpegError) {
        var back = 0.0
        while true {
            let time = Double(target) * secondsPerTick - back
            try decoder.seek(to: time)
            (shownTime, shownPicture, followingTime, atEnd) = (nil, nil, nil, false)
            guard try decoder.decodeNext(into: shown) else {
                atEnd = true
                return
            }
            let first = Self.presentationTime(of: shown)
            shownTime = first
            if time <= origin { firstTime = first }
            if first <= target || time <= origin { break }
            back = max(2 * back, 1)
        }
        try decodeForward(to: target)
    }

    /// Moves the shown frame on to the last one not after `target`,
    /// decoding the frame after it to know where it ends.
    private func decodeForward(to target: Int64) throws(FFmpegError) {
        while !atEnd {
            if followingTime == nil {
                guard try decoder.decodeNext(into: following) else {
                    atEnd = true
                    return
                }
                followingTime = Self.presentationTime(of: following)
            }
            guard let next = followingTime, next <= target else { return }
            swap(&shown, &following)
            (shownTime, shownPicture, followingTime) = (next, nil, nil)
        }
    }

    /// A decoded frame's presentation time in ticks: libavcodec's best
    /// estimate, which fills in a missing timestamp.
    private static func presentationTime(of frame: UnsafeMutablePointer<AVFrame>) -> Int64 {
        let time = frame.pointee.best_effort_timestamp
        return time == swell_av_nopts_value() ? frame.pointee.pts : time
    }
}
