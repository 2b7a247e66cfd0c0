import FuzzDriver
import SwellScript

/// One line of the command line's value syntax (docs/cli.md): a time
/// (`300ms`, `1:30`, `44100 samples`), a level (`-12dB`, `50%`), a ramp
/// (`0:1 2:0:qsin`) and a timing function name or `bezier(…)` must be parsed or refused
/// with a `ValueSyntaxError`, never a trap (docs/hardening.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyntax(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let time = try? TimeSpec(parsing: text) {
        _ = try? time.seconds(atSampleRate: nil)
        _ = try? time.seconds(atSampleRate: 44_100)
    }
    _ = try? LevelSpec(parsing: text)
    _ = try? RampSpec(parsing: text)
    _ = try? TimingFunctionSpec(parsing: text)
    return 0
}

@_cdecl("FuzzSyntax_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzSyntax)
}
