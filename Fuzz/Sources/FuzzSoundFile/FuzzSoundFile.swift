import FuzzDriver
import Glibc
import SwellSndFile

/// The file libFuzzer's bytes are written to: libsndfile opens a path. The
/// file is unlinked once open and named through `/proc/self/fd`, so nothing
/// is left behind however the run ends. Created once; each input truncates
/// and rewrites it.
let memoryFile: (descriptor: CInt, path: String) = {
    let name = "/tmp/swell-fuzz-sound-\(getpid())"
    let descriptor = open(name, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(descriptor >= 0, "cannot create \(name): errno \(errno)")
    unlink(name)
    return (descriptor, "/proc/self/fd/\(descriptor)")
}()

/// A sound file's bytes, headers mutated: opening it as a `SoundFile` (what
/// `SoundFileSource` and every command's input open) and reading its first
/// frames must answer with a `SoundFileError`, never a trap, a leak or a
/// hang (docs/hardening.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSoundFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let file = memoryFile
    precondition(ftruncate(file.descriptor, 0) == 0 && (size == 0 || pwrite(file.descriptor, data, size, 0) == size))
    guard let sound = try? SoundFile(path: file.path) else { return 0 }
    let frames = 1_024
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: frames * sound.channelCount)
    defer { buffer.deallocate() }
    // A damaged header may declare 2³² frames: read a bounded amount, enough
    // to reach the data's decoding paths.
    for _ in 0..<4 {
        guard let read = try? sound.readFrames(into: buffer, count: frames), read > 0 else { break }
    }
    return 0
}

@_cdecl("FuzzSoundFile_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzSoundFile)
}
