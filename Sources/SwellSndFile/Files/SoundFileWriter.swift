import CSndFile
import Glibc

/// A sound file being written, which appears at its path only when complete.
///
/// The container follows the path's extension (``SoundFileContainer``) and
/// the samples are stored in a ``SampleEncoding``. Frames go to a
/// ``PartialFile`` beside the target (in the same directory, so the final
/// rename never crosses a file system); ``commit()`` finishes the
/// header, flushes the data to disk and renames the file into place in one
/// atomic step, and ``abandon()`` — or dropping the writer without committing —
/// deletes it. An interrupted render therefore never leaves a partial file
/// under the target's name, as `swell render` promises.
///
/// A stream — `-` for standard output, a FIFO — is written in order and
/// never gone back to (``StreamIO``), in the containers that allow it
/// (``SoundFileContainer/canStream``); a WAV stream starts with a header of
/// unknown length (``StreamedWAVHeader``).
///
/// An existing file is never replaced unless `overwrite` is true: the check
/// is made when the writer is created (to fail before any work) and again,
/// atomically, when committing, by hard-linking the finished file to the
/// target — `link(2)` fails with `EEXIST` rather than replacing anything.
///
/// Integer encodings are quantised by ``PCMQuantizer`` (round to nearest, clip
/// at full scale, scale `2^(bits−1)`), which makes a unity-gain copy of an
/// integer file bit-identical; libsndfile's own float-to-integer conversion
/// would not (see ``PCMQuantizer``). `float` writes the samples unchanged.
/// Whatever the encoding, NaN and ±infinity never reach the file: they are
/// written as 0 and counted in ``nonFiniteSampleCount``.
public final class SoundFileWriter {
    /// The target path, as given.
    public let path: String
    /// The file being written until ``commit()``.
    public var temporaryPath: String { file.temporaryPath }
    /// The container chosen from the path's extension.
    public let container: SoundFileContainer
    /// The sample encoding; nil for the lossy codecs.
    public let encoding: SampleEncoding?
    /// Frames per second.
    public let sampleRate: Int
    /// Samples per frame.
    public let channelCount: Int
    /// Frames written so far.
    public private(set) var frameCount: Int64 = 0
    /// NaN or infinite input samples, each written as 0.
    public private(set) var nonFiniteSampleCount = 0
    /// Samples beyond an integer encoding's range, written as its largest or
    /// smallest word (a float encoding stores every sample as it is).
    public private(set) var clippedSampleCount = 0

    /// How the samples are stored, when frames can be written as stored
    /// (``writeStoredFrames(from:count:)``).
    let storedLayout: StoredSampleLayout?

    /// Frames converted per libsndfile call; the conversion buffer is this many
    /// frames long, whatever the length of the render.
    private static let chunkFrames = 4096

    private let file: PartialFile
    private let io: any VirtualFile
    /// The libsndfile handle; the encoder's settings
    /// (`SoundFileWriter+EncoderSettings.swift`) are commands on it.
    let handle: OpaquePointer
    private let quantizer: PCMQuantizer?
    /// The dither added before quantising, when asked for.
    private var dither: TriangularDither?
    /// `chunkFrames · channelCount` words: `Int32` for integer encodings,
    /// `Float` otherwise.
    private let scratch: UnsafeMutableRawBufferPointer
    private var isFinished = false

    /// Creates the temporary file for a new sound file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file to make, `-` for standard output.
    ///   - container: the kind of file; nil for the one `path`'s extension
    ///     names, WAV for standard output.
    ///   - sampleRate: frames per second.
    ///   - channelCount: samples per frame, 1 to 8.
    ///   - encoding: how samples are stored; nil for the container's
    ///     ``SoundFileContainer/defaultEncoding``. Must be nil for the lossy
    ///     codecs.
    ///   - overwrite: whether an existing file at `path` may be replaced.
    /// - Throws: ``SoundFileError/outputExists(path:)``;
    ///   ``SoundFileError/unsupportedOutput(path:reason:)`` for an unknown
    ///   extension, an encoding the container cannot store, or settings the
    ///   codec rejects; ``SoundFileError/cannotWrite(path:reason:)`` when the
    ///   temporary file cannot be created.
    public init(
        path: String, container requestedContainer: SoundFileContainer? = nil, sampleRate: Int, channelCount: Int,
        encoding requestedEncoding: SampleEncoding? = nil, overwrite: Bool = false
    ) throws(SoundFileError) {
        guard let container = requestedContainer ?? SoundFileContainer(forPath: path) ?? (path == "-" ? .wav : nil) else {
            throw .unsupportedOutput(
                path: path, reason: "unknown file extension (use one of \(SoundFileContainer.extensionList))")
        }
        let encoding = try Self.resolve(requestedEncoding, in: container, path: path)
        guard SoundFile.supportedChannelCounts.contains(channelCount) else {
            throw .unsupportedOutput(path: path, reason: SoundFileError.channelCountReason(channelCount))
        }
        guard sampleRate > 0, sampleRate <= Int(Int32.max) else {
            throw .unsupportedOutput(path: path, reason: "invalid sample rate \(sampleRate) Hz")
        }
        if let rates = container.sampleRates, !rates.contains(sampleRate) {
            let list = rates.dropLast().map(String.init).joined(separator: ", ") + " or \(rates.last!)"
            throw .unsupportedOutput(path: path, reason: "\(container.name) takes \(list) Hz, not \(sampleRate) Hz")
        }
        let file = try PartialFile(path: path, overwrite: overwrite)
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channelCount)
        // A PCM container has an encoding, a lossy one a codec: exactly one is set.
        info.format = container.majorFormat | (encoding?.subtype ?? container.codecSubtype ?? 0)
        let io: any VirtualFile
        if file.isStream {
            guard container.canStream else {
                file.discard()
                let streaming = SoundFileContainer.allCases.filter(\.canStream).map(\.pathExtensions[0]).joined(separator: ", ")
                throw .unsupportedOutput(path: path, reason: "\(container.name) cannot be written to a stream, its header being "
                                         + "finished by seeking back (use one of \(streaming))")
            }
            let stream = StreamIO(descriptor: file.descriptor)
            if container == .wav, let encoding {
                info.format = SoundFileContainer.raw.majorFormat | encoding.subtype
                let header = StreamedWAVHeader.bytes(sampleRate: sampleRate, channelCount: channelCount, encoding: encoding)
                guard stream.writeAhead(header) else {
                    file.discard()
                    throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: stream.failure ?? EIO).description)
                }
            }
            io = stream
        } else {
            io = BufferedFileIO(descriptor: file.descriptor, mode: .write)
        }
        let handle: OpaquePointer
        switch LibSndFile.open(virtual: io, mode: Int32(SFM_WRITE), info: &info) {
        case .success(let opened):
            handle = opened
        case .failure(let reason):
            file.discard()
            throw .unsupportedOutput(
                path: path, reason: "\(container.name) refuses this stream (\(reason))")
        }
        if container == .wav, !file.isStream {
            sf_command(handle, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE))
        }

        self.path = path
        self.file = file
        self.io = io
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.handle = handle
        self.quantizer = encoding?.bitsPerSample.map(PCMQuantizer.init(bitsPerSample:))
        self.storedLayout = StoredSampleLayout(handle: handle, format: info.format)
        self.scratch = .allocate(
            byteCount: Self.chunkFrames * channelCount * 4, alignment: MemoryLayout<Int32>.alignment)
    }

    deinit {
        if !isFinished { discard() }
        scratch.deallocate()
    }

    /// Adds triangular (TPDF) dither of ±1 step before each integer word is
    /// rounded, as SoX's `dither` does when it reduces the word length.
    /// Throws for an encoding that does not round to integers (float, the
    /// lossy codecs).
    public func enableTriangularDither() throws(SoundFileError) {
        guard quantizer != nil else {
            throw .unsupportedOutput(path: path, reason: "dither applies to integer encodings (pcm16, pcm24, pcm32)")
        }
        dither = TriangularDither()
    }

    /// Sets the file's text tags, before any frame is written (libsndfile
    /// places some containers' tags ahead of the audio). A tag the container
    /// has no place for is left out.
    public func setTags(_ tags: [SoundFileTag: String]) {
        for (tag, text) in tags.sorted(by: { $0.key.stringType < $1.key.stringType }) {
            sf_set_string(handle, tag.stringType, text)
        }
    }

    /// Appends `count` interleaved frames from `buffer`.
    ///
    /// - Throws: ``SoundFileError/cannotWrite(path:reason:)`` when the disk
    ///   refuses the data; the writer should then be abandoned.
    public func writeFrames(
        from buffer: UnsafeBufferPointer<Float>, count: Int
    ) throws(SoundFileError) {
        precondition(!isFinished, "writing to '\(path)' after commit() or abandon()")
        precondition(count >= 0, "negative frame count \(count)")
        precondition(
            buffer.count >= count * channelCount,
            "buffer of \(buffer.count) samples does not hold \(count) frames of \(channelCount) channels")
        var done = 0
        while done < count {
            let frames = min(Self.chunkFrames, count - done)
            let source = UnsafeBufferPointer(
                rebasing: buffer[(done * channelCount)..<((done + frames) * channelCount)])
            try account(frames: frames) {
                quantizer.map { write(source, frames: frames, quantizedBy: $0) } ?? writeFloats(source, frames: frames)
            }
            done += frames
        }
    }

    /// Appends `count` frames stored as they are in ``storedLayout``, which
    /// the file must have — from a ``SoundFile`` with the same layout.
    ///
    /// - Throws: as ``writeFrames(from:count:)``.
    func writeStoredFrames(from bytes: UnsafeRawPointer, count: Int) throws(SoundFileError) {
        precondition(!isFinished, "writing to '\(path)' after commit() or abandon()")
        guard let layout = storedLayout else { preconditionFailure("'\(path)' has no stored layout") }
        let frameBytes = channelCount * layout.bytesPerSample
        try account(frames: count) { Int(sf_write_raw(handle, bytes, sf_count_t(count * frameBytes))) / frameBytes }
    }

    /// Runs a write of `frames` frames that returns the frames it wrote,
    /// and counts them; a short write throws the disk's reason.
    private func account(frames: Int, by write: () -> Int) throws(SoundFileError) {
        let written = write()
        frameCount += Int64(written)
        guard written == frames else {
            let reason = io.failure.map { LibSndFile.Reason(errno: $0).description }
                ?? LibSndFile.error(of: handle)?.description ?? "short write"
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Whether the file can be finished: it has frames, or its container
    /// holds none (``SoundFileContainer/holdsNoFrames``).
    public var canCommit: Bool { frameCount > 0 || container.holdsNoFrames }

    /// Finishes the file and moves it to ``path``.
    ///
    /// - Throws: ``SoundFileError/outputExists(path:)`` if a file appeared at
    ///   the path meanwhile and overwriting was not allowed;
    ///   ``SoundFileError/cannotWrite(path:reason:)`` if finishing, flushing or
    ///   renaming fails. The temporary file is removed in every failure case.
    public func commit() throws(SoundFileError) {
        precondition(!isFinished, "commit() on '\(path)' after commit() or abandon()")
        isFinished = true
        // sf_close writes the final header (sizes, RF64 or downgraded RIFF);
        // the descriptor stays open because libsndfile was told not to close it.
        let closeStatus = sf_close(handle)
        if closeStatus == 0, !io.flush() {
            file.discard()
            throw .cannotWrite(path: path, reason: LibSndFile.Reason(errno: io.failure ?? EIO).description)
        }
        guard closeStatus == 0 else {
            file.discard()
            throw .cannotWrite(
                path: path,
                reason: LibSndFile.Reason(libsndfileMessage: sf_error_number(closeStatus)).description)
        }
        try file.publish()
    }

    /// Deletes the temporary file; the target is left as it was. Calling it
    /// after ``commit()`` or a previous ``abandon()`` does nothing.
    public func abandon() {
        guard !isFinished else { return }
        isFinished = true
        discard()
    }

    // MARK: - Writing

    private func write(
        _ source: UnsafeBufferPointer<Float>, frames: Int, quantizedBy quantizer: PCMQuantizer
    ) -> Int {
        if quantizer.bitsPerSample == 16 {
            // 16-bit words go to libsndfile as shorts, which it stores as they are.
            let words = scratch.bindMemory(to: Int16.self)
            if dither != nil {
                account(quantizer.quantize(source.baseAddress!, into: words.baseAddress!, count: source.count, dither: &dither!))
            } else {
                account(quantizer.quantize(source.baseAddress!, into: words.baseAddress!, count: source.count))
            }
            return Int(sf_writef_short(handle, words.baseAddress, sf_count_t(frames)))
        }
        let words = scratch.bindMemory(to: Int32.self)
        if dither != nil {
            account(quantizer.quantize(source.baseAddress!, into: words.baseAddress!, count: source.count, dither: &dither!))
        } else {
            account(quantizer.quantize(source.baseAddress!, into: words.baseAddress!, count: source.count))
        }
        return Int(sf_writef_int(handle, words.baseAddress, sf_count_t(frames)))
    }

    private func account(_ count: PCMQuantizer.Count) {
        nonFiniteSampleCount += count.nonFinite
        clippedSampleCount += count.clipped
    }

    private func writeFloats(_ source: UnsafeBufferPointer<Float>, frames: Int) -> Int {
        let samples = scratch.bindMemory(to: Float.self).baseAddress!
        var nonFinite = 0
        for index in 0..<source.count {
            let sample = source[index], isFinite = sample.isFinite
            nonFinite &+= isFinite ? 0 : 1
            samples[index] = isFinite ? sample : 0
        }
        nonFiniteSampleCount += nonFinite
        return Int(sf_writef_float(handle, samples, sf_count_t(frames)))
    }

    // MARK: - Files

    private func discard() {
        sf_close(handle)
        file.discard()
    }

    /// The encoding to use: the requested one if the container stores it, its
    /// default if none was requested.
    private static func resolve(
        _ requested: SampleEncoding?, in container: SoundFileContainer, path: String
    ) throws(SoundFileError) -> SampleEncoding? {
        guard let requested else { return container.defaultEncoding }
        if container.supportedEncodings.isEmpty {
            throw .unsupportedOutput(
                path: path,
                reason: "\(container.name) is lossy and has no \(requested.rawValue) encoding "
                    + "(leave the encoding unset)")
        }
        guard container.supportedEncodings.contains(requested) else {
            let choices = container.supportedEncodings.map(\.rawValue).joined(separator: " or ")
            throw .unsupportedOutput(
                path: path,
                reason: "\(container.name) cannot store \(requested.rawValue) samples (use \(choices))")
        }
        return requested
    }
}
