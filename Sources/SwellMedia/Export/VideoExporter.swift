import CFFmpeg
import Foundation
import SwellAudio
import SwellRender
import SwellSndFile

/// Writes a scene's frames and its mix into one video file
/// (docs/video.md#export), on three threads: the caller renders frames and
/// hands them to ``append(_:)``; an encoder thread converts and encodes
/// them; a sound thread renders the mix from the audio engine and encodes
/// it. The two encoders' packets meet in the ``Muxer``, one at a time.
///
/// The file is written beside its target under a temporary name
/// (``PartialFile``) and appears only when ``finish()`` completes; a
/// failure, ``cancel()`` or an interruption leaves nothing under the
/// target's name.
public final class VideoExporter {
    /// The mix a video carries: the engine's frames from `skippedFrames` on
    /// (the video's start), `frameCount` of them.
    public struct Sound {
        public let engine: AudioEngine
        public let skippedFrames: Int64
        public let frameCount: Int64

        public init(engine: AudioEngine, skippedFrames: Int64, frameCount: Int64) {
            self.engine = engine
            self.skippedFrames = skippedFrames
            self.frameCount = frameCount
        }
    }

    public let container: VideoContainer
    private let file: PartialFile
    private let muxer: Muxer
    private let queue: FrameQueue
    private let encoderDone = DispatchSemaphore(value: 0)
    private let soundDone: DispatchSemaphore?
    private var isFinished = false

    /// Sets up the file and its encoders at `path`, writes its header and
    /// starts the encoding threads. Throws when `path` exists and not
    /// `overwrite`, when an encoder is missing or refuses the picture, or
    /// the file cannot be written.
    ///
    /// - Parameters:
    ///   - width, height: the pictures' size in pixels.
    ///   - fps: frames per second; frame k is shown at k/fps.
    ///   - sound: the mix, for a container that carries sound; nil for none.
    public init(path: String, container: VideoContainer, width: Int, height: Int, fps: Double, sound: Sound?,
                overwrite: Bool) throws {
        self.container = container
        // Failures are reported as one line by the caller; FFmpeg's own
        // log lines would only repeat them.
        av_log_set_level(AV_LOG_QUIET)
        let file = try PartialFile(path: path, overwrite: overwrite)
        let muxer: Muxer, pictures: PictureEncoder, sounds: (Sound, SoundEncoder)?
        do {
            muxer = try Muxer(path: file.temporaryPath, container: container)
            pictures = try PictureEncoder(container: container, width: width, height: height,
                                          frameRate: av_d2q(fps, 1 << 24), muxer: muxer)
            sounds = try sound.map { sound in
                (sound, try SoundEncoder(container: container, sampleRate: sound.engine.sampleRate,
                                         channelCount: sound.engine.channelCount, muxer: muxer))
            }
            // MP4: the index before the media, so a player can start
            // before the whole file has arrived.
            try muxer.writeHeader(options: container == .mp4 ? ["movflags": "+faststart"] : [:])
        } catch {
            file.discard()
            throw error
        }
        (self.file, self.muxer) = (file, muxer)
        queue = FrameQueue(capacity: 3, hasSound: sounds != nil)
        soundDone = sounds.map { _ in DispatchSemaphore(value: 0) }
        Self.start(EncoderThread(pictures: pictures, fps: fps, queue: queue, done: encoderDone), name: "swell video encoder")
        if let (sound, encoder) = sounds, let soundDone {
            Self.start(SoundThread(sound: sound, encoder: encoder, queue: queue, done: soundDone),
                       name: "swell sound encoder")
        }
    }

    deinit {
        if !isFinished { cancel() }
    }

    /// Queues the next frame for encoding, waiting while the encoder is
    /// behind; throws an encoding thread's failure.
    public func append(_ frame: Frame) throws {
        try queue.put(frame)
    }

    /// Encodes what is left, writes the file's index and publishes it
    /// under its name. While the encoders finish — the sound may still be
    /// rendering — `shouldContinue` is asked every 50 ms; when it returns
    /// false the export is cancelled and the result is false.
    public func finish(shouldContinue: () -> Bool = { true }) throws -> Bool {
        precondition(!isFinished, "finish() after finish() or cancel()")
        queue.close()
        for done in [encoderDone] + (soundDone.map { [$0] } ?? []) {
            while done.wait(timeout: .now() + 0.05) == .timedOut {
                guard shouldContinue() else {
                    cancel()
                    return false
                }
            }
            done.signal()   // for waitForThreads()
        }
        waitForThreads()
        do {
            if let failure = queue.firstFailure { throw failure }
            try muxer.finish()
            try file.publish()
        } catch {
            file.discard()
            throw error
        }
        return true
    }

    /// Stops the threads and removes the temporary file.
    public func cancel() {
        guard !isFinished else { return }
        queue.cancel()
        waitForThreads()
        file.discard()
    }

    private func waitForThreads() {
        isFinished = true
        encoderDone.wait()
        soundDone?.wait()
    }

    private static func start(_ worker: some Worker, name: String) {
        let thread = Thread { worker.run() }
        thread.name = name
        thread.start()
    }
}

/// An encoding thread's work: run once, then signal.
private protocol Worker: Sendable {
    func run()
}

/// Takes frames off the queue and encodes them, numbering them 0, 1, 2…,
/// never far ahead of the sound (``FrameQueue/maximumLead``).
///
/// `@unchecked Sendable`: the encoder is handed to this thread when it
/// starts and used by no other until it signals `done`.
private final class EncoderThread: Worker, @unchecked Sendable {
    let pictures: PictureEncoder
    let fps: Double
    let queue: FrameQueue
    let done: DispatchSemaphore

    init(pictures: PictureEncoder, fps: Double, queue: FrameQueue, done: DispatchSemaphore) {
        (self.pictures, self.fps, self.queue, self.done) = (pictures, fps, queue, done)
    }

    func run() {
        defer {
            queue.picturesEncoded(through: .infinity)
            done.signal()
        }
        do {
            var index: Int64 = 0
            while let frame = queue.take() {
                guard queue.waitForSound(near: Double(index) / fps) else { break }
                try pictures.encode(frame, index: index)
                index += 1
                queue.picturesEncoded(through: Double(index) / fps)
            }
            if !queue.shouldStop { try pictures.finish() }
        } catch {
            queue.fail(error)
        }
    }
}

/// Renders the mix offline, step by step as `OfflineRenderer` does, drops
/// the frames before the video's start and encodes the rest, never far
/// ahead of the pictures (``FrameQueue/maximumLead``).
///
/// `@unchecked Sendable`: the engine and the encoder are handed to this
/// thread when it starts and used by no other until it signals `done`.
private final class SoundThread: Worker, @unchecked Sendable {
    let sound: VideoExporter.Sound
    let encoder: SoundEncoder
    let queue: FrameQueue
    let done: DispatchSemaphore

    init(sound: VideoExporter.Sound, encoder: SoundEncoder, queue: FrameQueue, done: DispatchSemaphore) {
        (self.sound, self.encoder, self.queue, self.done) = (sound, encoder, queue, done)
    }

    func run() {
        defer {
            queue.soundEncoded(through: .infinity)
            done.signal()
        }
        let engine = sound.engine
        let step = engine.offlineStepFrames
        var block = [Float](repeating: 0, count: step * engine.channelCount)
        let end = sound.skippedFrames + sound.frameCount
        do {
            try block.withUnsafeMutableBufferPointer { block in
                while engine.renderedFrames < end {
                    let start = engine.renderedFrames
                    let time = Double(start - sound.skippedFrames) / Double(engine.sampleRate)
                    guard queue.waitForPictures(near: time) else { break }
                    // Up to the video's start, then up to its end: a step
                    // never straddles the first frame kept.
                    let limit = start < sound.skippedFrames ? sound.skippedFrames : end
                    let frames = try engine.renderOfflineStep(upTo: Int(min(Int64(step), limit - start)),
                                                              into: block.baseAddress!)
                    if start >= sound.skippedFrames {
                        try encoder.encode(UnsafeBufferPointer(rebasing: block[..<(frames * engine.channelCount)]))
                        queue.soundEncoded(through: time + Double(frames) / Double(engine.sampleRate))
                    }
                }
            }
            if !queue.shouldStop { try encoder.finish() }
        } catch {
            queue.fail(error)
        }
    }
}
