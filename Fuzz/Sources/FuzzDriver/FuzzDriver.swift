import CFuzzer

/// One input's test, exported as `LLVMFuzzerTestOneInput` (the symbol
/// libFuzzer's own `main` calls): libFuzzer calls it with each input's bytes.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer over `test` with the process's arguments (`-runs=`,
/// `-max_total_time=`, corpus folders). A debug build of an executable
/// target by SwiftPM on Linux links `main` to the symbol
/// `<Target>_main`, so each target exports that symbol and calls this
/// rather than relying on the `main` libFuzzer's archive brings.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ test: FuzzTest
) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, test)
}
