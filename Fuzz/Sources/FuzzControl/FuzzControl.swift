import FuzzDriver
import Foundation
import SwellScript
import SwellSession

/// The layers a request is checked against: the main audio layer the
/// command line's automation drives, a mixer, and visual layers with keys
/// of every value form, so that requests reach each decoder a script's
/// events do (docs/control.md#requests).
let sessionLayers: [LayerSpec] = {
    let scene = #"""
    {"version": 1, "layers": [
      {"name": "main", "type": "audio"},
      {"name": "card", "type": "mixer"},
      {"name": "title", "type": "text", "string": "Swell", "bounds": [0, 0, 200, 40]},
      {"name": "ring", "type": "shape", "path": "M 0 0 L 10 10 Z", "strokeEnd": 0.5}
    ]}
    """#
    do {
        return try ScriptSpec(parsing: Array(scene.utf8), file: "session.json",
                              baseDirectory: URL(fileURLWithPath: "/nonexistent-swell-fuzz"),
                              kinds: LayerKind.session).layers
    } catch {
        fatalError("the fuzz target's own scene does not parse: \(error)")
    }
}()

/// One line of a session's control socket: any bytes must be a request or a
/// `SourceError` with its line and column, never a trap (docs/hardening.md),
/// since any process of the user may write them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControl(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? SessionCommand(line: line, layers: sessionLayers)
    return 0
}

@_cdecl("FuzzControl_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzControl)
}
