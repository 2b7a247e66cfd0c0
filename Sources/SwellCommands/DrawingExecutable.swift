import SwellSession
import Foundation

/// The drawing helper: the executable beside `swell` that links the
/// drawing libraries (the `swell-draw` target, built with `swell` by the
/// DrawingHelper plugin), as git runs `git-NAME` for its heavier commands
/// (docs/architecture.md#two-executables). `swell` hands it a command that
/// draws or encodes pictures by replacing itself with it (`execv`): the
/// same arguments, the same process, its exit status the command's.
struct DrawingExecutable {
    /// Its file name.
    let name: String

    /// Runs the helper in this process with this process's arguments;
    /// returns only when it cannot, after one line on standard error and
    /// with exit status 1.
    func replaceProcess(argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Never {
        let path = location
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data(
            "swell: error: this command draws, which \(name) does; it cannot be run from \(path): \(reason)\n".utf8))
        exit(1)
    }

    /// The helper in the directory of the running executable.
    var location: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
