import FuzzDriver
import SwellScript

/// One scene value as text: a colour (`#rrggbb`, `rgba(…)`, a CSS name) and
/// SVG path data (`M0 0 A 10 10 0 1 1 20 0 Z`) must be parsed or refused
/// with a `ValueSyntaxError`, never a trap (docs/hardening.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ColorSyntax.color(parsing: text)
    _ = try? PathData.path(parsing: text)
    return 0
}

@_cdecl("FuzzScene_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzScene)
}
