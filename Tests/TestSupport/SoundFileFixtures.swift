import Foundation
import Testing

/// Peer tools, scratch directories and sample helpers for the file and
/// streaming tests. Reference samples always come from SoX or FFmpeg, never
/// from the code under test.
public enum SoundFileFixtures {
    /// A fresh directory under the system's temporary directory, removed with
    /// everything in it when the value is released.
    public final class Directory {
        public let path: String

        public init() throws {
            var template = Array((NSTemporaryDirectory() + "/swell-files-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                throw FixtureError("mkdtemp failed: \(String(cString: strerror(errno)))")
            }
            path = String(cString: made)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        /// The path of `name` inside the directory.
        public func file(_ name: String) -> String { path + "/" + name }

        /// The names of the files in the directory, sorted.
        public func contents() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        }
    }

    public struct FixtureError: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A named pipe that streams `source` as SoX writes WAV to a pipe (a
    /// header that cannot give the length). Wait on the result before the
    /// directory goes.
    public static func soxPipe(at path: String, playing source: String) throws -> PipeWriter {
        try PipeWriter(path: path, bytes: sox(source, "-t", "wav", "-"))
    }

    /// Writes bytes into a new named pipe from a thread of this process.
    ///
    /// SoX could write into the pipe itself, but then the test waits on
    /// the rendezvous of two processes' opens; under the parallel test run
    /// that sometimes never came, and a reader blocked in `open` waited
    /// forever. Here the bytes are SoX's (captured from its standard
    /// output), the pipe is the same kind of file, and the writer is
    /// bounded: if no reader comes within ten seconds, it gives up.
    public final class PipeWriter: Sendable {
        private let done = DispatchSemaphore(value: 0)

        public init(path: String, bytes: Data) throws {
            guard mkfifo(path, 0o600) == 0 else {
                throw FixtureError("mkfifo \(path): \(String(cString: strerror(errno)))")
            }
            let done = self.done
            Thread.detachNewThread {
                defer { done.signal() }
                // A reader that stops early makes a write fail with EPIPE;
                // the signal that comes with it stays blocked on this thread.
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                var descriptor: Int32 = -1
                let deadline = Date(timeIntervalSinceNow: 10)
                while descriptor < 0 && Date() < deadline {
                    descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)  // ENXIO until a reader opens
                    if descriptor < 0 { usleep(1000) }
                }
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                bytes.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                        guard written > 0 else { return }
                        offset += written
                    }
                }
            }
        }

        /// Blocks until everything is written, the reader has gone, or no
        /// reader came.
        public func wait() {
            done.wait()
        }
    }

    /// `sox -V1 -R ARGS…`: quiet, and repeatable (a fixed seed for dither
    /// and noise), so that two runs with the same arguments make the same file.
    @discardableResult
    public static func sox(_ arguments: String...) throws -> Data {
        try sox(arguments: arguments)
    }

    @discardableResult
    public static func sox(arguments: [String]) throws -> Data {
        try Subprocess.run("sox", ["-V1", "-R"] + arguments).requireSuccess().outputData
    }

    /// `ffmpeg -v error -y ARGS…`.
    @discardableResult
    public static func ffmpeg(_ arguments: String...) throws -> Data {
        try Subprocess.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments).requireSuccess().outputData
    }

    /// The pixels FFmpeg decodes from a picture: RGBA bytes, rows top to
    /// bottom, alpha straight as PNG stores it.
    public static func ffmpegRGBA(_ path: String) throws -> [UInt8] {
        [UInt8](try ffmpeg("-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"))
    }

    /// The samples SoX decodes from `path`, as 32-bit floats (`sox FILE -t f32 -`).
    public static func soxSamples(_ path: String) throws -> [Float] {
        floats(try sox(path, "-t", "f32", "-"))
    }

    /// The samples FFmpeg decodes from `path` (`ffmpeg -i FILE -f f32le -`).
    public static func ffmpegSamples(_ path: String) throws -> [Float] {
        floats(try ffmpeg("-i", path, "-f", "f32le", "-"))
    }

    /// The 16-bit words SoX decodes from `path` (`sox FILE -t s16 -`).
    public static func soxWords16(_ path: String) throws -> [Int16] {
        let data = try sox(path, "-t", "s16", "-")
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map(Int16.init(littleEndian:))
    }

    public static func floats(_ data: Data) -> [Float] {
        data.withUnsafeBytes { raw in
            raw.bindMemory(to: UInt32.self).map { Float(bitPattern: UInt32(littleEndian: $0)) }
        }
    }

    /// Writes interleaved float samples as a raw FLOAT_LE file, for a peer
    /// tool to play (`aplay -t raw -f FLOAT_LE`, `sox -t raw -e float`).
    public static func writeRawFloat(_ samples: [Float], to path: String) throws {
        let data = samples.map(\.bitPattern.littleEndian).withUnsafeBytes { Data($0) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Writes `words` as a headerless little-endian 16-bit file.
    public static func writeRaw16(_ words: [Int16], to path: String) throws {
        let data = words.map(\.littleEndian).withUnsafeBytes { Data($0) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// The largest absolute difference between two equally long sample arrays.
    public static func maximumDifference(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// The signal-to-noise ratio of `actual` against `reference`, in dB.
    public static func signalToNoise(_ actual: [Float], reference: [Float]) -> Double {
        var signal = 0.0
        var noise = 0.0
        for (a, r) in zip(actual, reference) {
            signal += Double(r) * Double(r)
            noise += Double(a - r) * Double(a - r)
        }
        return 10 * log10(signal / max(noise, .leastNonzeroMagnitude))
    }

}
