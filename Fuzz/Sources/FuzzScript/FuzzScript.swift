import FuzzDriver
import Foundation
import SwellScript
import SwellSession

/// One script as bytes: the JSON parser, the script and scene decoder and
/// every event's values must answer any input with a `SourceError`, never a
/// trap (docs/hardening.md). Files named by the script are resolved against
/// a directory that does not exist, so the decoder's "cannot open" paths run
/// too without touching the disk's real files. The layer kinds are a
/// session's, audio and mixer layers included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ScriptSpec(parsing: bytes, file: "fuzz.json", baseDirectory: URL(fileURLWithPath: "/nonexistent-swell-fuzz"),
                        kinds: LayerKind.session)
    return 0
}

@_cdecl("FuzzScript_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzScript)
}
