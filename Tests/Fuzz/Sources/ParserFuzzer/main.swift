import Foundation

// libFuzzer's driver with `fuzz` (LLVMFuzzerTestOneInput) as its target. SwiftPM gives every
// executable a main of its own; with `-sanitize=fuzzer` the linker may take libFuzzer's instead,
// which calls the same exported function, so either way the fuzzer runs.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { fuzz($0, $1) })
